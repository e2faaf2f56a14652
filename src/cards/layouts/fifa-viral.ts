/**
 * @module The fifa_viral hd layout (1080 × 1350): a trading-card look with an overall number,
 * position, portrait, six attribute percentiles, the headline and the ribbon table.
 */
import type { DecisionAngle } from '../angle.js';
import type { CardFacts, CardMetric } from '../facts.js';
import { div, type LayoutNode } from '../layout-tree.js';
import type { CardPhoto } from '../photo.js';
import { portraitOf, ribbonTableOf, shadeOf } from './hd-shared.js';
import { ratingShareOf } from '../../stats/rating.js';
import { INK, cardFrameOf, type Palette, paletteOf, shortLabelOf } from './shared.js';

/** The card's overall at the bottom of the rating scale, 5.0 (docs/methodology/cards.md#fifa-viral-overall). */
export const CARD_OVERALL_MIN = 50;
/** The card's overall at the top of the rating scale, 9.5. */
export const CARD_OVERALL_MAX = 99;

/**
 * The card's "overall": the player's rating on the card's scale, linearly, `CARD_OVERALL_MIN +
 * (CARD_OVERALL_MAX − CARD_OVERALL_MIN) × share / 100` with share the rating's place on 5.0–9.5
 * (ratingShareOf), rounded; the one judgment of quality the verdict and the Best XI also read, so
 * the overall ranks players as the rating does. Null when he has no rating.
 * @example overallOf(9.5) // => 99
 * @example overallOf(7.25) // => 75 (74.5 rounded up)
 */
export function overallOf(rating: number | null): number | null {
  if (rating === null || Number.isNaN(rating)) return null;
  return Math.round(CARD_OVERALL_MIN + ((CARD_OVERALL_MAX - CARD_OVERALL_MIN) * ratingShareOf(rating)) / 100);
}

const CARD_WIDTH = 860;

/**
 * The fifa_viral layout tree.
 * @example fifaViralLayout(facts, angleOf(facts), null).props.style?.width // => 1080
 */
export function fifaViralLayout(facts: CardFacts, angle: DecisionAngle, photo: CardPhoto | null): LayoutNode {
  const pal = paletteOf(facts);
  const six = facts.metrics.filter((m) => m.key !== 'rating').slice(0, 6);
  return cardFrameOf(
    facts,
    'fifa_viral',
    { flexDirection: 'row', alignItems: 'flex-start', justifyContent: 'center' },
    [
      div(
        {
          marginTop: 60,
          width: CARD_WIDTH,
          height: 1150,
          borderRadius: 56,
          backgroundColor: pal.primary,
          border: `10px solid ${angle.accent}`,
          flexDirection: 'column',
          alignItems: 'center',
          position: 'relative',
          overflow: 'hidden',
          color: pal.onPrimary,
        },
        portraitOf(photo, 560, 520, shadeOf(pal.primary, 0.25), {
          position: 'absolute',
          top: 70,
          right: 40,
          borderRadius: 24,
        }),
        overallBadgeOf(facts, pal, overallOf(facts.sample.rating)),
        attributePanelOf(facts, angle, six),
      ),
    ],
  );
}

/** The top-left badge: overall, position code and club. */
function overallBadgeOf(facts: CardFacts, pal: Palette, ovr: number | null): LayoutNode {
  return div(
    { position: 'absolute', top: 60, left: 60, flexDirection: 'column', alignItems: 'center' },
    div({ fontSize: 150, fontWeight: 900, lineHeight: 1, letterSpacing: -6 }, ovr === null ? '–' : String(ovr)),
    div({ fontSize: 48, fontWeight: 900, marginTop: 4 }, facts.player.position_code),
    div({ width: 90, height: 6, backgroundColor: pal.secondary, marginTop: 18 }),
    div(
      { fontSize: 26, fontWeight: 700, marginTop: 18, maxWidth: 190, textAlign: 'center' },
      facts.club?.short_name ?? facts.club?.name ?? '',
    ),
  );
}

/** The dark lower panel: name, kicker line, the six attributes and the ribbon table. */
function attributePanelOf(facts: CardFacts, angle: DecisionAngle, six: readonly CardMetric[]): LayoutNode {
  return div(
    {
      marginTop: 590,
      width: CARD_WIDTH - 20,
      backgroundColor: 'rgba(11,16,32,0.92)',
      flexDirection: 'column',
      alignItems: 'center',
      padding: '26px 50px 0',
      flexGrow: 1,
      color: INK.text,
    },
    div(
      {
        fontSize: 56,
        fontWeight: 900,
        letterSpacing: -1.5,
        textTransform: 'uppercase',
        textAlign: 'center',
        lineHeight: 1.05,
        wordBreak: 'break-word',
        maxWidth: 760,
      },
      facts.player.display_name,
    ),
    kickerLineOf(facts, angle),
    div({ flexWrap: 'wrap', width: 760, marginTop: 22 }, ...six.map((m) => attributeOf(m, angle))),
    ribbonTableOf(facts, 'rgba(255,255,255,0.07)', 'rgba(255,255,255,0.14)', { width: 760, marginTop: 18 }),
  );
}

/**
 * The kicker line: the angle's kicker and headline, or the caller's caption in their place (one
 * line of at most 60 graphemes at 22 px fits the 760 px column; the default take stays off this card).
 */
function kickerLineOf(facts: CardFacts, angle: DecisionAngle): LayoutNode {
  return facts.caption_is_user
    ? div(
        { fontSize: 22, fontWeight: 700, color: angle.accent, marginTop: 12, width: 760, justifyContent: 'center' },
        `“${facts.caption}”`,
      )
    : div(
        {
          fontSize: 26,
          fontWeight: 700,
          color: angle.accent,
          marginTop: 10,
          textTransform: 'uppercase',
          letterSpacing: 2,
        },
        `${angle.kicker} · ${angle.headline}`,
      );
}

/** One attribute: its percentile (in the accent colour for the hero metric) and short label. */
function attributeOf(m: CardMetric, angle: DecisionAngle): LayoutNode {
  return div(
    { width: 380, alignItems: 'center', padding: '6px 10px' },
    div(
      { fontSize: 44, fontWeight: 900, width: 90, color: m.key === angle.hero.key ? angle.accent : INK.text },
      m.percentile === null ? '–' : String(Math.round(m.percentile)),
    ),
    div(
      { fontSize: 26, fontWeight: 700, color: INK.muted, textTransform: 'uppercase', letterSpacing: 1 },
      shortLabelOf(m.key),
    ),
  );
}

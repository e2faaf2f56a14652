/**
 * @module The editorial_cover hd layout (1080 × 1350): a magazine cover with a full-bleed portrait,
 * masthead, the decision-angle headline, the hero metric and the ribbon table.
 */
import type { DecisionAngle } from '../angle.js';
import type { CardFacts } from '../facts.js';
import { div, type LayoutNode } from '../layout-tree.js';
import type { CardPhoto } from '../photo.js';
import { CARD_SIZES } from '../styles.js';
import { portraitOf, ribbonTableOf, shadeOf } from './hd-shared.js';
import {
  INK,
  cardFrameOf,
  formatMetric,
  type Palette,
  paletteOf,
  per90Of,
  percentileText,
  readableOnDark,
} from './shared.js';

const WIDTH = CARD_SIZES.editorial_cover.width;

/**
 * The editorial_cover layout tree.
 * @example editorialCoverLayout(facts, angleOf(facts), null).props.style?.height // => 1350
 */
export function editorialCoverLayout(facts: CardFacts, angle: DecisionAngle, photo: CardPhoto | null): LayoutNode {
  const pal = paletteOf(facts);
  return cardFrameOf(facts, 'editorial_cover', { backgroundColor: pal.primary, overflow: 'hidden' }, [
    ...coverBackdropOf(pal, photo),
    mastheadOf(facts, pal),
    coverStoryOf(facts, angle, pal),
  ]);
}

/** The band, the portrait and the dark lower third the cover's text sits on. */
function coverBackdropOf(pal: Palette, photo: CardPhoto | null): LayoutNode[] {
  return [
    // A bold diagonal band in the secondary colour gives the cover its energy behind the figure.
    div({
      position: 'absolute',
      left: -200,
      top: 420,
      width: 1500,
      height: 150,
      backgroundColor: pal.secondary,
      transform: 'rotate(-14deg)',
      opacity: 0.9,
    }),
    // The figure is opaque and drawn after the band, so the band passes behind it, never across the head.
    portraitOf(photo, WIDTH, 640, shadeOf(pal.primary, 0.3), { position: 'absolute', top: 150, left: 0 }),
    // Lower third: a solid panel, so no photo or outline shows under the text, reached through a short
    // fade that blends the portrait into it.
    div({
      position: 'absolute',
      left: 0,
      top: 640,
      width: WIDTH,
      height: 120,
      backgroundImage: `linear-gradient(to bottom, rgba(11,16,32,0), ${INK.background})`,
    }),
    div({ position: 'absolute', left: 0, top: 760, width: WIDTH, height: 590, backgroundColor: INK.background }),
  ];
}

/** The masthead: the title on the left, season and league on the right. */
function mastheadOf(facts: CardFacts, pal: Palette): LayoutNode {
  return div(
    {
      position: 'absolute',
      top: 44,
      left: 56,
      right: 56,
      justifyContent: 'space-between',
      alignItems: 'flex-end',
      color: pal.onPrimary,
    },
    div({ fontSize: 112, fontWeight: 900, letterSpacing: -5, lineHeight: 1 }, 'HALFSPACE'),
    div(
      {
        flexDirection: 'column',
        alignItems: 'flex-end',
        fontSize: 20,
        fontWeight: 700,
        letterSpacing: 2,
        textTransform: 'uppercase',
        paddingBottom: 12,
      },
      div({}, facts.season?.season_name ?? ''),
      div({}, facts.season?.league_name ?? ''),
    ),
  );
}

/** The cover story on the lower third: kicker, headline, byline, hero row and the ribbon table. */
function coverStoryOf(facts: CardFacts, angle: DecisionAngle, pal: Palette): LayoutNode {
  return div(
    { position: 'absolute', top: 790, left: 56, right: 56, flexDirection: 'column' },
    div(
      {
        alignSelf: 'flex-start',
        backgroundColor: angle.accent,
        color: INK.background,
        fontSize: 22,
        fontWeight: 900,
        letterSpacing: 3,
        textTransform: 'uppercase',
        padding: '8px 16px',
        borderRadius: 8,
      },
      angle.kicker,
    ),
    div(
      {
        fontSize: 84,
        fontWeight: 900,
        lineHeight: 1,
        letterSpacing: -2.5,
        marginTop: 18,
        textTransform: 'uppercase',
        wordBreak: 'break-word',
        maxWidth: 968,
      },
      angle.headline,
    ),
    div(
      { fontSize: 40, fontWeight: 700, marginTop: 14, color: readableOnDark(pal) },
      `${facts.player.display_name} · ${facts.club?.name ?? 'Free agent'}`,
    ),
    heroRowOf(facts, angle),
    ribbonTableOf(facts, 'rgba(255,255,255,0.08)', 'rgba(255,255,255,0.15)', { marginTop: 22 }),
  );
}

/** The hero metric (value, label, percentile) with the caption pushed to the right. */
function heroRowOf(facts: CardFacts, angle: DecisionAngle): LayoutNode {
  const hero = angle.hero;
  return div(
    { alignItems: 'center', marginTop: 18 },
    div({ fontSize: 64, fontWeight: 900, color: angle.accent }, formatMetric(hero.key, hero.value)),
    div(
      { flexDirection: 'column', marginLeft: 20 },
      div({ fontSize: 26, fontWeight: 700 }, `${hero.label}${per90Of(hero.key)}`),
      div({ fontSize: 22, color: INK.muted }, percentileText(hero)),
    ),
    div({ flexGrow: 1 }),
    // At most four lines, clipped: a caption never grows the row and pushes the table into the footer.
    div(
      {
        fontWeight: 500,
        color: INK.muted,
        textAlign: 'right',
        overflow: 'hidden',
        ...(facts.caption.length > 36
          ? { fontSize: 20, lineHeight: 1.25, maxHeight: 100, maxWidth: 440, wordBreak: 'break-word' }
          : { fontSize: 26, maxHeight: 130, maxWidth: 380 }),
      },
      `“${facts.caption}”`,
    ),
  );
}

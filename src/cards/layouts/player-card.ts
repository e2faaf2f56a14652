/**
 * @module The player_card layout (1080 × 1350): club-coloured identity header, the position
 * triplet with per-90 values and percentile bars, the verdict line with confidence, the caption,
 * the sample size and the watermark (docs/design.md#op-cards).
 */
import type { CardFacts, CardMetric } from '../facts.js';
import { div, type LayoutNode } from '../layout-tree.js';
import { fitTextOf, type TextBox } from '../text-fit.js';
import {
  INK,
  RADIUS,
  STYLE_LINE_COLOR,
  captionOf,
  cardFrameOf,
  formatMetric,
  metricOf,
  type Palette,
  paletteOf,
  percentileBarOf,
  percentileText,
  positionBadgeOf,
  tierColorOf,
  unitOf,
} from './shared.js';
import { VERDICT_LOOKS } from '../verdict-line.js';

/**
 * The verdict's supporting sentence: two lines at 20 px, or at 18 px when it needs them, else
 * shortened at a clause boundary (docs/cards.md#text-fit); never clipped.
 */
export const VERDICT_DETAIL_BOX: TextBox = { width: 680, lines: 2, sizes: [20, 18], weight: 400 };

function statRow(m: CardMetric): LayoutNode {
  return div(
    {
      flexDirection: 'column',
      backgroundColor: INK.panel,
      borderRadius: RADIUS,
      padding: '22px 34px',
      marginBottom: 14,
    },
    div(
      { alignItems: 'flex-end', justifyContent: 'space-between' },
      div(
        { flexDirection: 'column' },
        div({ fontSize: 30, fontWeight: 700, color: INK.text }, m.label),
        div({ fontSize: 20, color: INK.muted, marginTop: 4 }, unitOf(m.key)),
      ),
      div({ fontSize: 60, fontWeight: 900, color: INK.text, lineHeight: 1 }, formatMetric(m.key, m.value)),
    ),
    div(
      { marginTop: 18, alignItems: 'center' },
      percentileBarOf(m, 18, 2, { flexGrow: 1 }),
      div(
        // Wide enough for the longest label, "32nd pct · below average", on one line (test/cards/label-fit.test.ts).
        {
          width: 330,
          flexShrink: 0,
          marginLeft: 20,
          justifyContent: 'flex-end',
          fontSize: 24,
          fontWeight: 700,
          whiteSpace: 'nowrap',
          color: tierColorOf(m),
        },
        percentileText(m),
      ),
    ),
  );
}

/**
 * The player_card layout tree for `facts` (its `stats` are the position triplet).
 * @example playerCardLayout(facts).props.style?.width // => 1080
 */
export function playerCardLayout(facts: CardFacts): LayoutNode {
  const pal = paletteOf(facts);
  return cardFrameOf(facts, 'player_card', {}, [
    identityHeaderOf(facts, pal),
    div({ height: 14, backgroundColor: pal.secondary }),
    tripletOf(facts),
    verdictLineOf(facts),
    captionOf(facts, { margin: '26px 64px 0', maxWidth: 952 }, [36, 30]),
  ]);
}

/** Header in the club's colours: club, position badge, name and a meta line (position, age, nationality). */
function identityHeaderOf(facts: CardFacts, pal: Palette): LayoutNode {
  const p = facts.player;
  const club = facts.club?.name ?? 'Free agent';
  const meta = [p.position, p.age !== null ? `${p.age} yrs` : null, p.nationality].filter(Boolean).join(' · ');
  return div(
    {
      flexDirection: 'column',
      backgroundColor: pal.primary,
      color: pal.onPrimary,
      padding: '50px 64px 40px',
      position: 'relative',
    },
    div(
      { alignItems: 'center', justifyContent: 'space-between' },
      div({ fontSize: 26, fontWeight: 700, letterSpacing: 3, textTransform: 'uppercase', opacity: 0.85 }, club),
      positionBadgeOf(p.position_code, pal, { fontSize: 24, padding: '8px 18px', borderRadius: 12 }),
    ),
    div(
      {
        fontSize: p.display_name.length > 16 ? 72 : 84,
        fontWeight: 900,
        lineHeight: 1.02,
        marginTop: 20,
        letterSpacing: -2,
        wordBreak: 'break-word',
        maxWidth: 952,
      },
      p.display_name,
    ),
    div({ fontSize: 30, fontWeight: 500, marginTop: 16, opacity: 0.9 }, meta),
  );
}

/** The position triplet: a heading with the season, then one stat row per metric. */
function tripletOf(facts: CardFacts): LayoutNode {
  const season = facts.season ? `${facts.season.league_name} · ${facts.season.season_name}` : null;
  return div(
    { flexDirection: 'column', padding: '40px 64px 0' },
    div(
      {
        justifyContent: 'space-between',
        fontSize: 22,
        color: INK.muted,
        marginBottom: 18,
        letterSpacing: 2,
        textTransform: 'uppercase',
        fontWeight: 700,
      },
      div({}, 'Per 90 · vs position cohort'),
      season && div({}, season),
    ),
    ...facts.stats.slice(0, 3).map((key) => statRow(metricOf(facts, key))),
  );
}

/** The verdict line: verdict (or style) headline and detail, with its confidence on the right. */
function verdictLineOf(facts: CardFacts): LayoutNode {
  const accent = facts.verdict.code ? VERDICT_LOOKS[facts.verdict.code].color : STYLE_LINE_COLOR;
  const detail = facts.verdict.detail === null ? null : fitTextOf(facts.verdict.detail, VERDICT_DETAIL_BOX);
  return div(
    {
      margin: '8px 64px 0',
      padding: '22px 30px',
      borderRadius: RADIUS,
      backgroundColor: INK.panel,
      borderLeft: `10px solid ${accent}`,
      alignItems: 'center',
      justifyContent: 'space-between',
    },
    div(
      { flexDirection: 'column', maxWidth: VERDICT_DETAIL_BOX.width },
      div(
        { fontSize: 18, color: INK.muted, letterSpacing: 2, textTransform: 'uppercase', fontWeight: 700 },
        facts.verdict.code ? 'Verdict' : 'Style',
      ),
      div({ fontSize: 36, fontWeight: 900, color: accent, marginTop: 4 }, facts.verdict.headline),
      detail &&
        div(
          {
            fontSize: detail.fontSize,
            color: INK.muted,
            marginTop: 6,
            lineHeight: 1.3,
            maxWidth: VERDICT_DETAIL_BOX.width,
          },
          detail.text,
        ),
    ),
    div(
      { flexDirection: 'column', alignItems: 'flex-end' },
      div({ fontSize: 44, fontWeight: 900 }, `${Math.round(facts.verdict.confidence * 100)}%`),
      div({ fontSize: 18, color: INK.muted }, 'confidence'),
    ),
  );
}

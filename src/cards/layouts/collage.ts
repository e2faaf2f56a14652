/**
 * @module The collage hd layout (1080 × 1350): a grid of tiles — portrait, headline, hero metric,
 * featured percentiles, the ribbon table and the caption.
 */
import type { DecisionAngle } from '../angle.js';
import type { CardFacts, CardMetric } from '../facts.js';
import { div, type LayoutChild, type LayoutNode, type Style } from '../layout-tree.js';
import type { CardPhoto } from '../photo.js';
import { portraitOf, ribbonTableOf, shadeOf } from './hd-shared.js';
import {
  INK,
  captionOf,
  cardFrameOf,
  formatMetric,
  type Palette,
  paletteOf,
  per90Of,
  percentileBarOf,
  percentileText,
  shortLabelOf,
  tierColorOf,
} from './shared.js';

const GAP = 16;

/**
 * The collage layout tree.
 * @example collageLayout(facts, angleOf(facts), null).props.style?.height // => 1350
 */
export function collageLayout(facts: CardFacts, angle: DecisionAngle, photo: CardPhoto | null): LayoutNode {
  const pal = paletteOf(facts);
  return cardFrameOf(facts, 'collage', { padding: 40 }, [
    div(
      { height: 560 },
      tile(
        { width: 480, height: 560, backgroundColor: pal.primary, marginRight: GAP },
        portraitOf(photo, 480, 560, shadeOf(pal.primary, 0.28)),
      ),
      div({ flexDirection: 'column', width: 504 }, headlineTileOf(angle), heroTileOf(angle)),
    ),
    nameTileOf(facts, pal),
    percentileBarsOf(facts),
    ribbonTableOf(facts, INK.panel, INK.track, { marginTop: GAP }),
    captionOf(facts, { marginTop: 22 }, [34, 34]),
    styleTagsOf(facts),
  ]);
}

/** One rounded tile of the grid. */
function tile(style: Style, ...children: LayoutChild[]): LayoutNode {
  return div({ borderRadius: 28, overflow: 'hidden', flexDirection: 'column', ...style }, ...children);
}

/** The accent tile with the angle's kicker and headline. */
function headlineTileOf(angle: DecisionAngle): LayoutNode {
  return tile(
    { height: 300, backgroundColor: angle.accent, color: INK.background, padding: 32, justifyContent: 'space-between' },
    div({ fontSize: 22, fontWeight: 900, letterSpacing: 3, textTransform: 'uppercase' }, angle.kicker),
    div(
      { fontSize: 58, fontWeight: 900, lineHeight: 1, letterSpacing: -1.5, textTransform: 'uppercase' },
      angle.headline,
    ),
  );
}

/** The hero metric tile: value, label and percentile. */
function heroTileOf(angle: DecisionAngle): LayoutNode {
  return tile(
    { height: 244, backgroundColor: INK.panel, marginTop: GAP, padding: 30, justifyContent: 'center' },
    div(
      { fontSize: 96, fontWeight: 900, lineHeight: 1, color: INK.text },
      formatMetric(angle.hero.key, angle.hero.value),
    ),
    div({ fontSize: 26, fontWeight: 700, marginTop: 10 }, `${angle.hero.label}${per90Of(angle.hero.key)}`),
    div({ fontSize: 22, color: tierColorOf(angle.hero), marginTop: 4, fontWeight: 700 }, percentileText(angle.hero)),
  );
}

/** The club-coloured tile with the player's name, club, position and season. */
function nameTileOf(facts: CardFacts, pal: Palette): LayoutNode {
  return tile(
    { marginTop: GAP, backgroundColor: pal.primary, color: pal.onPrimary, padding: '26px 32px' },
    div(
      { fontSize: 62, fontWeight: 900, letterSpacing: -1.5, lineHeight: 1.05, wordBreak: 'break-word' },
      facts.player.display_name,
    ),
    div(
      { fontSize: 26, fontWeight: 500, marginTop: 6 },
      [
        facts.club?.name ?? 'Free agent',
        facts.player.position,
        facts.season ? `${facts.season.league_name} ${facts.season.season_name}` : null,
      ]
        .filter(Boolean)
        .join(' · '),
    ),
  );
}

/** Up to four featured stats as tiles with a percentile bar each. */
function percentileBarsOf(facts: CardFacts): LayoutNode {
  const bars = facts.stats
    .slice(0, 4)
    .map((key) => facts.metrics.find((m) => m.key === key))
    .filter((m): m is CardMetric => m !== undefined);
  return div(
    { marginTop: GAP },
    ...bars.map((m, i) =>
      tile(
        {
          flexGrow: 1,
          flexBasis: 0,
          backgroundColor: INK.panel,
          padding: '18px 20px',
          marginRight: i < bars.length - 1 ? GAP : 0,
        },
        div({ fontSize: 19, color: INK.muted, fontWeight: 700 }, shortLabelOf(m.key)),
        div({ fontSize: 38, fontWeight: 900, marginTop: 4 }, formatMetric(m.key, m.value)),
        percentileBarOf(m, 10, 4, { marginTop: 10 }),
      ),
    ),
  );
}

/** Up to four style tags as pills, or nothing when the player has none. */
function styleTagsOf(facts: CardFacts): LayoutChild {
  return (
    facts.style_tags.length > 0 &&
    div(
      { marginTop: 16, flexWrap: 'wrap' },
      ...facts.style_tags.slice(0, 4).map((tag) =>
        div(
          {
            fontSize: 20,
            fontWeight: 700,
            color: INK.text,
            backgroundColor: INK.track,
            borderRadius: 18,
            padding: '6px 16px',
            marginRight: 10,
          },
          tag,
        ),
      ),
    )
  );
}

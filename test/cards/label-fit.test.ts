/**
 * Labels stay inside their tiles (issue #25 item 3): every card style is laid out by satori with
 * the longest labels it can be given (every percentile "33rd pct · below average", six stat
 * columns with the longest short labels, the long sample name), and the boxes satori computed are
 * checked: each text box lies inside the filled tile it starts in, and overlaps no other filled
 * box (a percentile bar, a gauge) inside that tile. Boxes come from satori's onNodeDetected; a text
 * run is a box in the flow, without a border, that holds no other box.
 */
import satori from 'satori';
import { describe, expect, it } from 'vitest';
import { layoutOf } from '../../src/cards/card.js';
import { CARD_SIZES } from '../../src/cards/styles.js';
import { cardFonts, loadCardAsset } from '../../src/cards/fonts.js';
import { shortLabelOf, TIER_COLORS } from '../../src/cards/layouts/shared.js';
import { CARD_STYLES, type CardStyle } from '../../src/cards/request.js';
import { GROUP_METRICS } from '../../src/stats/metrics.js';
import { labelOf } from '../../src/stats/percentiles.js';
import { sampleFacts } from './sample-facts.js';

interface Box {
  type: string;
  absolute: boolean;
  left: number;
  top: number;
  width: number;
  height: number;
  filled: boolean;
  /** Font size and line height (a multiple) the box sets. */
  fontSize: number | null;
  lineHeight: number | null;
  /** Drawn in a percentile tier's colour: a percentile label ("33rd pct · below average"). */
  tierLabel: boolean;
  /** In the flow and without a border: a text run can be (pitch lines and shot dots are placed absolutely). */
  text: boolean;
}

/** Facts whose every label is the longest the card can show. */
function longestLabelFacts() {
  const facts = sampleFacts();
  // 33 → "33rd pct · below average": the longest ordinal suffix with the longest tier word.
  const metrics = facts.metrics.map((m) => ({ ...m, percentile: 33, tier: labelOf(33) }));
  const stats = [...GROUP_METRICS.attacker].sort((a, b) => shortLabelOf(b).length - shortLabelOf(a).length).slice(0, 6);
  return { ...facts, metrics, stats, hero_stat: stats[0] };
}

async function boxesOf(style: CardStyle): Promise<Box[]> {
  const boxes: Box[] = [];
  const size = CARD_SIZES[style];
  // The layout tree is plain objects with React's runtime shape, as render.ts passes it.
  await satori(layoutOf(style, longestLabelFacts()) as unknown as Parameters<typeof satori>[0], {
    ...size,
    fonts: cardFonts(),
    loadAdditionalAsset: loadCardAsset,
    onNodeDetected: (n) => {
      const s = (n.props.style ?? {}) as Record<string, unknown>;
      const filled =
        s.backgroundColor !== undefined && s.backgroundColor !== 'transparent' && s.position !== 'absolute';
      boxes.push({
        type: n.type,
        fontSize: typeof s.fontSize === 'number' ? s.fontSize : null,
        lineHeight: typeof s.lineHeight === 'number' ? s.lineHeight : null,
        tierLabel: typeof s.color === 'string' && (Object.values(TIER_COLORS) as string[]).includes(s.color),
        absolute: s.position === 'absolute',
        left: n.left,
        top: n.top,
        width: n.width,
        height: n.height,
        filled,
        text: s.position !== 'absolute' && s.border === undefined && s.borderTopWidth === undefined,
      });
    },
  });
  return boxes;
}

const EPS = 0.5;
const inside = (a: Box, b: Box) =>
  a.left >= b.left - EPS &&
  a.top >= b.top - EPS &&
  a.left + a.width <= b.left + b.width + EPS &&
  a.top + a.height <= b.top + b.height + EPS;
const holdsPoint = (b: Box, x: number, y: number) =>
  x >= b.left - EPS && y >= b.top - EPS && x <= b.left + b.width + EPS && y <= b.top + b.height + EPS;
const overlap = (a: Box, b: Box) =>
  Math.min(a.left + a.width, b.left + b.width) - Math.max(a.left, b.left) > EPS &&
  Math.min(a.top + a.height, b.top + b.height) - Math.max(a.top, b.top) > EPS;
const area = (b: Box) => b.width * b.height;

describe('the longest labels stay inside their tiles', () => {
  for (const style of CARD_STYLES)
    it(style, async () => {
      const boxes = await boxesOf(style);
      // Text runs: boxes in the flow, without a border, that contain no other box.
      const leaves = boxes.filter(
        (b) =>
          b.text &&
          !b.filled &&
          b.width > 0 &&
          b.height > 0 &&
          !boxes.some((o) => o !== b && area(o) < area(b) && inside(o, b)),
      );
      expect(leaves.length).toBeGreaterThan(5);
      const problems: string[] = [];
      for (const leaf of leaves) {
        const tiles = boxes
          .filter((b) => b.filled && holdsPoint(b, leaf.left, leaf.top))
          .sort((a, b) => area(a) - area(b));
        const tile = tiles[0];
        if (!tile) continue;
        const at = `text box at (${Math.round(leaf.left)}, ${Math.round(leaf.top)}) ${Math.round(leaf.width)}×${Math.round(leaf.height)}`;
        if (!inside(leaf, tile))
          problems.push(
            `${at} leaves its tile at (${Math.round(tile.left)}, ${Math.round(tile.top)}) ${Math.round(tile.width)}×${Math.round(tile.height)}`,
          );
        for (const other of boxes)
          if (
            other.filled &&
            other !== tile &&
            inside(other, tile) &&
            area(other) < area(tile) &&
            !holdsPoint(other, leaf.left, leaf.top) &&
            overlap(leaf, other)
          )
            problems.push(
              `${at} overlaps a filled box at (${Math.round(other.left)}, ${Math.round(other.top)}) ${Math.round(other.width)}×${Math.round(other.height)}`,
            );
      }
      expect(problems).toEqual([]);
    }, 60_000);
});

describe('percentile labels stay on one line', () => {
  for (const style of CARD_STYLES)
    it(style, async () => {
      const boxes = await boxesOf(style);
      const runs = boxes.filter(
        (b) =>
          b.text &&
          !b.filled &&
          b.fontSize !== null &&
          !boxes.some((o) => o !== b && area(o) < area(b) && inside(o, b)),
      );
      // The styles that print "33rd pct · below average" under each stat have one label per stat.
      if (style === 'player_card' || style === 'stat_ribbon')
        expect(runs.filter((b) => b.tierLabel).length).toBeGreaterThanOrEqual(3);
      // One line is at most its line height (default 1.25 font sizes, Inter's normal line) plus half
      // a font size of slack; a second line exceeds it. Names, headlines and captions may wrap by design.
      const wrapped = runs
        .filter((b) => b.tierLabel && b.height > b.fontSize! * (b.lineHeight ?? 1.25) + b.fontSize! / 2)
        .map(
          (b) =>
            `${Math.round(b.width)}×${Math.round(b.height)} at (${Math.round(b.left)}, ${Math.round(b.top)}), font ${b.fontSize}`,
        );
      expect(wrapped).toEqual([]);
    }, 60_000);
});

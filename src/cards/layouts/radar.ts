/**
 * @module The radar layout (1080 × 1350): a header in the club's colours, a legend naming each
 * player with his minutes, the radar of role-cohort percentiles (rings at 25, 50, 75 and 100,
 * one spoke per metric of the role, one polygon per player) with each spoke's label and
 * percentiles, and a footer naming the cohort and the data (docs/cards.md#radar).
 */
import { METRICS } from '../../stats/metrics.js';
import type { CardFacts } from '../facts.js';
import { div, img, type LayoutNode } from '../layout-tree.js';
import { RADAR_SPOKES_MIN, type RadarFacts, type RadarSeries } from '../radar.js';
import { INLINE_SVG_MARK } from '../render.js';
import { CARD_SIZES } from '../styles.js';
import { INK, cardFrameOf, type FooterLead, formatInt, paletteOf, shortLabelOf } from './shared.js';

const RADAR_SIZE = CARD_SIZES.radar;

/**
 * Colours of the first and second player's polygons: fixed rather than club colours, so two
 * players of one club (or of clubs in similar colours) stay apart (docs/cards.md#radar).
 */
export const RADAR_SERIES_COLORS = ['#22d3ee', '#f59e0b'] as const;
/** Opacity of each polygon's fill (the second player's is lighter, so the first stays readable beneath it). */
const RADAR_FILL_OPACITY = [0.45, 0.3] as const;

/** The radar drawing area: its top edge on the card, its height, the centre within it and the 100th-percentile radius (px). */
export const RADAR_AREA = { top: 350, height: 820, cx: 540, cy: 410, radius: 265 } as const;
/** How far beyond the outer ring a spoke's label is centred (px). */
const LABEL_GAP = 80;
const LABEL_W = 210;
const LABEL_H = 76;

/** Angle of spoke `i` of `n` in radians: the first at the top, then clockwise. */
export const spokeAngleOf = (i: number, n: number): number => -Math.PI / 2 + (2 * Math.PI * i) / n;

/**
 * The point of percentile `p` on spoke `i` of `n`, in the radar area's coordinates.
 * @example radarPointOf(0, 8, 100) // => { x: 540, y: 140 }
 */
export function radarPointOf(i: number, n: number, p: number): { x: number; y: number } {
  const a = spokeAngleOf(i, n);
  const r = (RADAR_AREA.radius * Math.max(0, Math.min(100, p))) / 100;
  return {
    x: Math.round((RADAR_AREA.cx + r * Math.cos(a)) * 10) / 10,
    y: Math.round((RADAR_AREA.cy + r * Math.sin(a)) * 10) / 10,
  };
}

const pointsOf = (values: readonly (number | null)[]) =>
  values
    .map((p, i) => radarPointOf(i, values.length, p ?? 0))
    .map(({ x, y }) => `${x},${y}`)
    .join(' ');

/**
 * The radar's grid and polygons as one SVG, marked to be drawn straight into the card (every shape
 * lies inside its box: the disc's radius plus the stroke stays within the area); its text is laid
 * out by satori.
 */
function radarSvgOf(radar: RadarFacts): string {
  const n = radar.spokes.length;
  const { cx, cy, radius } = RADAR_AREA;
  const rings = [25, 50, 75, 100]
    .map(
      (p) =>
        `<polygon points="${pointsOf(Array(n).fill(p))}" fill="none" stroke="${p === 50 ? INK.faint : INK.track}" stroke-width="${p === 100 ? 3 : 2}"${p === 50 ? ' stroke-dasharray="8 8"' : ''}/>`,
    )
    .join('');
  const spokes = radar.spokes
    .map((_, i) => {
      const { x, y } = radarPointOf(i, n, 100);
      return `<line x1="${cx}" y1="${cy}" x2="${x}" y2="${y}" stroke="${INK.track}" stroke-width="2"/>`;
    })
    .join('');
  // The second player is drawn first, so the first player's polygon and points stay on top.
  const polygons = radar.series
    .map((s, k) => ({ s, k }))
    .reverse()
    .map(({ s, k }) => {
      const color = RADAR_SERIES_COLORS[k]!;
      const dots = s.percentiles
        .map((p, i) => {
          const { x, y } = radarPointOf(i, n, p ?? 0);
          return `<circle cx="${x}" cy="${y}" r="7" fill="${color}"/>`;
        })
        .join('');
      return `<polygon points="${pointsOf(s.percentiles)}" fill="${color}" fill-opacity="${RADAR_FILL_OPACITY[k]}" stroke="${color}" stroke-width="5" stroke-linejoin="round"/>${dots}`;
    })
    .join('');
  const disc = `<circle cx="${cx}" cy="${cy}" r="${radius + 24}" fill="${INK.panel}"/>`;
  const svg = `<svg ${INLINE_SVG_MARK} xmlns="http://www.w3.org/2000/svg" width="${RADAR_SIZE.width}" height="${RADAR_AREA.height}" viewBox="0 0 ${RADAR_SIZE.width} ${RADAR_AREA.height}">${disc}${rings}${spokes}${polygons}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** A spoke's label and each player's percentile on it, set just outside the outer ring and pushed away from the centre. */
function spokeLabelOf(radar: RadarFacts, i: number): LayoutNode {
  const n = radar.spokes.length;
  const a = spokeAngleOf(i, n);
  const r = RADAR_AREA.radius + LABEL_GAP;
  const x = RADAR_AREA.cx + r * Math.cos(a) + (Math.cos(a) * LABEL_W) / 4;
  const y = RADAR_AREA.top + RADAR_AREA.cy + r * Math.sin(a) + (Math.sin(a) * LABEL_H) / 4;
  const spoke = radar.spokes[i]!;
  return div(
    {
      position: 'absolute',
      left: Math.round(x - LABEL_W / 2),
      top: Math.round(y - LABEL_H / 2),
      width: LABEL_W,
      height: LABEL_H,
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
    },
    div(
      { fontSize: 21, fontWeight: 700, color: INK.text, textAlign: 'center', lineHeight: 1.15 },
      // Lower-is-better metrics are ranked inverted, so the label says which way is outward.
      METRICS[spoke.key].lowerIsBetter ? `${shortLabelOf(spoke.key)} (fewer)` : shortLabelOf(spoke.key),
    ),
    div(
      { marginTop: 4, fontSize: 24, fontWeight: 900 },
      ...radar.series.map((s, k) =>
        div(
          { color: RADAR_SERIES_COLORS[k]!, marginLeft: k === 0 ? 0 : 14 },
          s.percentiles[i] === null ? 'n/a' : String(s.percentiles[i]),
        ),
      ),
    ),
  );
}

/** One legend entry: the player's colour, name, club and minutes. */
function legendEntryOf(s: RadarSeries, k: number): LayoutNode {
  const meta = [
    s.team_name,
    `${formatInt(s.minutes)} min`,
    s.sample === 'low' ? 'small sample' : null,
    s.similarity === undefined ? null : `closest by DNA (${Math.round(s.similarity * 100)}% match)`,
  ]
    .filter(Boolean)
    .join(' · ');
  return div(
    { alignItems: 'center', marginRight: 40, maxWidth: 470 },
    div({
      width: 28,
      height: 28,
      borderRadius: 8,
      backgroundColor: RADAR_SERIES_COLORS[k]!,
      marginRight: 14,
      flexShrink: 0,
    }),
    div(
      { flexDirection: 'column' },
      div({ fontSize: 28, fontWeight: 900, color: INK.text }, s.display_name),
      div({ fontSize: 20, color: INK.muted, marginTop: 2 }, meta),
    ),
  );
}

/**
 * The radar layout tree for `facts` (its `radar` block filled by the card operation).
 * @example radarLayout(facts).props.style?.width // => 1080
 */
export function radarLayout(facts: CardFacts): LayoutNode {
  const pal = paletteOf(facts);
  const radar = facts.radar;
  const drawable = radar !== null && radar !== undefined && radar.spokes.length >= RADAR_SPOKES_MIN;
  return cardFrameOf(
    facts,
    'radar',
    {},
    [
      radarHeaderOf(facts, pal),
      div({ height: 12, backgroundColor: pal.secondary }),
      div({ padding: '30px 64px 0', height: 118, alignItems: 'center' }, ...(radar?.series.map(legendEntryOf) ?? [])),
      drawable &&
        img(radarSvgOf(radar), RADAR_SIZE.width, RADAR_AREA.height, {
          position: 'absolute',
          left: 0,
          top: RADAR_AREA.top,
        }),
      ...(drawable ? radar.spokes.map((_, i) => spokeLabelOf(radar, i)) : []),
      !drawable &&
        div(
          {
            position: 'absolute',
            left: 0,
            top: RADAR_AREA.top,
            width: RADAR_SIZE.width,
            height: RADAR_AREA.height,
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: 30,
            fontWeight: 700,
            color: INK.muted,
          },
          'Not enough ranked metrics for a radar',
        ),
    ],
    cohortLeadOf(facts),
  );
}

/** The header band in the club's colours: the role, then the player (or "A vs B"). */
function radarHeaderOf(facts: CardFacts, pal: ReturnType<typeof paletteOf>): LayoutNode {
  const radar = facts.radar;
  const title =
    radar && radar.series.length > 1
      ? `${radar.series[0]!.display_name} vs ${radar.series[1]!.display_name}`
      : facts.player.display_name;
  return div(
    {
      flexDirection: 'column',
      backgroundColor: pal.primary,
      color: pal.onPrimary,
      padding: '40px 64px 32px',
      height: 200,
    },
    div(
      { fontSize: 24, fontWeight: 700, letterSpacing: 3, textTransform: 'uppercase', opacity: 0.85 },
      `Radar · ${radar?.role_label ?? facts.player.position}`,
    ),
    div(
      {
        fontSize: title.length > 24 ? 52 : 68,
        fontWeight: 900,
        lineHeight: 1.05,
        marginTop: 14,
        letterSpacing: -1.5,
        maxWidth: 952,
      },
      title,
    ),
  );
}

/** The footer's lead line: which cohort the percentiles rank in. */
function cohortLeadOf(facts: CardFacts): FooterLead {
  const first = facts.radar?.series[0];
  const cohortLine = first
    ? `Percentile among ${first.cohort}${first.season ? ` · ${first.season}` : ''} · 50 = median, 100 = best`
    : null;
  return { text: cohortLine, width: 560, style: { fontWeight: 500, lineHeight: 1.3 } };
}

/**
 * @module The stat_ribbon layout (1080 × 1080): season header, meta row (appearances, minutes,
 * rating) with season goals and assists, the chosen stats as a ribbon of columns with the hero
 * column highlighted, the top-percentile highlight line, the caption and the watermark (docs/design.md#op-cards).
 */
import type { MetricKey } from '../../stats/metrics.js';
import type { CardFacts, CardMetric } from '../facts.js';
import { div, type LayoutNode } from '../layout-tree.js';
import {
  INK,
  RADIUS,
  captionOf,
  cardFrameOf,
  formatInt,
  formatMetric,
  metricOf,
  type Palette,
  paletteOf,
  percentileText,
  positionBadgeOf,
  shortLabelOf,
  tierColorOf,
  unitOf,
  figureTileOf,
} from './shared.js';

const metaTile = (label: string, value: string, accent: string | null): LayoutNode =>
  figureTileOf(label, value, accent, { valueSize: 40, radius: 18 });

function ribbonColumn(
  facts: CardFacts,
  key: MetricKey,
  hero: boolean,
  primary: string,
  onPrimary: string,
  count: number,
): LayoutNode {
  const m = metricOf(facts, key);
  const fg = hero ? onPrimary : INK.text;
  const sub = hero ? onPrimary : INK.muted;
  return div(
    {
      flexDirection: 'column',
      flexGrow: 1,
      flexBasis: 0,
      // Equal columns whatever their text: without it a long value or label widens its column.
      minWidth: 0,
      backgroundColor: hero ? primary : INK.panel,
      borderRadius: RADIUS,
      padding: count > 4 ? '24px 8px 20px' : '24px 16px 20px',
      marginRight: 12,
      alignItems: 'center',
    },
    div(
      {
        fontSize: count > 4 ? 19 : 22,
        fontWeight: 700,
        color: sub,
        textAlign: 'center',
        height: 52,
        flexShrink: 0,
        alignItems: 'center',
      },
      shortLabelOf(key),
    ),
    div(
      {
        fontSize: count > 4 ? 46 : 58,
        fontWeight: 900,
        color: fg,
        marginTop: 10,
        height: count > 4 ? 56 : 70,
        flexShrink: 0,
        alignItems: 'center',
      },
      formatMetric(key, m.value),
    ),
    div({ fontSize: 16, color: sub, marginTop: 2 }, unitOf(key)),
    percentileGaugeOf(m, hero, onPrimary),
    ...percentileLinesOf(m, hero, onPrimary, count),
  );
}

/** The vertical percentile gauge of a ribbon column. */
function percentileGaugeOf(m: CardMetric, hero: boolean, onPrimary: string): LayoutNode {
  const pct = m.percentile ?? 0;
  return div(
    {
      width: 26,
      height: 140,
      flexShrink: 0,
      borderRadius: 13,
      backgroundColor: hero ? 'rgba(0,0,0,0.25)' : INK.track,
      marginTop: 18,
      flexDirection: 'column',
      justifyContent: 'flex-end',
    },
    div({
      width: 26,
      height: Math.max(10, Math.round((140 * Math.min(100, pct)) / 100)),
      borderRadius: 13,
      backgroundColor: hero ? onPrimary : tierColorOf(m),
    }),
  );
}

/** The percentile text under a gauge, one line per part ("72nd pct", "good"). */
function percentileLinesOf(m: CardMetric, hero: boolean, onPrimary: string, count: number): LayoutNode[] {
  return percentileText(m)
    .split(' · ')
    .map((line, i) =>
      div(
        {
          fontSize: count > 4 ? 16 : 19,
          fontWeight: 700,
          color: hero ? onPrimary : tierColorOf(m),
          marginTop: i === 0 ? 12 : 0,
          // "below average" stays one centred line inside its column.
          textAlign: 'center',
          whiteSpace: 'nowrap',
        },
        line,
      ),
    );
}

/**
 * The stat_ribbon layout tree for `facts` (its `stats` are the chosen 1–6 keys, `hero_stat` highlighted).
 * @example statRibbonLayout(facts).props.style?.height // => 1080
 */
export function statRibbonLayout(facts: CardFacts): LayoutNode {
  const pal = paletteOf(facts);
  const hi = facts.highlight;
  return cardFrameOf(facts, 'stat_ribbon', {}, [
    seasonHeaderOf(facts, pal),
    div({ height: 10, backgroundColor: pal.secondary }),
    metaRowOf(facts, pal),
    div(
      { padding: '20px 44px 0 56px', height: 412 },
      ...facts.stats.map((key) =>
        ribbonColumn(facts, key, key === facts.hero_stat, pal.primary, pal.onPrimary, facts.stats.length),
      ),
    ),
    hi &&
      div(
        { margin: '18px 56px 0', alignItems: 'center', fontSize: 24, fontWeight: 700, color: INK.text },
        div({ width: 12, height: 12, borderRadius: 6, backgroundColor: '#22c55e', marginRight: 14 }),
        hi.text,
      ),
    captionOf(facts, { margin: '14px 56px 0', maxWidth: 968 }, [32, 28]),
  ]);
}

/** The header in the club's colours: season line, position badge, name, club, position and age. */
function seasonHeaderOf(facts: CardFacts, pal: Palette): LayoutNode {
  const p = facts.player;
  const seasonLine = facts.season ? `${facts.season.league_name} · ${facts.season.season_name}` : 'Latest season';
  return div(
    { flexDirection: 'column', backgroundColor: pal.primary, color: pal.onPrimary, padding: '40px 56px 30px' },
    div(
      { justifyContent: 'space-between', alignItems: 'center' },
      div({ fontSize: 22, fontWeight: 700, letterSpacing: 3, textTransform: 'uppercase', opacity: 0.9 }, seasonLine),
      positionBadgeOf(p.position_code, pal, { fontSize: 20, padding: '6px 14px', borderRadius: 10 }),
    ),
    div(
      {
        fontSize: 66,
        fontWeight: 900,
        letterSpacing: -1.5,
        marginTop: 12,
        lineHeight: 1.05,
        wordBreak: 'break-word',
        maxWidth: 968,
      },
      p.display_name,
    ),
    div(
      { fontSize: 24, fontWeight: 500, marginTop: 8, opacity: 0.9 },
      [facts.club?.name ?? 'Free agent', p.position, p.age !== null ? `${p.age} yrs` : null]
        .filter(Boolean)
        .join(' · '),
    ),
  );
}

/** The meta row: appearances, minutes, rating, then the group's first two season totals (and xG). */
function metaRowOf(facts: CardFacts, pal: Palette): LayoutNode {
  const rating = facts.sample.rating === null ? '–' : facts.sample.rating.toFixed(2);
  return div(
    { padding: '24px 44px 0 56px' },
    metaTile('Apps', String(facts.sample.appearances), null),
    metaTile('Minutes', formatInt(facts.sample.minutes), null),
    metaTile('Rating', rating, null),
    // The first two season totals of the position group: goals and assists, a keeper's saves and clean sheets;
    // the season's xG after the first when the dataset has xG (docs/methodology/event-values.md#xg).
    ...facts.season_totals.slice(0, 1).map((t) => metaTile(t.label, formatInt(t.value), pal.primary)),
    facts.xg !== null && metaTile('xG', facts.xg.toFixed(1), pal.primary),
    ...facts.season_totals.slice(1, 2).map((t) => metaTile(t.label, formatInt(t.value), pal.primary)),
  );
}

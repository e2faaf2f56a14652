/**
 * @module Pieces every card layout shares: the palette (club colours from the data, else the house palette), number
 * formatting, percentile colours, the watermark corner mark and the footer.
 */
import { METRICS, type MetricKey } from '../../stats/metrics.js';
import { ordinal } from '../../stats/percentiles.js';
import type { CardFacts, CardMetric } from '../facts.js';
import { div, type LayoutChild, type LayoutNode, type Style } from '../layout-tree.js';
import { CARD_SIZES } from '../styles.js';

/** Card background and text colours (flat fills: they rasterise several times faster than gradients, docs/design.md#cards-and-prompts). */
export const INK = {
  background: '#0b1020',
  panel: '#141b2f',
  track: '#232c45',
  text: '#f5f7fb',
  muted: '#9aa4bf',
  faint: '#5d6785',
} as const;

/** Colours of the percentile labels (docs/cards.md#colours). */
export const TIER_COLORS = {
  elite: '#22c55e',
  strong: '#84cc16',
  average: '#eab308',
  'below average': '#f97316',
  weak: '#ef4444',
  none: '#64748b',
} as const;

/**
 * The house palette: a card draws it when the dataset has no colours for the club (event data
 * never has them; `halfspace enrich --teams` adds them) or the player has no club. A slate and a
 * grey that no club is known by, so a card never shows a colour the club does not wear
 * (docs/cards.md#club-colours).
 */
export const HOUSE_PALETTE = { primary: '#2a3352', secondary: '#cbd3e6' } as const;

/** The stripe under a club-coloured header when the club's data has a primary colour but no secondary. */
const CLUB_SECONDARY_DEFAULT = '#f8f9fa';

/** Accent of a verdict line without a verdict code (the style tags); a code brings its own (VERDICT_LOOKS). */
export const STYLE_LINE_COLOR = '#38bdf8';

/** Watermark pill inset from the bottom and right edges (px). */
export const WATERMARK_INSET = 36;
/** Watermark pill height (px). */
export const WATERMARK_HEIGHT = 52;
/** Fill of the watermark pill; chosen to differ from every card background. */
const WATERMARK_FILL = '#f5f7fb';

/** Relative luminance of a `#rrggbb` colour (WCAG 2.x), 0–1. */
export function luminanceOf(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * Readable text colour on a fill: near-black on light fills, near-white on dark ones.
 * @example textOn('#ffffff') // => '#0b1020'
 */
function textOn(hex: string): string {
  return luminanceOf(hex) > 0.45 ? INK.background : INK.text;
}

/**
 * The palette of a card: the club's colours from the dataset (`teams.primary_color` /
 * `secondary_color`), else {@link HOUSE_PALETTE}; `source` says which, and the text colours on each fill.
 * @example paletteOf({ club: null }).source // => 'house'
 */
export function paletteOf(facts: Pick<CardFacts, 'club'>) {
  const club = facts.club;
  const own = club?.primary_color ?? null;
  const primary = own ?? HOUSE_PALETTE.primary;
  let secondary = own ? (club?.secondary_color ?? CLUB_SECONDARY_DEFAULT) : HOUSE_PALETTE.secondary;
  if (secondary.toLowerCase() === primary.toLowerCase()) secondary = textOn(primary);
  return {
    primary,
    secondary,
    onPrimary: textOn(primary),
    onSecondary: textOn(secondary),
    source: own ? ('club' as const) : ('house' as const),
  };
}

/** The club palette a layout draws with ({@link paletteOf}). */
export type Palette = ReturnType<typeof paletteOf>;

/**
 * A metric value for display: per-90 and ratings with two decimals, percentages with one and a % sign, an en dash when null.
 * @example formatMetric('goals_per90', 0.6149) // => '0.61'
 * @example formatMetric('pass_accuracy_pct', 87.26) // => '87.3%'
 */
export function formatMetric(key: MetricKey, value: number | null): string {
  if (value === null) return '–';
  return METRICS[key].kind === 'pct' ? `${value.toFixed(1)}%` : value.toFixed(2);
}

/** Short label of a metric for narrow columns, e.g. "Key passes" → "Key passes", "Shots on target" → "On target". */
export function shortLabelOf(key: MetricKey): string {
  const short: Partial<Record<MetricKey, string>> = {
    shots_on_target_per90: 'On target',
    ball_recovery_per90: 'Recoveries',
    goals_conceded_per90: 'Conceded',
    cleansheets_per90: 'Clean sheets',
    pass_accuracy_pct: 'Pass acc.',
    cross_accuracy_pct: 'Cross acc.',
    interceptions_per90: 'Intercepts',
    shots_blocked_per90: 'Blocks',
    progressive_passes_per90: 'Prog. passes',
    progressive_carries_per90: 'Prog. carries',
    passes_into_final_third_per90: 'Into final 3rd',
    passes_into_box_per90: 'Into box',
    npxg_per90: 'npxG',
    tackles_padj_per90: 'Tackles (PAdj)',
    interceptions_padj_per90: 'Intercepts (PAdj)',
    clearances_padj_per90: 'Clearances (PAdj)',
    shots_blocked_padj_per90: 'Blocks (PAdj)',
    ball_recovery_padj_per90: 'Recoveries (PAdj)',
    sca_per90: 'SCA',
  };
  return short[key] ?? METRICS[key].label;
}

/** Unit suffix under a value: "per 90" for per-90 columns, nothing otherwise. */
export const unitOf = (key: MetricKey): string =>
  METRICS[key].kind === 'per90' ? 'per 90' : METRICS[key].kind === 'rating' ? 'rating' : 'accuracy';

/** " per 90" to write after a per-90 metric's label or value; nothing after a rating or an accuracy. */
export const per90Of = (key: MetricKey): string => (METRICS[key].kind === 'per90' ? ' per 90' : '');

/** Colour of a metric's percentile. */
export function tierColorOf(m: CardMetric): string {
  return m.tier ? TIER_COLORS[m.tier] : TIER_COLORS.none;
}

/**
 * A percentile bar `height` px tall placed by `box`: the metric's tier colour over the track, as
 * wide as its percentile and at least `minPct` % so a low one still shows.
 */
export function percentileBarOf(m: CardMetric, height: number, minPct: number, box: Style): LayoutNode {
  const bar = { height, borderRadius: height / 2 };
  const width = `${Math.max(minPct, Math.min(100, m.percentile ?? 0))}%`;
  return div({ ...box, ...bar, backgroundColor: INK.track }, div({ ...bar, width, backgroundColor: tierColorOf(m) }));
}

/** Percentile caption, e.g. "93rd pct · elite", "41st pct" for low samples, "unranked" when unknown. */
export function percentileText(m: CardMetric): string {
  if (m.percentile === null) return 'unranked';
  return m.tier ? `${ordinal(m.percentile)} pct · ${m.tier}` : `${ordinal(m.percentile)} pct`;
}

/** The metric of `key` among the facts' metrics (a null-valued stand-in when the group lacks it). */
export function metricOf(facts: CardFacts, key: MetricKey): CardMetric {
  return (
    facts.metrics.find((m) => m.key === key) ?? {
      key,
      label: METRICS[key].label,
      value: null,
      percentile: null,
      tier: null,
    }
  );
}

/** Integer with thousands separators, en dash when null. */
export const formatInt = (n: number | null): string => (n === null ? '–' : Math.round(n).toLocaleString('en-GB'));

/** The watermark corner mark: a light pill in the bottom-right corner, or nothing when disabled. */
function watermarkOf(facts: CardFacts): LayoutNode | null {
  if (facts.watermark === null) return null;
  return div(
    {
      position: 'absolute',
      right: WATERMARK_INSET,
      bottom: WATERMARK_INSET,
      height: WATERMARK_HEIGHT,
      padding: '0 22px',
      borderRadius: WATERMARK_HEIGHT / 2,
      backgroundColor: WATERMARK_FILL,
      color: INK.background,
      alignItems: 'center',
      fontSize: 22,
      fontWeight: 700,
      maxWidth: 460,
      overflow: 'hidden',
    },
    div({ width: 14, height: 14, borderRadius: 7, backgroundColor: '#22c55e', marginRight: 12 }),
    facts.watermark,
  );
}

/** The footer's first line, its width and its line style (see {@link footerOf}). */
export interface FooterLead {
  text: string | null;
  width: number;
  style: Style;
}

/**
 * Footer on the left: its lead line (by default the sample size), then the dataset attribution
 * (wrapping upwards when long). Leaves the bottom-right corner free for the watermark.
 */
function footerOf(facts: CardFacts, lead: FooterLead = sampleLeadOf(facts)): LayoutNode {
  return div(
    {
      position: 'absolute',
      left: 64,
      bottom: WATERMARK_INSET,
      minHeight: WATERMARK_HEIGHT,
      flexDirection: 'column',
      justifyContent: 'center',
      color: INK.muted,
      fontSize: 20,
      width: lead.width,
    },
    lead.text !== null && div(lead.style, lead.text),
    facts.attribution && div({ fontSize: 15, color: INK.faint, marginTop: 3, lineHeight: 1.3 }, facts.attribution),
  );
}

function sampleLeadOf(facts: CardFacts): FooterLead {
  const { appearances, minutes, level } = facts.sample;
  const text = `${appearances} app${appearances === 1 ? '' : 's'} · ${formatInt(minutes)} min${level === 'low' ? ' · small sample' : ''}`;
  return { text, width: 540, style: { fontWeight: 500 } };
}

/**
 * A card's outer box: the style's size on the dark background in the card font, the children in a
 * column (`look` may change any of that), then the footer ({@link footerOf}, with `lead` when given)
 * and the watermark over the bottom corners.
 */
export function cardFrameOf(
  facts: CardFacts,
  style: keyof typeof CARD_SIZES,
  look: Style,
  children: readonly LayoutChild[],
  lead?: FooterLead,
): LayoutNode {
  return div(
    {
      ...CARD_SIZES[style],
      flexDirection: 'column',
      backgroundColor: INK.background,
      fontFamily: 'Inter',
      color: INK.text,
      position: 'relative',
      ...look,
    },
    ...children,
    footerOf(facts, lead),
    watermarkOf(facts),
  );
}

/**
 * The more readable of the club's two colours on a dark panel (luminance at least 0.12), else near-white.
 * @example readableOnDark({ primary: '#C8102E', secondary: '#0A2240' }) // => '#C8102E'
 */
export function readableOnDark(pal: { primary: string; secondary: string }): string {
  if (luminanceOf(pal.secondary) >= 0.12) return pal.secondary;
  if (luminanceOf(pal.primary) >= 0.12) return pal.primary;
  return INK.text;
}

/**
 * The caption in quotes, placed by `box`, at `sizes[0]` px, or at `sizes[1]` when longer than 36
 * characters; it wraps at any character rather than overflow.
 */
export function captionOf(facts: CardFacts, box: Style, sizes: readonly [number, number]): LayoutNode {
  const fontSize = facts.caption.length > 36 ? sizes[1] : sizes[0];
  const look = { fontSize, fontWeight: 700, lineHeight: 1.25, color: INK.text, wordBreak: 'break-word' };
  return div({ ...box, ...look }, `“${facts.caption}”`);
}

/** The position code on a pill in the club's secondary colour, sized by `look` (font size, padding, corners). */
export function positionBadgeOf(code: string, pal: Palette, look: Style): LayoutNode {
  return div({ backgroundColor: pal.secondary, color: pal.onSecondary, fontWeight: 900, ...look }, code);
}

/** Corner radius used for panels. */
export const RADIUS = 22;

/**
 * A small figure tile: the value over an upper-case label, on a panel with a coloured top edge
 * (the panel's own colour when `accent` is null).
 */
export function figureTileOf(
  label: string,
  value: string,
  accent: string | null,
  look: { valueSize: number; radius: number },
): LayoutNode {
  return div(
    {
      flexDirection: 'column',
      flexGrow: 1,
      flexBasis: 0,
      backgroundColor: INK.panel,
      borderRadius: look.radius,
      padding: '16px 20px',
      marginRight: 12,
      borderTop: `6px solid ${accent ?? INK.panel}`,
    },
    div({ fontSize: look.valueSize, fontWeight: 900, color: INK.text }, value),
    div(
      { fontSize: 18, color: INK.muted, marginTop: 2, textTransform: 'uppercase', letterSpacing: 1.5, fontWeight: 700 },
      label,
    ),
  );
}

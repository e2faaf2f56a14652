/**
 * @module Everything a card shows, as one plain value (`CardFacts`), and the pure function that
 * builds it from engine data. Layouts read only facts, so they can be rendered and tested without
 * a dataset.
 */
import type { EngineContext, PlayerRow, TeamRow } from '../context.js';
import {
  type CountingColumn,
  POSITION_GROUPS,
  positionGroupOf,
  positionLabelOf,
  type PositionGroup,
} from '../model/schema.js';
import { positionCodeOf } from '../model/positions.js';
import { cohortNameOf } from '../stats/cohorts.js';
import { graphemeCount } from './text.js';
import { GROUP_METRICS, METRICS, type MetricKey } from '../stats/metrics.js';
import { minutesShown, PER90_MINUTES_MIN } from '../stats/per90.js';
import { labelOf, ordinalOf, type PercentileLabel } from '../stats/percentiles.js';
import type { DerivedSeasons } from '../stats/derived.js';
import type { RadarFacts } from './radar.js';
import { shotsOf, type CardShot, type ShotsKind } from './shots.js';
import { type CardVerdict, type CardVerdictCode, type EngineVerdict, verdictLineOf } from './verdict-line.js';

/** One metric as a card shows it. */
export interface CardMetric {
  key: MetricKey;
  /** Human label, e.g. "Key passes". */
  label: string;
  /** Per-90 value, accuracy % or rating; null when not computable (under 90 minutes, no attempts). */
  value: number | null;
  /** Cohort percentile 0–100, null when unknown. */
  percentile: number | null;
  /** Percentile label; null for low-sample players (the number is shown, no label claimed). */
  tier: PercentileLabel | null;
}

/** One season total a ribbon shows: its column, label and value (null when not provided). */
export interface SeasonTotal {
  key: CountingColumn;
  label: string;
  value: number | null;
}

/**
 * The four season totals a card's ribbon shows for each position group, in order (the first two are
 * stat_ribbon's accent tiles): a goalkeeper's saves and clean sheets, not his goals (docs/cards.md#season-totals).
 */
export const SEASON_TOTALS: Readonly<Record<PositionGroup, Partial<Record<CountingColumn, string>>>> = {
  goalkeeper: { saves: 'Saves', clean_sheets: 'Clean sheets', goals_conceded: 'Conceded', punches: 'Punches' },
  defender: { tackles: 'Tackles', interceptions: 'Interceptions', clearances: 'Clearances', goals: 'Goals' },
  midfielder: { goals: 'Goals', assists: 'Assists', key_passes: 'Key passes', tackles: 'Tackles' },
  attacker: { goals: 'Goals', assists: 'Assists', key_passes: 'Key passes', big_chances: 'Big chances' },
};

/** Everything one card shows, as plain data (numbers already computed; layouts only format them). */
export interface CardFacts {
  player: {
    player_id: number;
    display_name: string;
    /** Coarse label: Goalkeeper / Defender / Midfielder / Attacker. */
    position: string;
    position_code: string;
    position_group: PositionGroup;
    age: number | null;
    nationality: string | null;
  };
  club: {
    name: string;
    short_name: string | null;
    primary_color: string | null;
    secondary_color: string | null;
  } | null;
  season: { season_name: string; league_name: string } | null;
  sample: { appearances: number; minutes: number; rating: number | null; level: 'ok' | 'low' };
  /** Season counting totals for the ribbons, the ones that matter for the position group ({@link SEASON_TOTALS}). */
  season_totals: SeasonTotal[];
  /** Season xG (docs/methodology/event-values.md#xg); null when the dataset has no xG. */
  xg: number | null;
  /** The season's shots (shot_map only; null when not asked for or the dataset has no shots table): a goalkeeper's are the shots he faced. */
  shots: CardShot[] | null;
  /** Whose shots `shots` holds: the player's own, or those a goalkeeper faced. */
  shots_kind: ShotsKind;
  /** Every metric of the player's group, in the group's display order. */
  metrics: CardMetric[];
  /** The keys the card features, in order (the triplet on player_card, `stats` on the other sync styles). */
  stats: MetricKey[];
  /** Highlighted column (stat_ribbon); null when none. */
  hero_stat: MetricKey | null;
  /** Top-percentile line of a featured metric (one of `stats`), e.g. "Key passes: 96th percentile among midfielders in Premier League 2025/26". */
  highlight: { key: MetricKey; percentile: number; text: string } | null;
  verdict: CardVerdict;
  /** Style tags (role first), possibly empty. */
  style_tags: string[];
  /** The user's caption, or a default take generated from the highlight. */
  caption: string;
  caption_is_user: boolean;
  /** Corner mark text (the configured base address), or null when the watermark is off. */
  watermark: string | null;
  /** Dataset attribution line, e.g. "Data: StatsBomb", or null. */
  attribution: string | null;
  /** The radar style's spokes and series (docs/cards.md#radar); absent on the other styles. */
  radar?: RadarFacts | null;
}

/** Longest default take, in graphemes. */
const TAKE_MAX = 60;

/**
 * The default take when the caller gives no caption: built from the top-percentile metric and
 * the cohort it is ranked in (`among`, plural, as cohortNameOf names it), at most 60 graphemes (a
 * cohort name that does not fit becomes "his role"). Null percentiles give a sample-size line
 * instead; a low sample states its top percentile without calling it good.
 * @example defaultTakeOf('Key passes', 96, 'midfielders', 'ok') // => 'Top 4% for key passes among midfielders.'
 */
export function defaultTakeOf(
  label: string | null,
  percentile: number | null,
  among: string,
  level: 'ok' | 'low',
): string {
  if (label === null || percentile === null) return 'Numbers loading: not enough minutes yet.';
  // A low sample supports no claim (docs/design.md#statistics): state the number, not a judgement.
  if (level === 'low') return `Small sample: ${label.toLowerCase()} at the ${ordinalOf(percentile)}.`;
  const top = Math.max(1, 100 - percentile);
  if (percentile < 50) return `${label} at the ${ordinalOf(percentile)}: room to grow.`;
  const take = `Top ${top}% for ${label.toLowerCase()} among ${among}.`;
  return graphemeCount(take) <= TAKE_MAX ? take : `Top ${top}% for ${label.toLowerCase()} in his role.`;
}

/** Options a caller may set on a card. */
export interface CardFactsOptions {
  /** Featured keys; default the group's defaults. The caller has already checked them against the group. */
  stats?: readonly MetricKey[];
  hero_stat?: MetricKey;
  caption?: string;
  verdict_code?: CardVerdictCode;
  /** The verdict engine's answer for this player, when the engine has one. */
  engine_verdict?: EngineVerdict | null;
  /** Corner mark text, or null to disable the watermark. */
  watermark: string | null;
  /** Read the season's shots from the dataset's shots table (the shot_map style). */
  shots?: boolean;
}

const isHexColor = (c: string | null | undefined): c is string => typeof c === 'string' && /^#[0-9a-fA-F]{6}$/.test(c);

const numberOrNull = (x: number) => (Number.isNaN(x) ? null : x);

/** The metrics of a position group for derived row `row` (all null when the player has no row). */
function cardMetricsOf(d: DerivedSeasons, row: number, group: PositionGroup, level: 'ok' | 'low'): CardMetric[] {
  return GROUP_METRICS[group].map((key) => {
    const p = row >= 0 ? numberOrNull(d.percentiles[key][row]) : null;
    return {
      key,
      label: METRICS[key].label,
      value: row >= 0 ? numberOrNull(d.values[key][row]) : null,
      percentile: p,
      tier: p !== null && level === 'ok' ? labelOf(p) : null,
    };
  });
}

/** The metric with the highest percentile among `metrics` (the card's featured ones), or null under 90 minutes, where only ratios exist (docs/cards.md). */
function topMetricOf(metrics: readonly CardMetric[], minutesPlayed: number): CardMetric | null {
  let top: CardMetric | null = null;
  if (minutesPlayed >= PER90_MINUTES_MIN)
    for (const m of metrics) if (m.percentile !== null && (top === null || m.percentile > top.percentile!)) top = m;
  return top;
}

/** The club block of a card: its names, and its colours when they are valid hex colours. */
function cardClubOf(team: TeamRow | undefined): CardFacts['club'] {
  return team
    ? {
        name: team.name,
        short_name: team.short_name,
        primary_color: isHexColor(team.primary_color) ? team.primary_color : null,
        secondary_color: isHexColor(team.secondary_color) ? team.secondary_color : null,
      }
    : null;
}

/** The cohort the percentiles of `row` were ranked in, named as the verdict names it. */
function cohortNameAt(d: DerivedSeasons, row: number, group: PositionGroup): string {
  return row >= 0 && d.cohort[row] >= 0
    ? cohortNameOf(d.cohorts[d.cohort[row]])
    : `${row >= 0 ? POSITION_GROUPS[d.group[row]] : group}s`;
}

/** The card's highlight: the top metric's percentile among the cohort (`seasonText` says where), or null without one. */
function highlightOf(top: CardMetric | null, cohortName: string, seasonText: string): CardFacts['highlight'] {
  return top
    ? {
        key: top.key,
        percentile: top.percentile!,
        text: `${top.label}: ${ordinalOf(top.percentile!)} among ${cohortName}${seasonText}`,
      }
    : null;
}

/**
 * Builds the facts of a card for a resolved player from engine data: his latest season row
 * (the one with his most recent minutes), its per-90 values and cohort percentiles, style tags,
 * and the caller's options. A player with no season row gets empty metrics and a zero sample.
 * @example cardFactsOf(engine, engine.playerById(7)!, { watermark: 'halfspace.dev' }).player.player_id // => 7
 */
// Long: one record of facts assembled field by field, in the order a card draws them.
export function cardFactsOf(ctx: EngineContext, player: PlayerRow, options: CardFactsOptions): CardFacts {
  const code = positionCodeOf(player.position);
  const group = positionGroupOf(code);
  const position = positionLabelOf(code);
  const row = ctx.latestRowOf(player.player_id);
  const d = ctx.derived;
  const level: 'ok' | 'low' = row >= 0 && d.inCohort[row] ? 'ok' : 'low';
  const metrics = cardMetricsOf(d, row, group, level);
  const season = row >= 0 ? ctx.seasonById(d.season_id[row]) : undefined;
  const league = row >= 0 ? ctx.leagueById(d.league_id[row]) : undefined;
  const record = row >= 0 ? ctx.playerSeasonAt(row) : null;
  const minutes = row >= 0 ? d.minutes[row] : 0;
  const stats = [...(options.stats ?? GROUP_METRICS[group].slice(0, 6))];
  // The highlight and the default take name a metric the card shows, never one off the card.
  const top = topMetricOf(
    metrics.filter((m) => stats.includes(m.key)),
    minutes,
  );
  const cohortName = cohortNameAt(d, row, group);
  const highlight = highlightOf(top, cohortName, league && season ? ` in ${league.name} ${season.name}` : '');

  const shotsKind: ShotsKind = group === 'goalkeeper' ? 'faced' : 'taken';
  const style = row >= 0 ? ctx.styleOf(row) : null;
  const styleTags = style ? [style.primary, ...style.traits] : [];
  const featured = stats.map((k) => metrics.find((m) => m.key === k)?.percentile ?? null);
  const verdictCode = options.verdict_code ?? null;
  const verdict = verdictLineOf(verdictCode, options.engine_verdict ?? null, styleTags, position, minutes, featured);
  return {
    player: {
      player_id: player.player_id,
      display_name: player.known_as ?? player.name,
      position,
      position_code: player.position,
      position_group: group,
      age: ctx.ageOf(player),
      nationality: player.nationality,
    },
    club: cardClubOf(player.team_id === null ? undefined : ctx.teamById(player.team_id)),
    season: season && league ? { season_name: season.name, league_name: league.name } : null,
    sample: {
      appearances: row >= 0 ? d.appearances[row] : 0,
      minutes: minutesShown(minutes),
      rating: row >= 0 ? numberOrNull(d.values.rating[row]) : null,
      level,
    },
    season_totals: Object.entries(SEASON_TOTALS[group]).map(([column, label]) => {
      // cast: Object.entries widens SEASON_TOTALS' CountingColumn keys to string.
      const key = column as CountingColumn;
      return { key, label, value: record?.[key] ?? null };
    }),
    xg: record?.xg ?? null,
    shots: options.shots && row >= 0 ? shotsOf(ctx, player.player_id, d.season_id[row], shotsKind) : null,
    shots_kind: shotsKind,
    metrics,
    stats,
    hero_stat: options.hero_stat ?? null,
    highlight,
    verdict,
    style_tags: styleTags,
    caption: options.caption ?? defaultTakeOf(top?.label ?? null, top?.percentile ?? null, cohortName, level),
    caption_is_user: options.caption !== undefined,
    watermark: options.watermark,
    attribution: ctx.dataset.meta.attribution ?? null,
  };
}

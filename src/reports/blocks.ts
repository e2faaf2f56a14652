/**
 * Building blocks shared by the player-facing responses: the profile, one season's stats, the
 * per-90 map and the cohort percentiles with their cohort and sample.
 */
import * as z from 'zod';
import { ROLE_LABELS, ROLES } from '../stats/roles.js';
import { keyRoleMetricsOf } from '../verdict/specialties.js';
import type { EngineContext, PlayerRow } from '../context.js';
import { COUNTING_COLUMNS, POSITION_GROUPS, positionGroupOf, positionLabelOf } from '../model/schema.js';
import { positionCodeOf } from '../model/positions.js';
import { percentileAt, ratingAt, valueAt } from '../stats/derived.js';
import { FEE_TIERS, feeTierOf } from '../stats/fee-tier.js';
import { GROUP_METRICS, METRIC_KEYS, METRICS, type MetricKey } from '../stats/metrics.js';
import { minutesShown, PER90_MINUTES_MIN } from '../stats/per90.js';
import { labelOf, ordinalOf, PERCENTILE_LABELS, topPercentile } from '../stats/percentiles.js';

/** Rounds for display: per-90 and ratings to 2 decimals, percentages to 1. */
export function roundMetric(key: MetricKey, value: number): number {
  const factor = METRICS[key].kind === 'pct' ? 10 : 100;
  return Math.round(value * factor) / factor;
}

const nullIfNaN = (x: number): number | null => (Number.isNaN(x) ? null : x);

/** Identity block of a player (docs/design.md#op-player `profile`); the service's response schemas use this one. */
export const PlayerProfile = z.object({
  player_id: z.number().int(),
  name: z.string(),
  known_as: z.string().nullable(),
  display_name: z.string(),
  birth_date: z.string().nullable().describe('YYYY-MM-DD'),
  age: z.number().int().nullable().describe("Age on the dataset's as-of date"),
  nationality: z.string().nullable(),
  position: z.string().describe('Position code, e.g. CF, CB, GK'),
  position_group: z.enum(POSITION_GROUPS),
  position_label: z.string(),
  preferred_foot: z.string().nullable(),
  height_cm: z.number().nullable(),
  team: z.object({ team_id: z.number().int(), name: z.string(), short_name: z.string().nullable() }).nullable(),
  league: z
    .object({ league_id: z.number().int(), name: z.string(), country: z.string().nullable(), tier: z.number().int() })
    .nullable(),
  fee_tier: z.enum(FEE_TIERS).nullable().describe('Market-value tier T1 (cheapest) … T5; never a EUR value'),
  wc2026_nation: z.string().nullable(),
  contract_end_date: z
    .string()
    .nullable()
    .describe('Last day of his contract, YYYY-MM-DD, when the dataset has it (halfspace enrich); else null'),
});
export type Profile = z.infer<typeof PlayerProfile>;

/** Identity block of a player from the registry; fee tier only, never an EUR amount (docs/design.md#fee-tiers). */
export function profileOf(ctx: EngineContext, player: PlayerRow): Profile {
  const team = player.team_id === null ? undefined : ctx.teamById(player.team_id);
  const league = team?.league_id == null ? undefined : ctx.leagueById(team.league_id);
  const code = positionCodeOf(player.position);
  return {
    player_id: player.player_id,
    name: player.name,
    known_as: player.known_as,
    display_name: player.known_as ?? player.name,
    birth_date: player.birth_date,
    age: ctx.ageOf(player),
    nationality: player.nationality,
    position: player.position,
    position_group: positionGroupOf(code),
    position_label: positionLabelOf(code),
    preferred_foot: player.preferred_foot,
    height_cm: player.height_cm,
    team: team ? { team_id: team.team_id, name: team.name, short_name: team.short_name } : null,
    league: league
      ? { league_id: league.league_id, name: league.name, country: league.country, tier: league.tier }
      : null,
    fee_tier: feeTierOf(player.market_value_eur),
    wc2026_nation: player.wc2026_nation,
    contract_end_date: player.contract_end_date,
  };
}

/** The metric keys reported for the position group of derived row `row`. */
function metricsOfRow(ctx: EngineContext, row: number): readonly MetricKey[] {
  return GROUP_METRICS[POSITION_GROUPS[ctx.derived.group[row]]];
}

/** Flat map of the group's per-90 columns (docs/design.md#op-scouting `per90_stats`); null where not computable. */
export function per90MapOf(ctx: EngineContext, row: number): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const key of metricsOfRow(ctx, row)) {
    const v = valueAt(ctx.derived, key, row);
    out[key] = Number.isNaN(v) ? null : roundMetric(key, v);
  }
  // Provider metrics (docs/scoring.md#provider-metrics) follow the group's own keys.
  for (const m of ctx.derived.provider ?? []) {
    const v = m.per90[row];
    out[`${m.key}_per90`] = Number.isNaN(v) ? null : Math.round(v * 100) / 100;
  }
  return out;
}

/** One seasonal row: counting totals as recorded and the derived per-90 map. */
export const SeasonStats = z.object({
  season_id: z.number().int(),
  season: z.string(),
  league: z.object({ league_id: z.number().int(), name: z.string(), tier: z.number().int() }).nullable(),
  team: z.object({ team_id: z.number().int(), name: z.string() }).nullable(),
  appearances: z.number().int(),
  starts: z.number().int().nullable(),
  minutes: z.number(),
  rating: z.number().nullable(),
  rating_source: z.enum(['provider', 'model']),
  totals: z
    .record(z.string(), z.number().nullable())
    .describe(
      "Counting column → season total (goals, assists, shots, …); null when the provider does not record it. goals_conceded and clean_sheets are the team's while he was on the pitch (an outfield player's team outcomes, not his own evidence)",
    ),
  per90: z
    .record(z.string(), z.number().nullable())
    .describe('Metric key → per-90 value (or percentage for *_pct); null when not computable'),
});
export type SeasonStats = z.infer<typeof SeasonStats>;

/** One seasonal row: counting totals as recorded, plus the derived per-90 map. */
export function seasonStatsOf(ctx: EngineContext, row: number): SeasonStats {
  const d = ctx.derived;
  const record = ctx.playerSeasonAt(row);
  const season = ctx.seasonById(d.season_id[row]);
  const league = ctx.leagueById(d.league_id[row]);
  const team = ctx.teamById(d.team_id[row]);
  const totals: Record<string, number | null> = {};
  for (const c of COUNTING_COLUMNS) totals[c] = record[c];
  for (const m of d.provider ?? []) totals[m.key] = nullIfNaN(m.totals[row]);
  const rating = nullIfNaN(ratingAt(d, row));
  return {
    season_id: d.season_id[row],
    season: season?.name ?? String(d.season_id[row]),
    league: league ? { league_id: league.league_id, name: league.name, tier: league.tier } : null,
    team: team ? { team_id: team.team_id, name: team.name } : null,
    appearances: d.appearances[row],
    starts: record.starts,
    minutes: minutesShown(d.minutes[row]),
    rating: rating === null ? null : Math.round(rating * 100) / 100,
    rating_source: d.ratingIsProvider[row] ? 'provider' : 'model',
    totals,
    per90: per90MapOf(ctx, row),
  };
}

/** The cohort a percentile is computed in. */
export const CohortRef = z.object({
  league_id: z.number().int(),
  league: z.string(),
  season_id: z.number().int(),
  season: z.string(),
  position_group: z.enum(POSITION_GROUPS),
  role: z
    .enum(ROLES)
    .nullable()
    .describe('The role cohort ranked in; null when the role cohort was too small and the position group’s is used'),
  min_minutes: z.number(),
  n: z.number().int().describe('Players in the cohort'),
});
export type CohortRef = z.infer<typeof CohortRef>;

/** The player's sample in a cohort: `low` when he is below its minutes threshold (ranked against it, not part of it). */
export const SampleSchema = z.object({
  minutes: z.number(),
  appearances: z.number().int(),
  level: z.enum(['ok', 'low']),
});
export type Sample = z.infer<typeof SampleSchema>;

/** One metric's percentile (docs/design.md#op-scouting `percentiles[metric]`). */
export const PercentileEntry = z.object({
  value: z.number().nullable(),
  percentile: z.number().nullable().describe('0–100 within the cohort'),
  label: z
    .enum(PERCENTILE_LABELS)
    .nullable()
    .describe('Null for a low sample: the number is shown, no label is claimed'),
  ordinal: z.string().nullable(),
  cohort: CohortRef.nullable(),
  sample: SampleSchema,
});
/** A percentile entry; `provider: true` marks a provider metric (docs/scoring.md#provider-metrics), absent on ours. */
export type PercentileEntry = z.infer<typeof PercentileEntry> & { provider?: true };

/** The cohort a derived row is ranked against, with names. Null when no cohort exists. */
function cohortRefOf(ctx: EngineContext, row: number): CohortRef | null {
  const id = ctx.derived.cohort[row];
  if (id < 0) return null;
  const c = ctx.derived.cohorts[id];
  return {
    league_id: c.league_id,
    league: ctx.leagueById(c.league_id)?.name ?? String(c.league_id),
    season_id: c.season_id,
    season: ctx.seasonById(c.season_id)?.name ?? String(c.season_id),
    position_group: c.position_group,
    role: c.role,
    min_minutes: c.min_minutes,
    n: c.n,
  };
}

/** The player's sample for a derived row. */
export function sampleOf(ctx: EngineContext, row: number): Sample {
  return {
    minutes: minutesShown(ctx.derived.minutes[row]),
    appearances: ctx.derived.appearances[row],
    level: ctx.derived.inCohort[row] ? 'ok' : 'low',
  };
}

/** Cohort percentiles of the group's metrics (docs/design.md#op-scouting `percentiles`), each with cohort and sample. */
export function percentilesOf(ctx: EngineContext, row: number): Record<string, PercentileEntry> {
  const cohort = cohortRefOf(ctx, row);
  const sample = sampleOf(ctx, row);
  const entryOf = (value: number | null, p: number): PercentileEntry => {
    const has = !Number.isNaN(p);
    return {
      value,
      percentile: has ? p : null,
      label: has && sample.level === 'ok' ? labelOf(p) : null,
      ordinal: has ? ordinalOf(p) : null,
      cohort,
      sample,
    };
  };
  const out: Record<string, PercentileEntry> = {};
  for (const key of metricsOfRow(ctx, row)) {
    const v = valueAt(ctx.derived, key, row);
    out[key] = entryOf(Number.isNaN(v) ? null : roundMetric(key, v), percentileAt(ctx.derived, key, row));
  }
  for (const m of ctx.derived.provider ?? []) {
    const v = m.per90[row];
    out[`${m.key}_per90`] = {
      ...entryOf(Number.isNaN(v) ? null : Math.round(v * 100) / 100, m.percentiles[row]),
      provider: true,
    };
  }
  return out;
}

/** The player's standout metric with a one-line text (docs/methodology/stats.md#highlight). */
export const Highlight = z.object({
  metric: z.enum(METRIC_KEYS),
  label: z.string(),
  percentile: z.number(),
  text: z.string(),
});
export type Highlight = z.infer<typeof Highlight>;

/**
 * The player's top-percentile metric among the key metrics of his role (rating weight ≥ 0.1, in
 * weight order, so ties go to the heavier: docs/methodology/stats.md#highlight), else among his
 * group's metrics, with a one-line text. Null when no percentile is known, and under
 * {@link PER90_MINUTES_MIN} minutes, where only ratios exist and a cameo's 100% pass accuracy is noise.
 */
export function highlightOf(ctx: EngineContext, row: number): Highlight | null {
  if (ctx.derived.minutes[row] < PER90_MINUTES_MIN) return null;
  const percentileOf = (key: MetricKey) => percentileAt(ctx.derived, key, row);
  const role = ROLES[ctx.derived.role[row]];
  const top =
    topPercentile(keyRoleMetricsOf(role), percentileOf) ?? topPercentile(metricsOfRow(ctx, row), percentileOf);
  if (top === null) return null;
  const cohort = cohortRefOf(ctx, row);
  const who = cohort?.role ? ROLE_LABELS[cohort.role] : `${POSITION_GROUPS[ctx.derived.group[row]]}s`;
  const where = cohort ? ` among ${who} in ${cohort.league} ${cohort.season}` : '';
  const label = METRICS[top.key].label;
  return { metric: top.key, label, percentile: top.percentile, text: `${label}: ${ordinalOf(top.percentile)}${where}` };
}

/**
 * POST /api/v1/best-xi/pool (docs/design.md#op-best-xi-pool, docs/design.md#best-xi): candidates for a lineup builder, filtered
 * and ranked by a vibe. Entries never carry `image_url` or an EUR amount. Recent form (docs/design.md#best-xi)
 * is the share of the last five team matches' minutes a player played, 0–100; it needs the optional
 * `appearances` table, without which form is unknown.
 */
import * as z from 'zod';
import type { EngineContext, PlayerRow } from '../context.js';
import { attributionOf, POSITION_CODES, POSITION_GROUPS, positionGroupOf, rowsOf } from '../model/schema.js';
import { intColumn, numberColumn } from '../stats/columns.js';
import { isPositionCode, positionCodeOf } from '../model/positions.js';
import { fail, ok, type Result } from '../errors.js';
import { FEE_TIERS, feeTierOf, feeTierRank, type FeeTier } from '../stats/fee-tier.js';
import { GROUP_METRICS, METRIC_KEYS } from '../stats/metrics.js';
import { ROLES } from '../stats/roles.js';
import { roleMetricsOf } from '../verdict/specialties.js';
import { bonusOf, seasonScoreOf, vibeScoreOf } from './score.js';
import { Vibe, vibeOrFail } from './vibes.js';
import { minutesShown } from '../stats/per90.js';

/** Pool size bounds (docs/design.md#best-xi). */
const POOL_LIMIT_MAX = 100;
const POOL_LIMIT_DEFAULT = 30;

export const BestXiPoolRequest = z
  .object({
    vibe_id: z.string().min(1).default('balanced'),
    accepts: z.array(z.enum(POSITION_CODES)).min(1).max(POSITION_CODES.length).optional(),
    limit: z.number().int().min(1).max(POOL_LIMIT_MAX).default(POOL_LIMIT_DEFAULT),
    wc2026_only: z.boolean().default(false),
    min_fee_tier: z.enum(FEE_TIERS).optional(),
    max_league_tier: z.number().int().min(1).optional(),
    mode: z.enum(['pool', 'full', 'byIds']).default('pool'),
    player_id: z.number().int().positive().optional(),
    player_ids: z.array(z.number().int().positive()).min(1).max(POOL_LIMIT_MAX).optional(),
  })
  .strict()
  .refine((r) => r.mode !== 'full' || r.player_id !== undefined, {
    message: 'mode "full" needs player_id',
    path: ['player_id'],
  })
  .refine((r) => r.mode !== 'byIds' || r.player_ids !== undefined, {
    message: 'mode "byIds" needs player_ids',
    path: ['player_ids'],
  });
export type BestXiPoolRequest = z.input<typeof BestXiPoolRequest>;

/** One candidate of a pool: a fee tier, never an EUR amount, and never an `image_url`. */
export const PoolEntry = z
  .object({
    player_id: z.number().int(),
    name: z.string(),
    position: z.string(),
    position_group: z.string(),
    team: z.object({ team_id: z.number().int(), name: z.string() }).nullable(),
    league: z.object({ league_id: z.number().int(), name: z.string(), tier: z.number().int() }).nullable(),
    nationality: z.string().nullable(),
    wc2026_nation: z.string().nullable(),
    age: z.number().int().nullable(),
    fee_tier: z.enum(FEE_TIERS).nullable(),
    season: z.string().nullable(),
    minutes: z.number(),
    vibe_score: z.number().nullable(),
    season_score: z.number().nullable(),
    form_score: z.number().nullable(),
    top_metrics: z.array(z.object({ metric: z.enum(METRIC_KEYS), percentile: z.number() })),
    percentiles: z.record(z.string(), z.number().nullable()).optional(),
    image_url: z.never().optional(),
  })
  .loose();
export type PoolEntry = z.infer<typeof PoolEntry>;

/** The pool answer (docs/design.md#op-best-xi-pool); the API documents this schema. */
export const BestXiPoolResponse = z
  .object({
    players: z.array(PoolEntry),
    vibe_meta: Vibe.describe('The vibe: filters, metric weights, bonuses and constraints'),
    mode: z.enum(['pool', 'full', 'byIds']),
    meta: z.object({
      as_of: z.string(),
      candidates_considered: z.number().int(),
      form: z.enum(['appearances', 'unavailable']),
      coverage_note: z
        .string()
        .nullable()
        .describe(
          'Filters the dataset cannot answer (no birth dates, market values or World Cup squads at all), or null',
        ),
      attribution: z.string().optional(),
    }),
  })
  .loose();
export type BestXiPoolResponse = z.infer<typeof BestXiPoolResponse>;

/** For every league, the season in progress (or last finished) at the context's "now". */
function currentSeasonIds(ctx: EngineContext): Set<number> {
  const now = ctx.now().toISOString().slice(0, 10);
  const best = new Map<number, { id: number; start: string }>();
  for (let i = 0; i < ctx.derived.n; i++) {
    const season = ctx.seasonById(ctx.derived.season_id[i]);
    if (!season || season.start_date > now) continue;
    const cur = best.get(season.league_id);
    if (!cur || season.start_date > cur.start)
      best.set(season.league_id, { id: season.season_id, start: season.start_date });
  }
  return new Set([...best.values()].map((b) => b.id));
}

function entryOf(
  ctx: EngineContext,
  player: PlayerRow,
  row: number,
  vibe: Vibe,
  form: Map<number, number> | null,
  full: boolean,
): PoolEntry {
  const team =
    row >= 0
      ? ctx.teamById(ctx.derived.team_id[row])
      : player.team_id !== null
        ? ctx.teamById(player.team_id)
        : undefined;
  const league = row >= 0 ? ctx.leagueById(ctx.derived.league_id[row]) : undefined;
  const age = ctx.ageOf(player);
  const feeTier = feeTierOf(player.market_value_eur);
  const seasonScore = row >= 0 ? seasonScoreOf(ctx, row, vibe) : null;
  const formScore = form ? (form.get(player.player_id) ?? 0) : null;
  const keys = row >= 0 ? GROUP_METRICS[POSITION_GROUPS[ctx.derived.group[row]]] : [];
  // Top metrics prefer what matters for his role (docs/methodology/bestxi.md#season-score).
  const roleKeys = row >= 0 ? roleMetricsOf(ROLES[ctx.derived.role[row]]) : [];
  const top = roleKeys
    .map((metric) => ({ metric, percentile: ctx.derived.percentiles[metric][row] }))
    .filter((m) => !Number.isNaN(m.percentile))
    .sort((a, b) => b.percentile - a.percentile || roleKeys.indexOf(a.metric) - roleKeys.indexOf(b.metric))
    .slice(0, 3);
  const entry: PoolEntry = {
    player_id: player.player_id,
    name: player.known_as ?? player.name,
    position: player.position,
    position_group: positionGroupOf(positionCodeOf(player.position)),
    team: team ? { team_id: team.team_id, name: team.name } : null,
    league: league ? { league_id: league.league_id, name: league.name, tier: league.tier } : null,
    nationality: player.nationality,
    wc2026_nation: player.wc2026_nation,
    age,
    fee_tier: feeTier,
    season: row >= 0 ? (ctx.seasonById(ctx.derived.season_id[row])?.name ?? null) : null,
    minutes: row >= 0 ? minutesShown(ctx.derived.minutes[row]) : 0,
    vibe_score: seasonScore === null ? null : vibeScoreOf(seasonScore, formScore, bonusOf(vibe, age, feeTier)),
    season_score: seasonScore === null ? null : Math.round(seasonScore * 10) / 10,
    form_score: formScore === null ? null : Math.round(formScore * 10) / 10,
    top_metrics: top,
  };
  if (full && row >= 0) {
    entry.percentiles = Object.fromEntries(
      keys.map((k) => [k, Number.isNaN(ctx.derived.percentiles[k][row]) ? null : ctx.derived.percentiles[k][row]]),
    );
  }
  return entry;
}

/** True when a candidate passes the vibe's filters and the request's filters. */
function passes(
  ctx: EngineContext,
  player: PlayerRow,
  row: number,
  vibe: Vibe,
  req: z.output<typeof BestXiPoolRequest>,
): boolean {
  const f = vibe.filters;
  if (req.accepts && !(isPositionCode(player.position) && req.accepts.includes(player.position))) return false;
  if ((req.wc2026_only || f.wc2026_only) && !player.wc2026_nation) return false;
  const tier = feeTierOf(player.market_value_eur);
  const minTier = [req.min_fee_tier, f.min_fee_tier].filter((t): t is FeeTier => t !== undefined).map(feeTierRank);
  if (minTier.length > 0 && (tier === null || feeTierRank(tier) < Math.max(...minTier))) return false;
  if (f.max_fee_tier && (tier === null || feeTierRank(tier) > feeTierRank(f.max_fee_tier))) return false;
  const leagueTier = ctx.leagueById(ctx.derived.league_id[row])?.tier;
  const maxLeague = Math.min(req.max_league_tier ?? Infinity, f.max_league_tier ?? Infinity);
  if (leagueTier === undefined || leagueTier > maxLeague) return false;
  const age = ctx.ageOf(player);
  if (f.max_age !== undefined && (age === null || age > f.max_age)) return false;
  if (f.min_age !== undefined && (age === null || age < f.min_age)) return false;
  return true;
}

/**
 * Why filters must exclude everyone: the vibe's or request's age, fee-tier or World Cup filter on a
 * dataset where no player has that field (real provider data often has none). Null otherwise.
 */
export function coverageNoteOf(ctx: EngineContext, vibe: Vibe, req: z.output<typeof BestXiPoolRequest>): string | null {
  const f = vibe.filters;
  const notes: string[] = [];
  if ((f.min_age !== undefined || f.max_age !== undefined) && !ctx.players.some((p) => p.birth_date)) {
    notes.push(`No player in this dataset has a birth date, so the vibe's age filter excludes everyone.`);
  }
  if ((req.min_fee_tier || f.min_fee_tier || f.max_fee_tier) && !ctx.players.some((p) => p.market_value_eur !== null)) {
    notes.push('No player in this dataset has a market value, so the fee-tier filter excludes everyone.');
  }
  if ((req.wc2026_only || f.wc2026_only) && !ctx.players.some((p) => p.wc2026_nation)) {
    notes.push('No player in this dataset is in a 2026 World Cup squad, so the World Cup filter excludes everyone.');
  }
  return notes.length > 0 ? notes.join(' ') : null;
}

/**
 * Every scored candidate of the current seasons that passes the vibe's and the request's filters,
 * best vibe score first (ties by player id). Shared by the pool and the XI pick (pick.ts).
 */
export function poolCandidatesOf(ctx: EngineContext, vibe: Vibe, req: z.output<typeof BestXiPoolRequest>): PoolEntry[] {
  const form = formScores(ctx);
  const current = currentSeasonIds(ctx);
  const candidates: PoolEntry[] = [];
  for (const player of ctx.players) {
    const row = ctx.latestRowOf(player.player_id);
    if (row < 0 || !ctx.derived.inCohort[row] || !current.has(ctx.derived.season_id[row])) continue;
    if (!passes(ctx, player, row, vibe, req)) continue;
    const entry = entryOf(ctx, player, row, vibe, form, false);
    if (entry.vibe_score !== null) candidates.push(entry);
  }
  return candidates.sort((a, b) => b.vibe_score! - a.vibe_score! || a.player_id - b.player_id);
}

/**
 * Builds the pool (mode `pool`), one full entry (`full`) or the given ids in order (`byIds`).
 * Takes a request its schema has parsed (`engine.bestXiPool` in the public API parses first).
 * @example bestXiPoolOfParsed(engine, BestXiPoolRequest.parse({ vibe_id: 'golden_age' })).ok // => true
 */
export function bestXiPoolOfParsed(
  ctx: EngineContext,
  req: z.output<typeof BestXiPoolRequest>,
): Result<BestXiPoolResponse> {
  const found = vibeOrFail(req.vibe_id);
  if (!found.ok) return found;
  const vibe = found.value;
  const form = formScores(ctx);
  const meta: BestXiPoolResponse['meta'] = {
    as_of: ctx.asOf,
    candidates_considered: 0,
    form: form ? 'appearances' : 'unavailable',
    coverage_note: null,
    ...attributionOf(ctx.dataset.meta),
  };
  if (req.mode !== 'pool') {
    const ids = req.mode === 'full' ? [req.player_id!] : req.player_ids!;
    const unknown = ids.filter((id) => !ctx.playerById(id));
    if (unknown.length > 0) {
      return fail('invalid_request', `unknown player id(s): ${unknown.join(', ')}`, {
        param: req.mode === 'full' ? 'player_id' : 'player_ids',
        unknown_ids: unknown,
      });
    }
    const players = ids.map((id) =>
      entryOf(ctx, ctx.playerById(id)!, ctx.latestRowOf(id), vibe, form, req.mode === 'full'),
    );
    return ok({ players, vibe_meta: vibe, mode: req.mode, meta: { ...meta, candidates_considered: ids.length } });
  }
  const candidates = poolCandidatesOf(ctx, vibe, req);
  return ok({
    players: candidates.slice(0, req.limit),
    vibe_meta: vibe,
    mode: 'pool',
    meta: { ...meta, candidates_considered: candidates.length, coverage_note: coverageNoteOf(ctx, vibe, req) },
  });
}

/** Number of the team's most recent finished fixtures that define form (docs/methodology.md#best-xi). */
export const FORM_MATCHES = 5;
/** Nominal minutes of a match. */
const MATCH_MINUTES = 90;

const cache = new WeakMap<EngineContext, Map<number, number> | null>();

/**
 * Player id → form score 0–100 at the context's "now", or null when the dataset has no
 * appearances. Computed once per context.
 */
function formScores(ctx: EngineContext): Map<number, number> | null {
  if (cache.has(ctx)) return cache.get(ctx)!;
  const appearances = ctx.dataset.tables.appearances;
  if (!appearances) {
    cache.set(ctx, null);
    return null;
  }
  const now = ctx.now().getTime();
  const fixtures = rowsOf(ctx.dataset.tables.fixtures, 'fixtures')
    .filter((f) => f.status === 'finished' && f.kickoff <= now)
    .sort((a, b) => b.kickoff - a.kickoff || b.fixture_id - a.fixture_id);
  // The last FORM_MATCHES finished fixtures of each team.
  const recentOfTeam = new Map<number, number>();
  const recentFixtures = new Set<number>();
  for (const f of fixtures) {
    for (const team of [f.home_team_id, f.away_team_id]) {
      const seen = recentOfTeam.get(team) ?? 0;
      if (seen < FORM_MATCHES) {
        recentOfTeam.set(team, seen + 1);
        recentFixtures.add(f.fixture_id * 2 + (team === f.home_team_id ? 0 : 1));
      }
    }
  }
  const homeOf = new Map(fixtures.map((f) => [f.fixture_id, f.home_team_id]));
  const fixtureCol = intColumn(appearances, 'fixture_id');
  const playerCol = intColumn(appearances, 'player_id');
  const teamCol = intColumn(appearances, 'team_id');
  const minutesCol = numberColumn(appearances, 'minutes');
  const minutes = new Map<number, number>();
  for (let i = 0; i < fixtureCol.length; i++) {
    const home = homeOf.get(fixtureCol[i]);
    if (home === undefined) continue;
    if (!recentFixtures.has(fixtureCol[i] * 2 + (teamCol[i] === home ? 0 : 1))) continue;
    minutes.set(playerCol[i], (minutes.get(playerCol[i]) ?? 0) + minutesCol[i]);
  }
  const scores = new Map<number, number>();
  for (const p of ctx.players) {
    const played = p.team_id === null ? 0 : (recentOfTeam.get(p.team_id) ?? 0);
    scores.set(
      p.player_id,
      played === 0 ? 0 : Math.min(100, (100 * (minutes.get(p.player_id) ?? 0)) / (played * MATCH_MINUTES)),
    );
  }
  cache.set(ctx, scores);
  return scores;
}

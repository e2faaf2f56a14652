/**
 * POST /api/v1/best-xi/lineup (docs/design.md#op-best-xi-lineup; docs/design.md#best-xi): aggregate statistics of a built
 * lineup of 1–11 players. The fee tier comes from the summed market value; no EUR amount is returned.
 */
import * as z from 'zod';
import type { EngineContext, PlayerRow } from '../context.js';
import { attributionOf, positionGroupOf, type PositionGroup } from '../model/schema.js';
import { positionCodeOf } from '../model/positions.js';
import { fail, ok, type Result } from '../errors.js';
import { FEE_TIERS, feeTierOf } from '../stats/fee-tier.js';
import { seasonScoreOf } from './score.js';
import { vibeById, type Vibe } from './vibes.js';
import { minutesShown } from '../stats/per90.js';

/** Coverage levels (docs/methodology.md#best-xi): all players have stats → full; at least half → partial; else low. */
const COVERAGE_PARTIAL_MIN = 0.5;

export const BestXiLineupRequest = z
  .object({
    player_ids: z.array(z.number().int().positive()).min(1).max(11),
    vibe_id: z.string().min(1).optional(),
  })
  .strict();
export type BestXiLineupRequest = z.infer<typeof BestXiLineupRequest>;

/**
 * The lineup answer (docs/design.md#op-best-xi-lineup): its type is this schema's, and the API documents
 * this schema, so the two cannot drift apart.
 */
export const BestXiLineupResponse = z
  .object({
    primary: z.object({
      lineup_fee_tier: z.enum(FEE_TIERS).nullable(),
      avg_rating: z.number().nullable(),
      ga_per90: z.number(),
      def_per90: z.number(),
    }),
    secondary: z.object({
      avg_age: z.number().nullable(),
      total_minutes: z.number(),
      leagues: z.array(z.object({ league_id: z.number().int(), name: z.string(), players: z.number().int() })),
      nationalities: z.array(z.object({ nationality: z.string(), players: z.number().int() })),
      shape: z.object({
        goalkeeper: z.number().int(),
        defender: z.number().int(),
        midfielder: z.number().int(),
        attacker: z.number().int(),
      }),
      goalkeepers_ok: z.boolean(),
      vibe_fit: z.number().nullable(),
    }),
    data_coverage: z.object({
      players_with_stats: z.number().int(),
      requested: z.number().int(),
      ratio: z.number(),
      level: z.enum(['full', 'partial', 'low']),
      fee_values_known: z.number().int(),
    }),
    meta: z.object({ as_of: z.string(), attribution: z.string().optional() }),
  })
  .loose();
export type BestXiLineupResponse = z.infer<typeof BestXiLineupResponse>;

const round = (x: number, digits = 2) => Math.round(x * 10 ** digits) / 10 ** digits;
/** Value of a derived column at a row, 0 when missing (a missing per-90 adds nothing to a sum). */
const at = (ctx: EngineContext, key: keyof EngineContext['derived']['values'], row: number) => {
  const v = ctx.derived.values[key][row];
  return Number.isNaN(v) ? 0 : v;
};

/** Coverage level from the share of players with statistics. */
export function coverageLevelOf(ratio: number): 'full' | 'partial' | 'low' {
  return ratio === 1 ? 'full' : ratio >= COVERAGE_PARTIAL_MIN ? 'partial' : 'low';
}

/** The request's problem: duplicate or unknown player ids, or an unknown vibe; null when it can be answered. */
function lineupProblemOf(ctx: EngineContext, ids: readonly number[], vibeId: string | undefined): Result<never> | null {
  const duplicates = [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))];
  if (duplicates.length > 0)
    return fail('invalid_request', `player_ids: duplicate id(s) ${duplicates.join(', ')}`, {
      param: 'player_ids',
      duplicate_ids: duplicates,
    });
  const unknown = ids.filter((id) => !ctx.playerById(id));
  if (unknown.length > 0)
    return fail('invalid_request', `player_ids: unknown id(s) ${unknown.join(', ')}`, {
      param: 'player_ids',
      unknown_ids: unknown,
    });
  if (vibeId !== undefined && !vibeById(vibeId))
    return fail('invalid_request', `vibe_id: unknown vibe "${vibeId}"`, { param: 'vibe_id' });
  return null;
}

const mean = (xs: readonly number[], digits?: number) =>
  xs.length === 0 ? null : round(xs.reduce((a, b) => a + b, 0) / xs.length, digits);

/** Summed market value and how many values were known (an unknown value counts as nothing). */
function valueSumOf(players: readonly PlayerRow[]): { sum: number; known: number } {
  let sum = 0;
  let known = 0;
  for (const p of players) {
    if (p.market_value_eur !== null) {
      sum += p.market_value_eur;
      known++;
    }
  }
  return { sum, known };
}

/** The lineup's per-90 output: goals plus assists, and tackles plus interceptions plus clearances. */
function primaryOf(ctx: EngineContext, withStats: readonly number[], players: readonly PlayerRow[]) {
  const value = valueSumOf(players);
  const ratings = withStats.map((r) => ctx.derived.values.rating[r]).filter((v) => !Number.isNaN(v));
  return {
    // Unknown market values count as nothing; data_coverage.fee_values_known says how many were known.
    lineup_fee_tier: value.known === 0 ? null : feeTierOf(value.sum),
    avg_rating: mean(ratings),
    ga_per90: round(withStats.reduce((s, r) => s + at(ctx, 'goals_per90', r) + at(ctx, 'assists_per90', r), 0)),
    def_per90: round(
      withStats.reduce(
        (s, r) => s + at(ctx, 'tackles_per90', r) + at(ctx, 'interceptions_per90', r) + at(ctx, 'clearances_per90', r),
        0,
      ),
    ),
  };
}

/** Age, minutes, leagues, nationalities, shape and vibe fit of the lineup. */
function secondaryOf(
  ctx: EngineContext,
  withStats: readonly number[],
  players: readonly PlayerRow[],
  vibe: Vibe | undefined,
): BestXiLineupResponse['secondary'] {
  const ages = players.map((p) => ctx.ageOf(p)).filter((a): a is number => a !== null);
  const shape: Record<PositionGroup, number> = { goalkeeper: 0, defender: 0, midfielder: 0, attacker: 0 };
  for (const p of players) shape[positionGroupOf(positionCodeOf(p.position))]++;
  const leagues = new Map<number, number>();
  for (const r of withStats) leagues.set(ctx.derived.league_id[r], (leagues.get(ctx.derived.league_id[r]) ?? 0) + 1);
  const nations = new Map<string, number>();
  for (const p of players) if (p.nationality) nations.set(p.nationality, (nations.get(p.nationality) ?? 0) + 1);
  const fits = vibe ? withStats.map((r) => seasonScoreOf(ctx, r, vibe)).filter((s): s is number => s !== null) : [];
  return {
    avg_age: mean(ages, 1),
    total_minutes: minutesShown(withStats.reduce((s, r) => s + ctx.derived.minutes[r], 0)),
    leagues: [...leagues]
      .map(([league_id, n]) => ({ league_id, name: ctx.leagueById(league_id)?.name ?? String(league_id), players: n }))
      .sort((a, b) => b.players - a.players || a.league_id - b.league_id),
    nationalities: [...nations]
      .map(([nationality, n]) => ({ nationality, players: n }))
      .sort((a, b) => b.players - a.players || a.nationality.localeCompare(b.nationality)),
    shape,
    goalkeepers_ok: players.length < 11 ? shape.goalkeeper <= 1 : shape.goalkeeper === 1,
    vibe_fit: mean(fits, 1),
  };
}

/**
 * Aggregates a lineup: duplicates and unknown ids are refused with invalid_request naming them.
 * Takes a request its schema has parsed (`engine.bestXiLineup` in the public API parses first).
 * @example bestXiLineupOfParsed(engine, BestXiLineupRequest.parse({ player_ids: [1, 2] })).ok // => true
 */
export function bestXiLineupOfParsed(
  ctx: EngineContext,
  req: z.output<typeof BestXiLineupRequest>,
): Result<BestXiLineupResponse> {
  const { player_ids: ids, vibe_id } = req;
  const problem = lineupProblemOf(ctx, ids, vibe_id);
  if (problem) return problem;
  const vibe = vibe_id === undefined ? undefined : vibeById(vibe_id);
  const players = ids.map((id) => ctx.playerById(id)!);
  const withStats = ids.map((id) => ctx.latestRowOf(id)).filter((r) => r >= 0);
  const ratio = withStats.length / ids.length;
  return ok({
    primary: primaryOf(ctx, withStats, players),
    secondary: secondaryOf(ctx, withStats, players, vibe),
    data_coverage: {
      players_with_stats: withStats.length,
      requested: ids.length,
      ratio: round(ratio, 3),
      level: coverageLevelOf(ratio),
      fee_values_known: valueSumOf(players).known,
    },
    meta: { as_of: ctx.asOf, ...attributionOf(ctx.dataset.meta) },
  });
}

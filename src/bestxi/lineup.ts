/**
 * POST /api/v1/best-xi/lineup (docs/design.md#op-best-xi-lineup; docs/design.md#best-xi): aggregate statistics of a built
 * lineup of 1–11 players. The fee tier comes from the summed market value; no EUR amount is returned.
 */
import { z } from 'zod';
import type { EngineContext } from '../context.js';
import { attributionOf, positionGroupOf, type PositionCode, type PositionGroup } from '../model/schema.js';
import { fail, ok, type Result } from '../errors.js';
import { FEE_TIERS, feeTierOf } from '../stats/fee-tier.js';
import { parsingWith } from '../validation.js';
import { seasonScoreOf } from './score.js';
import { vibeById } from './vibes.js';
import { minutesShown } from '../stats/per90.js';

/** Coverage levels (docs/methodology.md#best-xi): all players have stats → full; at least half → partial; else low. */
export const COVERAGE_PARTIAL_MIN = 0.5;

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

/**
 * {@link bestXiLineupOf} on a request already parsed by `BestXiLineupRequest`: the same answer, without
 * parsing again (the service parses each body once, then calls this).
 * @example bestXiLineupOfParsed(engine, BestXiLineupRequest.parse({ player_ids: [1, 2] })).ok // => true
 */
export function bestXiLineupOfParsed(
  ctx: EngineContext,
  req: z.output<typeof BestXiLineupRequest>,
): Result<BestXiLineupResponse> {
  const { player_ids: ids, vibe_id } = req;
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
  const vibe = vibe_id === undefined ? undefined : vibeById(vibe_id);
  if (vibe_id !== undefined && !vibe)
    return fail('invalid_request', `vibe_id: unknown vibe "${vibe_id}"`, { param: 'vibe_id' });

  const players = ids.map((id) => ctx.playerById(id)!);
  const rows = ids.map((id) => ctx.latestRowOf(id));
  const withStats = rows.filter((r) => r >= 0);
  let valueSum = 0;
  let valuesKnown = 0;
  for (const p of players) {
    if (p.market_value_eur !== null) {
      valueSum += p.market_value_eur;
      valuesKnown++;
    }
  }
  const ratings = withStats.map((r) => ctx.derived.values.rating[r]).filter((v) => !Number.isNaN(v));
  const ages = players.map((p) => ctx.ageOf(p)).filter((a): a is number => a !== null);
  const shape: Record<PositionGroup, number> = { goalkeeper: 0, defender: 0, midfielder: 0, attacker: 0 };
  for (const p of players) shape[positionGroupOf(p.position as PositionCode)]++;
  const leagues = new Map<number, number>();
  for (const r of withStats) leagues.set(ctx.derived.league_id[r], (leagues.get(ctx.derived.league_id[r]) ?? 0) + 1);
  const nations = new Map<string, number>();
  for (const p of players) if (p.nationality) nations.set(p.nationality, (nations.get(p.nationality) ?? 0) + 1);
  const fits = vibe ? withStats.map((r) => seasonScoreOf(ctx, r, vibe)).filter((s): s is number => s !== null) : [];
  const ratio = withStats.length / ids.length;
  return ok({
    primary: {
      // Unknown market values count as nothing; data_coverage.fee_values_known says how many were known.
      lineup_fee_tier: valuesKnown === 0 ? null : feeTierOf(valueSum),
      avg_rating: ratings.length === 0 ? null : round(ratings.reduce((a, b) => a + b, 0) / ratings.length),
      ga_per90: round(withStats.reduce((s, r) => s + at(ctx, 'goals_per90', r) + at(ctx, 'assists_per90', r), 0)),
      def_per90: round(
        withStats.reduce(
          (s, r) =>
            s + at(ctx, 'tackles_per90', r) + at(ctx, 'interceptions_per90', r) + at(ctx, 'clearances_per90', r),
          0,
        ),
      ),
    },
    secondary: {
      avg_age: ages.length === 0 ? null : round(ages.reduce((a, b) => a + b, 0) / ages.length, 1),
      total_minutes: minutesShown(withStats.reduce((s, r) => s + ctx.derived.minutes[r], 0)),
      leagues: [...leagues]
        .map(([league_id, n]) => ({
          league_id,
          name: ctx.leagueById(league_id)?.name ?? String(league_id),
          players: n,
        }))
        .sort((a, b) => b.players - a.players || a.league_id - b.league_id),
      nationalities: [...nations]
        .map(([nationality, n]) => ({ nationality, players: n }))
        .sort((a, b) => b.players - a.players || a.nationality.localeCompare(b.nationality)),
      shape,
      goalkeepers_ok: ids.length < 11 ? shape.goalkeeper <= 1 : shape.goalkeeper === 1,
      vibe_fit: fits.length === 0 ? null : round(fits.reduce((a, b) => a + b, 0) / fits.length, 1),
    },
    data_coverage: {
      players_with_stats: withStats.length,
      requested: ids.length,
      ratio: round(ratio, 3),
      level: coverageLevelOf(ratio),
      fee_values_known: valuesKnown,
    },
    meta: { as_of: ctx.asOf, ...attributionOf(ctx.dataset.meta) },
  });
}

/** Aggregates a lineup: duplicates and unknown ids are refused with invalid_request naming them. */
export const bestXiLineupOf = parsingWith(BestXiLineupRequest, bestXiLineupOfParsed);

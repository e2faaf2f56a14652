/**
 * The similarity index of a loaded dataset's players (docs/methodology/dna.md#search): one vector
 * per player, the one of his latest season, with the filter columns (age, fee tier, league tier,
 * league) read from the registry and the minutes behind the vector. Also the player block every DNA response shows, which carries
 * the fee tier and never an EUR amount (docs/design.md#fee-tiers).
 */
import * as z from 'zod';
import type { EngineContext, PlayerRow } from '../context.js';
import { POSITION_GROUPS, positionGroupOf } from '../model/schema.js';
import { positionCodeOf } from '../model/positions.js';
import { FEE_TIERS, feeTierOf, feeTierRank } from '../stats/fee-tier.js';
import { DNA_DIMS } from './features.js';
import { buildSimilarityIndex, type SimilarityIndex } from './similarity-index.js';
import type { DnaVectors } from './vectors.js';

/** An engine context that also holds the DNA vectors of every derived row. */
export interface DnaContext extends EngineContext {
  readonly dna: DnaVectors;
}

/** The players' similarity index plus the derived row behind each player's vector. */
interface PlayerDnaIndex {
  index: SimilarityIndex;
  /** Derived row of each indexed player's vector. */
  rowOfPlayer: Map<number, number>;
}

const cache = new WeakMap<DnaContext, PlayerDnaIndex>();

/** The league a player is shown in: his club's league, else the league of his latest season. */
export function leagueIdOf(ctx: EngineContext, player: PlayerRow): number | null {
  const team = player.team_id === null ? undefined : ctx.teamById(player.team_id);
  if (team?.league_id != null) return team.league_id;
  const row = ctx.latestRowOf(player.player_id);
  return row >= 0 ? ctx.derived.league_id[row] : null;
}

/**
 * The similarity index of `ctx`'s players, built on first use and kept for the context's life.
 * A player is indexed when his latest season row has a DNA vector. Cost: O(players × 16).
 * @example playerDnaIndexOf(engine).index.count // => 4,210 on the demo data
 */
export function playerDnaIndexOf(ctx: DnaContext): PlayerDnaIndex {
  const hit = cache.get(ctx);
  if (hit) return hit;
  const rows: { player: PlayerRow; row: number }[] = [];
  for (const player of ctx.players) {
    const row = ctx.latestRowOf(player.player_id);
    if (row >= 0 && ctx.dna.search.hasVector[row]) rows.push({ player, row });
  }
  const n = rows.length;
  const vectors = new Float32Array(n * DNA_DIMS);
  const age = new Int16Array(n);
  const fee = new Uint8Array(n);
  const tier = new Uint8Array(n);
  const league = new Int32Array(n);
  const minutes = new Float32Array(n);
  rows.forEach(({ player, row }, i) => {
    vectors.set(ctx.dna.search.matrix.subarray(row * DNA_DIMS, (row + 1) * DNA_DIMS), i * DNA_DIMS);
    age[i] = ctx.ageOf(player) ?? -1;
    const t = feeTierOf(player.market_value_eur);
    fee[i] = t ? feeTierRank(t) : 0;
    const leagueId = leagueIdOf(ctx, player);
    league[i] = leagueId ?? -1;
    minutes[i] = ctx.derived.minutes[row];
    tier[i] = leagueId === null ? 0 : (ctx.leagueById(leagueId)?.tier ?? 0);
  });
  const index = buildSimilarityIndex({
    vectors,
    dims: DNA_DIMS,
    player_id: Int32Array.from(rows, (r) => r.player.player_id),
    row: Int32Array.from(rows, (r) => r.row),
    group: Uint8Array.from(rows, (r) => ctx.derived.group[r.row]),
    age,
    fee_tier: fee,
    league_tier: tier,
    league_id: league,
    minutes,
  });
  const built = { index, rowOfPlayer: new Map(rows.map((r) => [r.player.player_id, r.row])) };
  cache.set(ctx, built);
  return built;
}

/** Identity block of a player in DNA responses: fee tier, never market value (docs/design.md#fee-tiers). */
export const DnaPlayerBlock = z
  .object({
    player_id: z.number().int(),
    name: z.string(),
    display_name: z.string(),
    team: z.string().nullable(),
    league: z.string().nullable(),
    league_tier: z.number().int().nullable(),
    position: z.string(),
    position_group: z.enum(POSITION_GROUPS),
    age: z.number().int().nullable(),
    fee_tier: z.enum(FEE_TIERS).nullable(),
    market_value_eur: z.never().optional(),
  })
  .loose();
export type DnaPlayerBlock = z.infer<typeof DnaPlayerBlock>;

/**
 * The player block of DNA search and alternatives results.
 * @example dnaPlayerBlockOf(engine, player).fee_tier // => 'T3'
 */
export function dnaPlayerBlockOf(ctx: EngineContext, player: PlayerRow): DnaPlayerBlock {
  const team = player.team_id === null ? undefined : ctx.teamById(player.team_id);
  const leagueId = leagueIdOf(ctx, player);
  const league = leagueId === null ? undefined : ctx.leagueById(leagueId);
  return {
    player_id: player.player_id,
    name: player.name,
    display_name: player.known_as ?? player.name,
    team: team?.name ?? null,
    league: league?.name ?? null,
    league_tier: league?.tier ?? null,
    position: player.position,
    position_group: positionGroupOf(positionCodeOf(player.position)),
    age: ctx.ageOf(player),
    fee_tier: feeTierOf(player.market_value_eur),
  };
}

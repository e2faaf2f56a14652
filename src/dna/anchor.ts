/**
 * The pricier DNA twin of a player-season (docs/methodology/dna.md#search): the closest vector in
 * his group among players in a strictly higher fee tier. The verdict engine uses it for its
 * `contrast` verdict ("plays like a T4, priced as a T2").
 */
import { feeTierOf, feeTierRank, type FeeTier } from '../stats/fee-tier.js';
import { POSITION_GROUPS } from '../model/schema.js';
import { DNA_DIMS } from './features.js';
import { playerDnaIndexOf, type DnaContext } from './player-index.js';
import { searchTopK } from './search.js';
import { defaultCandidateMinutesOf } from './search-request.js';
import { similarityOf } from './similarity.js';

export interface PricierTwin {
  player_id: number;
  name: string;
  fee_tier: FeeTier;
  /** 0–1 (cosine clamped at 0). */
  similarity: number;
}

/**
 * The closest DNA match of derived row `row` among players of the same group whose fee tier is
 * strictly higher than the row's player's, among candidates with the default sample floor of a
 * search (docs/methodology/dna.md#small-samples); ties by player_id. Null when the row has no vector,
 * the player has no fee tier or is already T5, or nobody pricier has a vector.
 * @example pricierTwinOf(engine, row) // => { player_id: 31, name: 'Carlo Vale', fee_tier: 'T4', similarity: 0.93 }
 */
export function pricierTwinOf(ctx: DnaContext, row: number): PricierTwin | null {
  if (!ctx.dna.search.hasVector[row]) return null;
  const playerId = ctx.derived.player_id[row];
  const tier = feeTierOf(ctx.playerById(playerId)?.market_value_eur);
  if (!tier || tier === 'T5') return null;
  const { index } = playerDnaIndexOf(ctx);
  const [hit] = searchTopK(index, {
    vector: ctx.dna.search.matrix.subarray(row * DNA_DIMS, (row + 1) * DNA_DIMS),
    k: 1,
    exclude_player_id: playerId,
    filters: {
      position_group: POSITION_GROUPS[ctx.derived.group[row]],
      min_fee_tier: feeTierRank(tier) + 1,
      min_minutes: defaultCandidateMinutesOf(ctx.derived.minutes[row]),
    },
  });
  if (!hit) return null;
  const twin = ctx.playerById(hit.player_id);
  const twinTier = feeTierOf(twin?.market_value_eur);
  if (!twin || !twinTier) return null;
  return {
    player_id: twin.player_id,
    name: twin.known_as ?? twin.name,
    fee_tier: twinTier,
    similarity: similarityOf(hit.score),
  };
}

/**
 * POST /api/v1/alternatives (docs/design.md#op-alternatives, beta; docs/methodology/dna.md#alternatives):
 * cheaper or younger players who play like the source. No EUR amount anywhere.
 */
import * as z from 'zod';
import type { PlayerRow } from '../context.js';
import { POSITION_GROUPS } from '../model/schema.js';
import { assert, ok, type Result } from '../errors.js';
import { feeTierOf, feeTierRank, type FeeTier } from '../stats/fee-tier.js';
import { CARD_TRIPLET } from '../stats/metrics.js';
import { dnaPlayerBlockOf, leagueIdOf, playerDnaIndexOf, type DnaContext, DnaPlayerBlock } from './player-index.js';
import { searchTopK } from './search.js';
import { slotOfPlayer } from './similarity-index.js';
import {
  CandidateMinutesMin,
  defaultCandidateMinutesOf,
  DnaMeta,
  dnaMetaOf,
  dnaRequestOf,
  DnaResultLimit,
  matchedPlayerOf,
  styleTagNamesOf,
} from './search-request.js';
import { agreeingMetricsOf, AgreeingMetric, SimilarityBand } from './similarity.js';

/** Nearest DNA vectors in the group recalled before reranking (docs/methodology/dna.md#alternatives). */
export const ALTERNATIVES_DNA_RECALL = 50;
/** Nearest same-league peers recalled before reranking (docs/methodology/dna.md#alternatives). */
export const ALTERNATIVES_PEER_RECALL = 20;
/** Blend weight of similarity (docs/methodology/dna.md#alternatives). */
export const BLEND_SIMILARITY = 0.7;
/** Blend weight of a cheaper fee tier (docs/methodology/dna.md#alternatives). */
export const BLEND_CHEAPER = 0.2;
/** Blend weight of a younger age (docs/methodology/dna.md#alternatives). */
export const BLEND_YOUNGER = 0.1;
/** Tier steps that count as the full cheaper bonus (T5 → T1 = 4) (docs/methodology/dna.md#alternatives). */
export const CHEAPER_FULL_TIERS = 4;
/** Years younger that count as the full younger bonus (docs/methodology/dna.md#alternatives). */
export const YOUNGER_FULL_YEARS = 10;
/** Results returned when `limit` is omitted. */
const ALTERNATIVES_LIMIT_DEFAULT = 10;

/** POST /api/v1/alternatives body: identity plus an optional limit (1–50) and candidate minutes floor. */
export const AlternativesRequest = dnaRequestOf({
  limit: DnaResultLimit.optional(),
  min_minutes: CandidateMinutesMin.optional(),
});
export type AlternativesRequest = z.infer<typeof AlternativesRequest>;

export const AlternativeResult = z
  .object({
    player: DnaPlayerBlock,
    recall_source: z
      .enum(['dna', 'league_peer', 'position_band'])
      .describe(
        "How the candidate was found: nearest DNA in the group, nearest in the source's league, or (fallback) same position and value band",
      ),
    similarity: z.number().nullable().describe('0–1, null in fallback mode'),
    match: z.number().nullable(),
    band: SimilarityBand.nullable(),
    blend: z
      .object({ score: z.number(), similarity: z.number(), cheaper: z.number(), younger: z.number() })
      .nullable()
      .describe('The rerank score and its parts (docs/methodology/dna.md#alternatives); null in fallback mode'),
    style_tags: z.array(z.string()),
    per90: z
      .union([z.array(AgreeingMetric), z.record(z.string(), z.number().nullable())])
      .describe(
        "Per-90 highlights: the metrics on which the candidate matches the source (dna_hybrid), or the candidate's headline triplet of his group (fallback)",
      ),
  })
  .loose();
export type AlternativeResult = z.infer<typeof AlternativeResult>;

/** Alternatives answer (docs/design.md#op-alternatives, beta): hybrid DNA alternatives (or the fallback), fee tiers, never EUR values. */
export const AlternativesResponse = z
  .object({
    data: z
      .object({
        mode: z.enum(['dna_hybrid', 'fallback']),
        source: DnaPlayerBlock.extend({ style_tags: z.array(z.string()) }),
        results: z.array(AlternativeResult),
        limit: z.number().int(),
        min_minutes: z
          .number()
          .optional()
          .describe("Fewest minutes behind a candidate's DNA vector, as applied (dna_hybrid)"),
        note: z.string().optional().describe('Why fallback mode was used'),
      })
      .loose(),
    summary: z.string(),
    meta: DnaMeta.extend({ beta: z.literal(true) }),
  })
  .strict();
export type AlternativesResponse = z.infer<typeof AlternativesResponse>;

const clamp = (x: number) => Math.max(-1, Math.min(1, x));

/**
 * The cheaper part of the blend: tier steps below the source over {@link CHEAPER_FULL_TIERS},
 * clamped to −1…1; 0 when either tier is unknown.
 * @example cheaperOf('T4', 'T2') // => 0.5
 */
export function cheaperOf(source: string | null, candidate: string | null): number {
  if (!source || !candidate) return 0;
  return clamp((Number(source.slice(1)) - Number(candidate.slice(1))) / CHEAPER_FULL_TIERS);
}

/**
 * The younger part of the blend: years younger than the source over {@link YOUNGER_FULL_YEARS},
 * clamped to −1…1; 0 when either age is unknown.
 * @example youngerOf(30, 21) // => 0.9
 */
export function youngerOf(source: number | null, candidate: number | null): number {
  if (source === null || candidate === null) return 0;
  return clamp((source - candidate) / YOUNGER_FULL_YEARS);
}

/**
 * The rerank score: 0.7 × similarity + 0.2 × cheaper + 0.1 × younger (4 decimals each).
 * @example blendOf(0.9, 0.5, 0.9) // => { score: 0.82, similarity: 0.9, cheaper: 0.5, younger: 0.9 }
 */
export function blendOf(similarity: number, cheaper: number, younger: number) {
  const r = (x: number) => Math.round(x * 10_000) / 10_000;
  return {
    score: r(BLEND_SIMILARITY * similarity + BLEND_CHEAPER * cheaper + BLEND_YOUNGER * younger),
    similarity,
    cheaper: r(cheaper),
    younger: r(younger),
  };
}

type Recalled = { row: number; score: number; recall: 'dna' | 'league_peer' };

/** The union of the nearest vectors in the group and the nearest in the player's league (found by both: `dna`). */
function recalledOf(ctx: DnaContext, player: PlayerRow, row: number, minMinutes: number): Map<number, Recalled> {
  const { index } = playerDnaIndexOf(ctx);
  const group = POSITION_GROUPS[ctx.derived.group[row]];
  const base = { slot: slotOfPlayer(index, player.player_id), exclude_player_id: player.player_id };
  const recalled = new Map<number, Recalled>();
  for (const hit of searchTopK(index, {
    ...base,
    k: ALTERNATIVES_DNA_RECALL,
    filters: { position_group: group, min_minutes: minMinutes },
  })) {
    recalled.set(hit.player_id, { row: hit.row, score: hit.score, recall: 'dna' });
  }
  const leagueId = leagueIdOf(ctx, player);
  if (leagueId !== null) {
    for (const hit of searchTopK(index, {
      ...base,
      k: ALTERNATIVES_PEER_RECALL,
      filters: { position_group: group, league_id: leagueId, min_minutes: minMinutes },
    })) {
      if (!recalled.has(hit.player_id))
        recalled.set(hit.player_id, { row: hit.row, score: hit.score, recall: 'league_peer' });
    }
  }
  return recalled;
}

/** One recalled candidate with his similarity, blend and agreeing per-90 metrics. */
function alternativeOf(
  ctx: DnaContext,
  id: number,
  r: Recalled,
  row: number,
  source: { fee_tier: FeeTier | null; age: number | null },
): AlternativeResult {
  const { player, similarity, match, band } = matchedPlayerOf(ctx, id, r.score);
  return {
    player,
    recall_source: r.recall,
    similarity,
    match,
    band,
    blend: blendOf(similarity, cheaperOf(source.fee_tier, player.fee_tier), youngerOf(source.age, player.age)),
    style_tags: styleTagNamesOf(ctx, r.row),
    per90: agreeingMetricsOf(ctx.dna, ctx.derived, row, r.row),
  };
}

/**
 * Runs an alternatives request: `dna_hybrid` recall and {@link blendOf} rerank with a DNA vector,
 * `fallback` by position and value band without one (docs/methodology/dna.md#alternatives).
 * Takes a request its schema has parsed (`engine.alternatives` in the public API parses first).
 * @example alternativesOfParsed(engine, AlternativesRequest.parse({ name: 'Jörg Müller-Weiß' })).ok // => true
 */
export function alternativesOfParsed(
  ctx: DnaContext,
  req: z.output<typeof AlternativesRequest>,
): Result<AlternativesResponse> {
  const resolved = ctx.resolvePlayer(req);
  if (!resolved.ok) return resolved;
  const player = ctx.playerById(resolved.value.player_id);
  assert(player, `resolver returned unknown player ${resolved.value.player_id}`);
  const limit = req.limit ?? ALTERNATIVES_LIMIT_DEFAULT;
  const { rowOfPlayer } = playerDnaIndexOf(ctx);
  const row = rowOfPlayer.get(player.player_id);
  const source = dnaPlayerBlockOf(ctx, player);
  const meta = { ...dnaMetaOf(ctx, player.player_id, resolved.value.resolution), beta: true as const };
  if (row === undefined) return ok(fallbackOf(ctx, player, source, limit, meta));

  const results: AlternativeResult[] = [];
  const minMinutes = req.min_minutes ?? defaultCandidateMinutesOf(ctx.derived.minutes[row]);
  for (const [id, r] of recalledOf(ctx, player, row, minMinutes)) results.push(alternativeOf(ctx, id, r, row, source));
  results.sort((a, b) => b.blend!.score - a.blend!.score || a.player.player_id - b.player.player_id);
  const top = results.slice(0, limit);
  const summary =
    top.length > 0
      ? `${top.length} alternatives to ${source.display_name}; first: ${top[0].player.display_name} (${top[0].player.fee_tier ?? 'tier unknown'}, similarity ${top[0].similarity!.toFixed(2)}).`
      : `No alternatives to ${source.display_name} in his position group${minMinutes > 0 ? ` with ${minMinutes} minutes or more behind their vector (min_minutes lowers that)` : ''}.`;
  return ok({
    data: {
      mode: 'dna_hybrid',
      source: { ...source, style_tags: styleTagNamesOf(ctx, row) },
      results: top,
      limit,
      min_minutes: minMinutes,
    },
    summary,
    meta,
  });
}

function fallbackOf(
  ctx: DnaContext,
  player: PlayerRow,
  source: DnaPlayerBlock,
  limit: number,
  meta: AlternativesResponse['meta'],
): AlternativesResponse {
  const sourceTier = feeTierOf(player.market_value_eur);
  const maxRank = sourceTier ? feeTierRank(sourceTier) : 5;
  const candidates: { player: PlayerRow; rank: number; age: number }[] = [];
  for (const p of ctx.players) {
    if (p.player_id === player.player_id || p.position !== player.position) continue;
    const tier = feeTierOf(p.market_value_eur);
    if (sourceTier && (!tier || feeTierRank(tier) > maxRank)) continue;
    candidates.push({ player: p, rank: tier ? feeTierRank(tier) : 6, age: ctx.ageOf(p) ?? 999 });
  }
  candidates.sort((a, b) => a.rank - b.rank || a.age - b.age || a.player.player_id - b.player.player_id);
  const results: AlternativeResult[] = candidates.slice(0, limit).map(({ player: p }) => {
    const row = ctx.latestRowOf(p.player_id);
    const per90: Record<string, number | null> = {};
    if (row >= 0) {
      const group = POSITION_GROUPS[ctx.derived.group[row]];
      // Without a vector there is nothing to agree on: show the group's headline triplet (docs/design.md#data-model).
      for (const key of CARD_TRIPLET[group]) {
        const v = ctx.derived.values[key][row];
        per90[key] = Number.isNaN(v) ? null : Math.round(v * 100) / 100;
      }
    }
    return {
      player: dnaPlayerBlockOf(ctx, p),
      recall_source: 'position_band',
      similarity: null,
      match: null,
      band: null,
      blend: null,
      style_tags: row >= 0 ? styleTagNamesOf(ctx, row) : [],
      per90,
    };
  });
  const latest = ctx.latestRowOf(player.player_id);
  const note = `${source.display_name} has no DNA vector (${latest < 0 ? 'no season rows' : 'under 90 minutes in his latest season'}): listing ${player.position}s in fee tier ${sourceTier ?? 'any'}${sourceTier && sourceTier !== 'T1' ? ' or cheaper' : ''}.`;
  return {
    data: { mode: 'fallback', source: { ...source, style_tags: [] }, results, limit, note },
    summary: `${results.length} ${player.position}s in the same or a cheaper value band than ${source.display_name} (no DNA vector).`,
    meta,
  };
}

/**
 * POST /api/v1/intelligence/dna-search (docs/design.md#op-dna-search, docs/design.md#dna-and-similarity): the players whose DNA is closest
 * to one player's, exact top-k over the filtered candidates, each match explained by its shared
 * style tags and the per-90 metrics that agree most. Fee-tier masking: no EUR amount anywhere.
 */
import * as z from 'zod';
import type { Resolution } from '../context.js';
import { entityMetaOf, POSITION_GROUPS } from '../model/schema.js';
import { assert, fail, ok, type Result } from '../errors.js';
import { FEE_TIERS, feeTierRank } from '../stats/fee-tier.js';
import { NAME_IDENTITY_FIELDS, requireIdentity } from '../identity/request.js';
import { DnaPlayerBlock, dnaPlayerBlockOf, playerDnaIndexOf, type DnaContext } from './player-index.js';
import { EntityMeta } from '../identity/name-match.js';
import { searchTopK, SEARCH_K_MAX } from './search.js';
import { slotOfPlayer } from './similarity-index.js';
import { counted, possessive, withArticle } from '../prose.js';
import { agreeingMetricsOf, bandOf, matchOf, similarityOf, AgreeingMetric, SimilarityBand } from './similarity.js';

/** Results returned when `limit` is omitted (docs/design.md#dna-and-similarity). */
export const DNA_SEARCH_LIMIT_DEFAULT = 10;

/**
 * Fewest minutes behind a candidate's vector for dna-search and alternatives unless the request
 * lowers it: the similarity bands were read on vectors of at least this many minutes
 * (docs/methodology/dna.md#small-samples). A source on fewer lowers his own default ({@link defaultCandidateMinutesOf}).
 */
export const CANDIDATE_MINUTES_MIN = 900;

/**
 * The default candidate floor for a source whose vector stands on `sourceMinutes`: 900, or his own
 * whole matches (multiples of 90) when he has fewer (docs/methodology/dna.md#small-samples).
 * @example defaultCandidateMinutesOf(2996) // => 900
 * @example defaultCandidateMinutesOf(400) // => 360
 */
export function defaultCandidateMinutesOf(sourceMinutes: number): number {
  return Math.min(CANDIDATE_MINUTES_MIN, 90 * Math.floor(Math.max(0, sourceMinutes) / 90));
}

/**
 * `min_minutes` of dna-search and alternatives, an extension of SPEC's filters: the fewest minutes
 * a candidate's vector stands on (default {@link defaultCandidateMinutesOf}; 0 admits every vector).
 */
export const CandidateMinutesMin = z
  .number({ message: 'must be a number of minutes ≥ 0' })
  .min(0, 'must be ≥ 0')
  .max(100_000, 'must be ≤ 100000')
  .describe(
    `Fewest minutes behind a candidate's DNA vector (default ${CANDIDATE_MINUTES_MIN}, or the source's own whole matches of 90 minutes when he has fewer; 0 admits every player with a vector); an extension of SPEC's filters, docs/methodology/dna.md#small-samples`,
  );

/** Identity inputs (docs/design.md#player-identity), shared by dna-search and alternatives. */
const DnaIdentity = z.object(NAME_IDENTITY_FIELDS).strict();

/** `limit` of dna-search and alternatives: 1–{@link SEARCH_K_MAX} results. */
export const DnaResultLimit = z
  .number()
  .int('must be a whole number')
  .min(1, 'must be 1–50')
  .max(SEARCH_K_MAX, 'must be 1–50');

/**
 * A DNA request body: the identity inputs plus `fields`, no other member, and a name or
 * player_id required.
 * @example dnaRequestOf({ limit: DnaResultLimit.optional() }).parse({ name: 'Saka', limit: 5 }) // => { name: 'Saka', limit: 5 }
 */
export const dnaRequestOf = <T extends z.ZodRawShape>(fields: T) =>
  DnaIdentity.extend(fields).strict().superRefine(requireIdentity('name'));

/** dna-search filters (docs/design.md#dna-and-similarity). */
export const DnaSearchFilters = z
  .object({
    max_fee_tier: z.enum(FEE_TIERS, { message: `must be one of ${FEE_TIERS.join(', ')}` }).optional(),
    max_age: z
      .number({ message: 'must be a whole number of years' })
      .int('must be a whole number of years')
      .min(0, 'must be ≥ 0')
      .max(99, 'must be ≤ 99')
      .optional(),
    league_tier_max: z
      .number({ message: 'must be a whole number ≥ 1' })
      .int('must be a whole number ≥ 1')
      .min(1, 'must be ≥ 1')
      .max(20, 'must be ≤ 20')
      .optional(),
    position_group: z.enum(POSITION_GROUPS, { message: `must be one of ${POSITION_GROUPS.join(', ')}` }).optional(),
    min_minutes: CandidateMinutesMin.optional(),
  })
  .strict();
export type DnaSearchFilters = z.infer<typeof DnaSearchFilters>;

/** POST /api/v1/intelligence/dna-search body. */
export const DnaSearchRequest = dnaRequestOf({
  filters: DnaSearchFilters.optional(),
  limit: DnaResultLimit.optional(),
});
export type DnaSearchRequest = z.infer<typeof DnaSearchRequest>;

export const DnaSearchResult = z
  .object({
    player: DnaPlayerBlock,
    similarity: z.number().min(0).max(1).describe('Cosine of the two DNA vectors clamped to 0–1, 4 decimals'),
    match: z.number().describe('similarity × 100, rounded'),
    band: SimilarityBand,
    style_tags: z.array(z.string()),
    shared_style_tags: z.array(z.string()).describe('Tags both players carry'),
    agreeing_metrics: z.array(AgreeingMetric).describe('The per-90 metrics that agree most, with both values'),
  })
  .loose();
export type DnaSearchResult = z.infer<typeof DnaSearchResult>;

/** The `meta` of DNA answers: the entity meta plus the method used. */
export const DnaMeta = EntityMeta.extend({ method: z.string() });

/** DNA search answer (docs/design.md#op-dna-search): similar players with similarity, match and band; fee tiers, never EUR values. */
export const DnaSearchResponse = z
  .object({
    data: z
      .object({
        source: DnaPlayerBlock.extend({ season: z.string().nullable(), style_tags: z.array(z.string()) }),
        results: z.array(DnaSearchResult),
        filters: z
          .object({
            position_group: z.enum(POSITION_GROUPS),
            max_fee_tier: z.enum(FEE_TIERS).nullable(),
            max_age: z.number().int().nullable(),
            league_tier_max: z.number().int().nullable(),
            min_minutes: z.number(),
          })
          .loose()
          .describe("Filters as applied; position_group defaults to the source's group"),
        limit: z.number().int(),
      })
      .loose(),
    summary: z.string(),
    meta: DnaMeta,
  })
  .strict();
export type DnaSearchResponse = z.infer<typeof DnaSearchResponse>;

/** Metadata of DNA responses: the entity meta plus the method used. */
export function dnaMetaOf(ctx: DnaContext, entityId: number, resolution: Resolution) {
  return {
    ...entityMetaOf(ctx, entityId, resolution),
    method: 'exact cosine over DNA vectors (z-scored per-90 style features, docs/methodology.md#dna)',
  };
}

/** Style tag names of a derived row (role first); empty without a vector. */
export function styleTagNamesOf(ctx: DnaContext, row: number): string[] {
  const style = ctx.styleOf(row);
  return style ? [style.primary, ...style.traits] : [];
}

/**
 * The source player's indexed vector row, or a `no_dna_vector` failure explaining why he has none
 * (no season, or under 90 minutes in his latest season).
 */
function sourceRowOf(ctx: DnaContext, playerId: number, displayName: string): Result<number> {
  const { rowOfPlayer } = playerDnaIndexOf(ctx);
  const row = rowOfPlayer.get(playerId);
  if (row !== undefined) return ok(row);
  const latest = ctx.latestRowOf(playerId);
  const why =
    latest < 0
      ? 'has no season rows'
      : `has only ${Math.round(ctx.derived.minutes[latest])} minutes in his latest season (a DNA vector needs 90)`;
  return fail('no_dna_vector', `${displayName} has no DNA vector: he ${why}`, { param: 'name' });
}

/** Why a filter must exclude everyone: provider datasets often have no market values or birth dates at all. */
function missingDataNote(ctx: DnaContext, f: { max_fee_tier?: unknown; max_age?: unknown }): string {
  let note = '';
  if (f.max_fee_tier !== undefined && !ctx.players.some((p) => p.market_value_eur !== null))
    note += ' No player in this dataset has a market value, so the fee-tier filter excludes everyone.';
  if (f.max_age !== undefined && !ctx.players.some((p) => p.birth_date))
    note += ' No player in this dataset has a birth date, so the age filter excludes everyone.';
  return note;
}

/** How to admit shorter samples, when the minutes floor is on. */
const minutesNote = (minMinutes: number): string =>
  minMinutes > 0 ? ` Candidates need ${minMinutes} minutes behind their vector; filters.min_minutes lowers that.` : '';

/** A candidate the index found, as DNA answers show him: his player block and the similarity, match and band of `score`. */
export function matchedPlayerOf(ctx: DnaContext, playerId: number, score: number) {
  const candidate = ctx.playerById(playerId);
  assert(candidate, `index holds unknown player ${playerId}`);
  const similarity = similarityOf(score);
  const band = bandOf(similarity, ctx.dna.search.method);
  return { player: dnaPlayerBlockOf(ctx, candidate), similarity, match: matchOf(similarity), band };
}

/** One hit explained: the candidate, his similarity and band, his style tags and the metrics that agree. */
function searchResultOf(
  ctx: DnaContext,
  hit: { player_id: number; row: number; score: number },
  row: number,
  sourceTags: readonly string[],
): DnaSearchResult {
  const tags = styleTagNamesOf(ctx, hit.row);
  return {
    ...matchedPlayerOf(ctx, hit.player_id, hit.score),
    style_tags: tags,
    shared_style_tags: tags.filter((t) => sourceTags.includes(t)),
    agreeing_metrics: agreeingMetricsOf(ctx.dna, ctx.derived, row, hit.row),
  };
}

/**
 * Runs a dna-search request: validates it (bad filters → `invalid_request` naming the field,
 * e.g. `filters.max_fee_tier`), resolves the player, searches exactly within his position group
 * (a different `position_group` is refused: vector slots mean different metrics in each group)
 * among candidates with at least `min_minutes` (default {@link defaultCandidateMinutesOf}), and
 * explains each match.
 * Takes a request its schema has parsed (`engine.dnaSearch` in the public API parses first).
 * @example dnaSearchOfParsed(engine, DnaSearchRequest.parse({ name: 'Jörg Müller-Weiß' })).ok // => true
 */
export function dnaSearchOfParsed(ctx: DnaContext, req: z.output<typeof DnaSearchRequest>): Result<DnaSearchResponse> {
  const resolved = ctx.resolvePlayer(req);
  if (!resolved.ok) return resolved;
  const player = ctx.playerById(resolved.value.player_id);
  assert(player, `resolver returned unknown player ${resolved.value.player_id}`);
  const source = dnaPlayerBlockOf(ctx, player);
  const rowR = sourceRowOf(ctx, player.player_id, source.display_name);
  if (!rowR.ok) return rowR;
  const row = rowR.value;
  const group = POSITION_GROUPS[ctx.derived.group[row]];
  const f = req.filters ?? {};
  if (f.position_group !== undefined && f.position_group !== group) {
    return fail(
      'invalid_request',
      `filters.position_group: DNA vectors compare within a position group and ${source.display_name} is ${withArticle(group)}`,
      { param: 'filters.position_group' },
    );
  }
  const limit = req.limit ?? DNA_SEARCH_LIMIT_DEFAULT;
  const minMinutes = f.min_minutes ?? defaultCandidateMinutesOf(ctx.derived.minutes[row]);
  const { index } = playerDnaIndexOf(ctx);
  const hits = searchTopK(index, {
    slot: slotOfPlayer(index, player.player_id),
    k: limit,
    exclude_player_id: player.player_id,
    filters: {
      position_group: group,
      max_fee_tier: f.max_fee_tier ? feeTierRank(f.max_fee_tier) : undefined,
      max_age: f.max_age,
      league_tier_max: f.league_tier_max,
      min_minutes: minMinutes,
    },
  });
  const sourceTags = styleTagNamesOf(ctx, row);
  const results = hits.map((hit) => searchResultOf(ctx, hit, row, sourceTags));
  const filters = {
    position_group: group,
    max_fee_tier: f.max_fee_tier ?? null,
    max_age: f.max_age ?? null,
    league_tier_max: f.league_tier_max ?? null,
    min_minutes: minMinutes,
  };
  const best = results[0];
  const summary = best
    ? `${counted(results.length, group)} with a DNA like ${possessive(source.display_name)}; closest: ${best.player.display_name} (${best.similarity.toFixed(2)}, ${best.band}).`
    : `No ${group} passes the filters for a DNA match with ${source.display_name}.${missingDataNote(ctx, f)}${minutesNote(minMinutes)}`;
  return ok({
    data: {
      source: { ...source, season: ctx.seasonById(ctx.derived.season_id[row])?.name ?? null, style_tags: sourceTags },
      results,
      filters,
      limit,
    },
    summary,
    meta: dnaMetaOf(ctx, player.player_id, resolved.value.resolution),
  });
}

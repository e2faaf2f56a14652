/**
 * @module DNA: style vectors, style tags, the exact similarity index and search, and the
 * dna-search / alternatives operations (docs/design.md#dna-and-similarity, docs/methodology/dna.md).
 */
export { DNA_DIMS, STYLE_FEATURES, featureSlotOf, type StyleFeature } from './features.js';
export {
  dnaVectorsOf,
  cosineOfRows,
  VECTOR_MINUTES_MIN,
  REFERENCE_ROWS_MIN,
  Z_CLIP,
  VECTOR_NORM_MIN,
  type DnaVectors,
  type DnaVectorOptions,
} from './vectors.js';
export { styleTagsOf, tagNamesOf, type StyleTags, type TagResult, type Evidence } from './tags.js';
export {
  ROLE_TAGS,
  TRAIT_TAGS,
  ROLE_RULES,
  TRAIT_RULES,
  ROLE_P_HIGH,
  ROLE_P_ABOVE,
  ROLE_P_MEDIAN,
  TRAIT_P,
  TRAIT_PAIR_P,
  type StyleTag,
  type RoleTag,
  type TraitTag,
  type TagRule,
  type Condition,
} from './tag-rules.js';
export {
  searchTopK,
  KERNEL_SCORE_SLACK,
  SEARCH_K_MAX,
  type SearchFilters,
  type SearchQuery,
  type SearchHit,
} from './search.js';
export {
  buildSimilarityIndex,
  slotOfPlayer,
  type SimilarityIndex,
  type IndexColumns,
} from './similarity-index.js';
export {
  similarityOf,
  matchOf,
  bandOf,
  agreeingMetricsOf,
  VERY_SIMILAR_MIN,
  STRONG_OVERLAP_MIN,
  PARTIAL_MIN,
  type SimilarityBand,
  type AgreeingMetric,
} from './similarity.js';
export {
  DnaSearchRequest,
  DnaSearchFilters,
  DNA_SEARCH_LIMIT_DEFAULT,
  type DnaSearchResponse,
  type DnaSearchResult,
} from './search-request.js';
export {
  AlternativesRequest,
  blendOf,
  cheaperOf,
  youngerOf,
  ALTERNATIVES_DNA_RECALL,
  ALTERNATIVES_PEER_RECALL,
  BLEND_SIMILARITY,
  BLEND_CHEAPER,
  BLEND_YOUNGER,
  type AlternativesResponse,
  type AlternativeResult,
} from './alternatives.js';
export { pricierTwinOf, type PricierTwin } from './anchor.js';
export type { DnaPlayerBlock } from './player-index.js';

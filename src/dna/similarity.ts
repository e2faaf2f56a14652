/**
 * Reading a cosine similarity the way a scout would (docs/design.md#dna-and-similarity, docs/methodology/dna.md#reading-a-score):
 * the 0–1 similarity, the 0–100 match, its band label, and which metrics make two players alike.
 */
import * as z from 'zod';
import { POSITION_GROUPS } from '../model/schema.js';
import type { DerivedSeasons } from '../stats/derived.js';
import { METRIC_KEYS, METRICS } from '../stats/metrics.js';
import { STYLE_FEATURES } from './features.js';
import type { DnaVectors } from './vectors.js';

/** Lowest similarity read as "very similar" (docs/design.md#dna-and-similarity, docs/methodology/dna.md#reading-a-score). */
export const VERY_SIMILAR_MIN = 0.85;
/** Lowest similarity read as "strong overlap" (docs/methodology/dna.md#reading-a-score). */
export const STRONG_OVERLAP_MIN = 0.75;
/** Lowest similarity read as "partial" (docs/methodology/dna.md#reading-a-score). */
export const PARTIAL_MIN = 0.65;
/**
 * Lowest DNA v2 (`zones`) similarity read as "very similar", read off the split-half cosines
 * (docs/methodology/dna.md#reading-a-score).
 */
export const ZONE_VERY_SIMILAR_MIN = 0.95;
/** Lowest DNA v2 similarity read as "strong overlap" (docs/methodology/dna.md#reading-a-score). */
export const ZONE_STRONG_OVERLAP_MIN = 0.88;
/** Lowest DNA v2 similarity read as "partial" (docs/methodology/dna.md#reading-a-score). */
export const ZONE_PARTIAL_MIN = 0.72;

/** The band floors of each kind of search vector (vectors.ts `search.method`). */
export const SIMILARITY_BANDS = {
  stats: { very_similar: VERY_SIMILAR_MIN, strong_overlap: STRONG_OVERLAP_MIN, partial: PARTIAL_MIN },
  zones: { very_similar: ZONE_VERY_SIMILAR_MIN, strong_overlap: ZONE_STRONG_OVERLAP_MIN, partial: ZONE_PARTIAL_MIN },
} as const satisfies Record<DnaVectors['search']['method'], Record<string, number>>;

/** How many agreeing metrics a match explains itself with. */
const AGREEING_METRICS = 3;

export const SimilarityBand = z.enum(['very similar', 'strong overlap', 'partial', 'different']);
export type SimilarityBand = z.infer<typeof SimilarityBand>;

/**
 * The reported similarity: the cosine clamped to 0–1 (opposite styles read as 0) and rounded to
 * 4 decimals.
 * @example similarityOf(0.87654) // => 0.8765
 * @example similarityOf(-0.3) // => 0
 */
export function similarityOf(cosine: number): number {
  return Math.round(Math.min(1, Math.max(0, cosine)) * 10_000) / 10_000;
}

/**
 * The 0–100 match score: the similarity × 100, rounded to an integer.
 * @example matchOf(0.8765) // => 88
 */
export function matchOf(similarity: number): number {
  return Math.round(similarity * 100);
}

/**
 * Band label of a similarity of search vectors of kind `method`, read on the value as shown to two
 * decimals (= `match` / 100), so two scores that both read 0.65 never get different labels. Stats-only
 * DNA: ≥ 0.85 very similar, ≥ 0.75 strong overlap, ≥ 0.65 partial, else different; DNA v2 (`zones`):
 * ≥ 0.95, ≥ 0.88, ≥ 0.72.
 * @example bandOf(0.75) // => 'strong overlap'
 * @example bandOf(0.6499) // => 'partial' (shown as 0.65)
 * @example bandOf(0.6449) // => 'different' (shown as 0.64)
 * @example bandOf(0.9, 'zones') // => 'strong overlap'
 */
export function bandOf(similarity: number, method: DnaVectors['search']['method'] = 'stats'): SimilarityBand {
  const shown = matchOf(similarity);
  const floors = SIMILARITY_BANDS[method];
  // Floors are compared in whole points, as shown: a floor × 100 can fall just under the whole point in floating point.
  if (shown >= Math.round(floors.very_similar * 100)) return 'very similar';
  if (shown >= Math.round(floors.strong_overlap * 100)) return 'strong overlap';
  if (shown >= Math.round(floors.partial * 100)) return 'partial';
  return 'different';
}

/** One metric on which two players agree, with its share of their cosine. */
export const AgreeingMetric = z.object({
  metric: z.enum(METRIC_KEYS),
  label: z.string(),
  source_value: z.number().nullable().describe('Per-90 value of the source (2 decimals; null when missing)'),
  candidate_value: z.number().nullable().describe('Per-90 value of the candidate (2 decimals; null when missing)'),
  source_z: z.number().nullable().describe('z-score within group × season (2 decimals)'),
  candidate_z: z.number().nullable().describe('z-score within group × season (2 decimals)'),
  contribution: z
    .number()
    .describe("This metric's term of the cosine (product of the two weighted, normalised components; 4 decimals)"),
});
export type AgreeingMetric = z.infer<typeof AgreeingMetric>;

const round = (x: number, digits: number): number | null =>
  Number.isNaN(x) ? null : Math.round(x * 10 ** digits) / 10 ** digits;

/**
 * The per-90 style metrics that make two player-seasons alike: the cosine is a sum of one term
 * per feature, so the metrics with the largest positive terms are the ones that agree most
 * (both well above, or both well below, their group's mean). Empty when the rows are in different
 * groups, lack a vector, or share no positive term.
 * @example agreeingMetricsOf(dna, derived, 0, 5).map((m) => m.metric) // => ['goals_per90', 'shots_per90', 'aerials_won_per90']
 */
export function agreeingMetricsOf(
  dna: DnaVectors,
  derived: DerivedSeasons,
  source: number,
  candidate: number,
  count = AGREEING_METRICS,
): AgreeingMetric[] {
  if (!dna.hasVector[source] || !dna.hasVector[candidate] || derived.group[source] !== derived.group[candidate])
    return [];
  const features = STYLE_FEATURES[POSITION_GROUPS[derived.group[source]]];
  const terms: { slot: number; term: number }[] = [];
  features.forEach((f, slot) => {
    if (METRICS[f.metric].kind !== 'per90') return;
    const term = dna.matrix[source * dna.dims + slot] * dna.matrix[candidate * dna.dims + slot];
    if (term > 0) terms.push({ slot, term });
  });
  terms.sort((a, b) => b.term - a.term || a.slot - b.slot);
  return terms.slice(0, count).map(({ slot, term }) => {
    const metric = features[slot].metric;
    return {
      metric,
      label: METRICS[metric].label,
      source_value: round(derived.values[metric][source], 2),
      candidate_value: round(derived.values[metric][candidate], 2),
      source_z: round(dna.z[source * dna.dims + slot], 2),
      candidate_z: round(dna.z[candidate * dna.dims + slot], 2),
      contribution: round(term, 4) ?? 0,
    };
  });
}

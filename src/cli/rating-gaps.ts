/**
 * @module Why a scored row has no rating, for the `score` summary: a row without a rating is
 * under 90 minutes, has no cohort to rank in, or has none of the stats its role's model rating
 * weighs (docs/methodology/stats.md#model-rating), e.g. a defender from a table without tackles.
 */
import type { Table } from 'apache-arrow';
import { PER90_MINUTES_MIN } from '../stats/per90.js';

/** Rows without a rating, by reason. */
interface RatingGaps {
  /** Under {@link PER90_MINUTES_MIN} minutes: no per-90 value at all. */
  under_90_minutes: number;
  /** No cohort of his group to rank in, so no percentile. */
  no_cohort: number;
  /** Enough minutes and a cohort, but none of the stats his role's rating weighs is in the data. */
  no_rated_stats: number;
}

/**
 * Counts the rows of a score table whose `rating` is null, by reason (first that applies).
 * @example ratingGapsOf(scoreTableOf(dataset)).under_90_minutes // => 2
 */
export function ratingGapsOf(table: Table): RatingGaps {
  const gaps: RatingGaps = { under_90_minutes: 0, no_cohort: 0, no_rated_stats: 0 };
  const rating = table.getChild('rating');
  const minutes = table.getChild('minutes');
  const cohort = table.getChild('cohort_id');
  if (!rating || !minutes || !cohort) return gaps;
  for (let i = 0; i < table.numRows; i++) {
    const r = rating.get(i);
    if (r !== null && !Number.isNaN(r)) continue;
    if (!(Number(minutes.get(i)) >= PER90_MINUTES_MIN)) gaps.under_90_minutes++;
    else if (cohort.get(i) === null) gaps.no_cohort++;
    else gaps.no_rated_stats++;
  }
  return gaps;
}

/**
 * The reasons as words for the summary line, e.g. "1 without any stat his role's rating weighs".
 * @example ratingGapsText({ under_90_minutes: 2, no_cohort: 0, no_rated_stats: 1 }) // => '2 under 90 minutes, 1 without any stat his role\'s rating weighs in the data'
 */
export function ratingGapsText(gaps: RatingGaps): string {
  const parts = [
    gaps.under_90_minutes > 0 ? `${gaps.under_90_minutes} under 90 minutes` : null,
    gaps.no_cohort > 0 ? `${gaps.no_cohort} without a cohort of his group` : null,
    gaps.no_rated_stats > 0 ? `${gaps.no_rated_stats} without any stat his role's rating weighs in the data` : null,
  ].filter((p) => p !== null);
  return parts.join(', ');
}

/**
 * A goalkeeper's shot stopping for the Best XI (docs/methodology/bestxi.md#season-score): his save
 * share, saves / (saves + goals conceded), as a percentile in his cohort. Goals conceded and clean
 * sheets are the team's as much as his; the share of shots on target he kept out is his own.
 */
import type { EngineContext } from '../context.js';
import type { DerivedSeasons } from '../stats/derived.js';
import { percentileSorted } from '../stats/percentiles.js';

/** A row's save share, NaN when saves or goals conceded are unknown or he faced no shot on target. */
export function saveShareOf(derived: DerivedSeasons, row: number): number {
  const saves = derived.values.saves_per90[row];
  const conceded = derived.values.goals_conceded_per90[row];
  const faced = saves + conceded;
  return Number.isNaN(faced) || faced <= 0 ? Number.NaN : saves / faced;
}

const cache = new WeakMap<DerivedSeasons, Float64Array>();

/** Every row's save-share percentile among his cohort's members; computed once per derived table. */
function saveSharePercentiles(derived: DerivedSeasons): Float64Array {
  const cached = cache.get(derived);
  if (cached) return cached;
  const members = new Map<number, number[]>();
  for (let i = 0; i < derived.n; i++) {
    const share = saveShareOf(derived, i);
    if (!derived.inCohort[i] || derived.cohort[i] < 0 || Number.isNaN(share)) continue;
    const list = members.get(derived.cohort[i]) ?? [];
    list.push(share);
    members.set(derived.cohort[i], list);
  }
  for (const list of members.values()) list.sort((a, b) => a - b);
  const out = new Float64Array(derived.n).fill(Number.NaN);
  for (let i = 0; i < derived.n; i++) {
    const list = members.get(derived.cohort[i]);
    const share = saveShareOf(derived, i);
    if (list && !Number.isNaN(share)) out[i] = percentileSorted(list, share);
  }
  cache.set(derived, out);
  return out;
}

/**
 * Row `row`'s save-share percentile in his cohort (0–100), NaN when unknown.
 * @example saveSharePercentileOf(engine, engine.latestRowOf(keeperId)) // => 88
 */
export function saveSharePercentileOf(ctx: Pick<EngineContext, 'derived'>, row: number): number {
  return saveSharePercentiles(ctx.derived)[row];
}

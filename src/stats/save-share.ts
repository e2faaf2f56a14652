/**
 * A goalkeeper's shot stopping (docs/methodology/stats.md#model-rating): his save share, saves /
 * (saves + goals conceded), the share of shots on target he kept out. Goals conceded and clean
 * sheets are the team's as much as his; this share is his own, so his rating weighs it.
 */
import type { DerivedSeasons } from './derived.js';

/**
 * Saves / (saves + goals conceded) from per-90 values; NaN when either is unknown or he faced no
 * shot on target.
 * @example saveShareOfValues(3, 1) // => 0.75
 */
export function saveShareOfValues(saves: number, conceded: number): number {
  const faced = saves + conceded;
  return Number.isNaN(faced) || faced <= 0 ? Number.NaN : saves / faced;
}

/** Every row's save share (saveShareOfValues) from the saves and goals-conceded per-90 columns. */
export function saveShareColumn(saves: Float64Array, conceded: Float64Array): Float64Array {
  const out = new Float64Array(saves.length);
  for (let i = 0; i < out.length; i++) out[i] = saveShareOfValues(saves[i], conceded[i]);
  return out;
}

/** A derived row's save share, NaN when unknown. */
export function saveShareOf(derived: Pick<DerivedSeasons, 'values'>, row: number): number {
  return saveShareOfValues(derived.values.saves_per90[row], derived.values.goals_conceded_per90[row]);
}

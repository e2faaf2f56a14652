/**
 * Market values and provider ratings. Values are heavy-tailed (lognormal in ability, with a convex
 * premium for the very best), higher in top flights, for young high-ability players and for
 * attackers, lower for goalkeepers and veterans. Ratings imitate a provider's 0–10 match rating
 * averaged over a season and exist only for tier-1 leagues.
 */
import type { PositionGroup } from '../model/schema.js';
import type { Rng } from './rng.js';

/** Value of a median-ability top-flight player aged 27, in EUR (docs/methodology/demo-data.md#market-values). */
const VALUE_BASE_EUR = 5_500_000;
/** Log-value per unit of ability. */
const VALUE_PER_ABILITY = 1.75;
/** Extra log-value per unit of ability above 0.9: stars cost disproportionately more. */
const STAR_PREMIUM = 0.9;
/** Above this value the log-value grows at a third of the rate: even stars have a ceiling. */
const VALUE_SOFT_CAP_EUR = 150_000_000;
const TIER2_DISCOUNT = -1.25;
const GROUP_SHIFT: Record<PositionGroup, number> = { goalkeeper: -0.55, defender: -0.1, midfielder: 0, attacker: 0.2 };

/** Rounds to a market-like step: 25k below 1M, 100k below 10M, 500k above. */
function roundValue(v: number): number {
  const step = v < 1_000_000 ? 25_000 : v < 10_000_000 ? 100_000 : 500_000;
  return Math.max(25_000, Math.round(v / step) * step);
}

/**
 * Market value in EUR of a player with `ability` (clubs' strength scale), age in years, league tier and group.
 * @example marketValueOf(new Rng(1), 0.4, 27, 1, 'midfielder') > 1_000_000 // => true
 */
export function marketValueOf(rng: Rng, ability: number, age: number, tier: number, group: PositionGroup): number {
  const rel = ability - 0.4;
  let log = Math.log(VALUE_BASE_EUR) + VALUE_PER_ABILITY * rel + STAR_PREMIUM * Math.max(0, ability - 0.9);
  if (tier === 2) log += TIER2_DISCOUNT;
  if (age < 23) log += 0.14 * (23 - age) * Math.max(0, Math.min(1, ability + 0.2));
  if (age > 29) log -= 0.17 * (age - 29);
  log += GROUP_SHIFT[group] + rng.normal(0, 0.35);
  const cap = Math.log(VALUE_SOFT_CAP_EUR);
  if (log > cap) log = cap + (log - cap) / 3;
  return roundValue(Math.exp(log));
}

/**
 * A provider-style season rating (5.8–8.6) from ability and output, for tier-1 rows only.
 * @example Math.floor(providerRatingOf(new Rng(1), 0, 0, 0)) // => 6
 */
export function providerRatingOf(
  rng: Rng,
  abilityZ: number,
  contributionsPer90: number,
  cleanSheetsPer90: number,
): number {
  const r =
    6.55 + 0.32 * abilityZ + 0.7 * Math.min(1, contributionsPer90) + 0.6 * cleanSheetsPer90 + rng.normal(0, 0.1);
  return Math.round(Math.min(8.6, Math.max(5.8, r)) * 100) / 100;
}

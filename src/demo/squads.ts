/**
 * Squads over time and for the World Cup: earlier seasons' squads are rebuilt from the current ones
 * by undoing summer transfers (position-for-position swaps between clubs), and each nation's 2026
 * World Cup squad is its 26 best players in a realistic shape.
 */
import type { PositionGroup } from '../model/schema.js';
import { NATIONS } from './nations.js';
import type { Player } from './players.js';
import type { Rng } from './rng.js';
import { DEMO_AS_OF, SEASON_FRAMES } from './world.js';

/** Share of eligible players who changed club in each summer (docs/methodology/demo-data.md#squads). */
export const TRANSFER_RATE = 0.12;
/** Minimum age on the season's first day to be part of a first-team squad or transfer. */
export const MIN_SENIOR_AGE = 16.5;

const YEAR_MS = 365.2425 * 86_400_000;

/** Age in years (fractional, 3 decimals) on a date. @example Math.floor(fractionalAgeOn('2000-03-05', '2026-03-04')) // => 25 */
export function fractionalAgeOn(birthDate: string, date: string): number {
  return Math.round(((Date.parse(date) - Date.parse(birthDate)) / YEAR_MS) * 1000) / 1000;
}

/**
 * Age-curve adjustment of ability (clubs' strength scale): players improve to about 27, hold to 30,
 * then decline. 0 between 27 and 30.
 * @example ageCurve(28) // => 0
 */
export function ageCurve(age: number): number {
  if (age < 27) return -0.035 * (27 - age) ** 1.6;
  if (age > 30) return -0.04 * (age - 30) ** 1.5;
  return 0;
}

/**
 * Fills `clubBySeason` for the seasons before the current one by undoing transfers, oldest last.
 * Swapping same-position players keeps every club's squad shape in every season. Mutates `players`.
 * @example buildSquadHistory(new Rng(1), players, 2); players.every((p) => p.clubBySeason[0] >= 0) // => true
 */
export function buildSquadHistory(rng: Rng, players: Player[], currentSeason: number): void {
  for (let s = currentSeason - 1; s >= 0; s--) {
    const srng = rng.fork(`history:${s}`);
    for (const p of players) p.clubBySeason[s] = p.clubBySeason[s + 1];
    const seasonStart = SEASON_FRAMES[s].firstFriday;
    const byPosition = new Map<string, Player[]>();
    for (const p of players) {
      if (fractionalAgeOn(p.birthDate, seasonStart) < 18 || !srng.chance(TRANSFER_RATE)) continue;
      byPosition.set(p.position, [...(byPosition.get(p.position) ?? []), p]);
    }
    for (const group of byPosition.values()) {
      const movers = srng.shuffled(group);
      for (let i = 0; i + 1 < movers.length; i += 2) {
        const a = movers[i];
        const b = movers[i + 1];
        if (a.clubBySeason[s] === b.clubBySeason[s]) continue;
        [a.clubBySeason[s], b.clubBySeason[s]] = [b.clubBySeason[s], a.clubBySeason[s]];
      }
    }
  }
}

/** World Cup squad size and shape by position group (docs/methodology/demo-data.md#world-cup). */
const WC_SQUAD_SIZE = 26;
const WC_SHAPE: Record<PositionGroup, number> = { goalkeeper: 3, defender: 9, midfielder: 8, attacker: 6 };

/**
 * Picks each nation's World Cup squad: its best players by current ability, shaped by
 * {@link WC_SHAPE}, topped up from the best remaining outfielders when a group is short; a nation with
 * fewer than 26 players takes them all. Returns player index → nation code.
 * @example new Set(buildWorldCupSquads(players).values()).size // => 48
 */
export function buildWorldCupSquads(players: readonly Player[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const nation of NATIONS) {
    const mine = players
      .map((p, i) => ({ p, i, ability: p.quality + ageCurve(fractionalAgeOn(p.birthDate, DEMO_AS_OF)) }))
      .filter((x) => x.p.nation.code === nation.code)
      .sort((a, b) => b.ability - a.ability || a.p.id - b.p.id);
    const chosen = new Set<number>();
    for (const [group, count] of Object.entries(WC_SHAPE))
      for (const x of mine.filter((x) => x.p.group === group).slice(0, count)) chosen.add(x.i);
    for (const x of mine) {
      if (chosen.size >= WC_SQUAD_SIZE) break;
      if (x.p.group !== 'goalkeeper') chosen.add(x.i);
    }
    for (const i of chosen) out.set(i, nation.code);
  }
  return out;
}

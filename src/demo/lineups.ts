/**
 * Match-day line-ups of the demo (docs/methodology/demo-data.md#matches): the fit players chosen
 * by ability and form for the club's formation, each slot filled by the best player who fits it,
 * then the substitutions of the match.
 */
import { POSITION_CODES, positionGroupOf, type PositionCode } from '../model/schema.js';
import { FORMATIONS, type Club } from './clubs.js';
import type { Player } from './players.js';
import type { Rng } from './rng.js';

/** Chance that a club rests its first-choice goalkeeper for a match (rotation gives deputies games). */
const KEEPER_REST_RATE = 0.05;
/** Fewest players a club names for a match (11 starters and at least five on the bench). */
const MATCHDAY_SQUAD_MIN = 16;

/** Misfit of a position in another slot where it is not its group's default (see {@link misfitOf}). */
const COMPAT: Partial<Record<PositionCode, Partial<Record<PositionCode, number>>>> = {
  CB: { DM: 0.4, LB: 0.5, RB: 0.5 },
  LB: { LWB: 0.1, LM: 0.4, RB: 0.5, CB: 0.5 },
  RB: { RWB: 0.1, RM: 0.4, LB: 0.5, CB: 0.5 },
  LWB: { LB: 0.1, LM: 0.3, LW: 0.5 },
  RWB: { RB: 0.1, RM: 0.3, RW: 0.5 },
  DM: { CM: 0.2, CB: 0.5 },
  CM: { DM: 0.2, AM: 0.2, LM: 0.4, RM: 0.4 },
  AM: { CM: 0.2, CF: 0.3, LW: 0.3, RW: 0.3 },
  LM: { LW: 0.2, LWB: 0.4, LB: 0.5, CM: 0.4 },
  RM: { RW: 0.2, RWB: 0.4, RB: 0.5, CM: 0.4 },
  LW: { LM: 0.2, RW: 0.3, AM: 0.4, ST: 0.5 },
  RW: { RM: 0.2, LW: 0.3, AM: 0.4, ST: 0.5 },
  ST: { CF: 0.1, LW: 0.5, RW: 0.5, AM: 0.6 },
  CF: { ST: 0.1, AM: 0.4 },
};

/** How badly a player of position `pos` fits slot `slot` (0 = natural; Infinity = never). */
function misfitOf(slot: PositionCode, pos: PositionCode): number {
  if (slot === pos) return 0;
  if (slot === 'GK' || pos === 'GK') return Number.POSITIVE_INFINITY;
  const c = COMPAT[slot]?.[pos];
  if (c !== undefined) return c;
  return positionGroupOf(slot) === positionGroupOf(pos) ? 0.8 : 2;
}
const CODE_INDEX: ReadonlyMap<PositionCode, number> = new Map(POSITION_CODES.map((c, i) => [c, i]));
/** misfitOf for every (slot, position) pair, row-major by slot index. */
const MISFIT = Float64Array.from(POSITION_CODES.flatMap((slot) => POSITION_CODES.map((pos) => misfitOf(slot, pos))));

/** One player's time in one slot of a match: on and off minute (0–90). */
export interface Spell {
  player: number;
  slot: PositionCode;
  on: number;
  off: number;
  started: boolean;
}
/**
 * The spells of one club's match: the starting XI for its formation from the players not
 * injured by `round` (a thin squad plays its carrying knocks), then substitutions, each the best
 * bench player for the slot of the starter taken off.
 */
export function lineup(
  rng: Rng,
  squad: number[],
  players: readonly Player[],
  ability: Float64Array,
  club: Club,
  injured: Map<number, number>,
  round: number,
): Spell[] {
  let available = matchdaySquadOf(squad, injured, round);
  let score = available.map((p) => ability[p] + rng.normal(0, players[p].group === 'goalkeeper' ? 0.08 : 0.22));
  const keepers = available.map((_p, i) => i).filter((i) => players[available[i]].group === 'goalkeeper');
  if (keepers.length > 1 && rng.chance(KEEPER_REST_RATE)) {
    const first = keepers.reduce((a, b) => (score[b] > score[a] ? b : a));
    available = available.filter((_, i) => i !== first);
    score = score.filter((_, i) => i !== first);
  }
  const sel: Selection = {
    available,
    score,
    pos: available.map((p) => CODE_INDEX.get(players[p].position)!),
    used: new Uint8Array(available.length),
  };
  const everyone = available.map((_, i) => i);
  const spells: Spell[] = [];
  for (const slot of FORMATIONS[club.formation]) {
    const best = bestFor(sel, slot, everyone);
    if (best < 0) continue;
    sel.used[best] = 1;
    spells.push({ player: available[best], slot, on: 0, off: 90, started: true });
  }
  substitute(rng, sel, players, spells);
  return spells;
}

/** The players not injured by `round`; a thin squad plays its carrying knocks rather than name fewer than 16 (docs/methodology/demo-data.md#matches). */
function matchdaySquadOf(squad: readonly number[], injured: ReadonlyMap<number, number>, round: number): number[] {
  const available = squad.filter((p) => (injured.get(p) ?? 0) < round);
  if (available.length >= MATCHDAY_SQUAD_MIN) return available;
  const back = squad
    .filter((p) => !available.includes(p))
    .sort((a, b) => (injured.get(a) ?? 0) - (injured.get(b) ?? 0) || a - b);
  return [...available, ...back.slice(0, MATCHDAY_SQUAD_MIN - available.length)];
}

/** The matchday squad being picked: players, their form scores, position indices and who is used. */
interface Selection {
  available: number[];
  score: number[];
  /** Index of each available player's position code in POSITION_CODES. */
  pos: number[];
  used: Uint8Array;
}

/** Index (into `available`) of the best unused player for `slot` among `candidates`, or -1. */
function bestFor(sel: Selection, slot: PositionCode, candidates: readonly number[]): number {
  const row = CODE_INDEX.get(slot)! * POSITION_CODES.length;
  let best = -1;
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const i of candidates) {
    if (sel.used[i]) continue;
    const s = sel.score[i] - MISFIT[row + sel.pos[i]];
    if (s > bestScore) {
      bestScore = s;
      best = i;
    }
  }
  return best;
}

/** Substitutions: each takes a starter off (attackers most often) for the best bench player for his slot. */
function substitute(rng: Rng, sel: Selection, players: readonly Player[], spells: Spell[]): void {
  const { available, score, pos, used } = sel;
  const bench = available
    .map((_, i) => i)
    .filter((i) => !used[i])
    .sort((a, b) => score[b] - score[a])
    .slice(0, 9);
  const subs = Math.min(bench.length, [3, 4, 4, 5, 5, 5][rng.int(0, 5)]);
  let minute = rng.chance(0.12) ? 46 : rng.int(55, 72);
  const starters = spells.slice();
  for (let k = 0; k < subs; k++) {
    const keeperOff = bench.some((i) => !used[i] && players[available[i]].group === 'goalkeeper') && rng.chance(0.01);
    const weights = starters.map((sp) => {
      if (sp.off < 90) return 0;
      const g = players[sp.player].group;
      if (g === 'goalkeeper') return keeperOff ? 100 : 0;
      return g === 'attacker' ? 1.6 : g === 'midfielder' ? 1.3 : 0.6;
    });
    if (weights.every((w) => w === 0)) break;
    const out = starters[rng.weightedIndex(weights)];
    const best = bestFor(sel, out.slot, bench);
    if (best < 0 || !Number.isFinite(MISFIT[CODE_INDEX.get(out.slot)! * POSITION_CODES.length + pos[best]])) continue;
    used[best] = 1;
    out.off = minute;
    spells.push({ player: available[best], slot: out.slot, on: minute, off: 90, started: false });
    minute = Math.min(89, minute + rng.int(0, 12));
  }
}

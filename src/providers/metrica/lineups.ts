/**
 * Who was on the pitch when, in a Metrica match (docs/providers.md#metrica). Neither layout of the
 * samples holds a lineup flag or a substitution event, so both are inferred from the events and
 * the inference is reported: each side's first eleven players to act are its starters; a later
 * player comes on at his first action, replacing the team-mate on the pitch whose last action came
 * latest before it. A red card (RED or SECOND YELLOW) ends a spell. Periods run from their first
 * event to their last; minutes are nominal (at most 45 a half, stoppage time not counted).
 * Positions come from the metadata, or else from the team's shape (src/providers/team-shape.ts).
 */
import type { PositionCode } from '../../model/schema.js';
import { positionInShapeOf, teamShapeOf, type ShapePlayer } from '../team-shape.js';
import type { MetricaEvent, MetricaMatch, MetricaSide } from './match.js';
import { SUB, TYPE, has, periodNominalSeconds } from './mapping.js';

/** Players a side starts with. */
export const STARTERS_PER_SIDE = 11;

/** One player's time on the pitch. */
export interface Spell {
  key: string;
  side: MetricaSide;
  started: boolean;
  /** When he came on and went off (period, seconds on the recording clock); `off` null when he finished the match. */
  on: { period: number; time: number };
  off: { period: number; time: number } | null;
  /** The team-mate he replaced, for a substitute. */
  replaced: string | null;
  sentOff: boolean;
}

/** The first and last moment of each period, from its events. */
export interface PeriodBounds {
  start: Map<number, number>;
  end: Map<number, number>;
}

/** Each period's first event start and last event end. */
export function periodBoundsOf(events: readonly MetricaEvent[]): PeriodBounds {
  const start = new Map<number, number>();
  const end = new Map<number, number>();
  for (const e of events) {
    start.set(e.period, Math.min(start.get(e.period) ?? Infinity, e.start));
    end.set(e.period, Math.max(end.get(e.period) ?? -Infinity, e.end, e.start));
  }
  return { start, end };
}

const before = (a: { period: number; time: number }, b: { period: number; time: number }): boolean =>
  a.period < b.period || (a.period === b.period && a.time < b.time);

/**
 * The spells of every player who acted, in order of first action. Cards are not actions (a
 * substitute on the bench can be booked).
 * @example spellsOf(match).filter((s) => s.started).length // => 22
 */
export function spellsOf(match: MetricaMatch, bounds: PeriodBounds): Spell[] {
  const first = new Map<string, { period: number; time: number; side: MetricaSide }>();
  const last = new Map<string, { period: number; time: number }>();
  for (const e of match.events) {
    if (e.type === TYPE.card) continue;
    const keys = e.to === null ? [e.from] : [e.from, e.to];
    for (const key of keys) {
      if (key === null) continue;
      if (!first.has(key)) first.set(key, { period: e.period, time: e.start, side: e.side });
      last.set(key, { period: e.period, time: e.start });
    }
  }
  const spells: Spell[] = [];
  const onPitch = new Map<MetricaSide, Spell[]>([
    ['home', []],
    ['away', []],
  ]);
  const kickOff = { period: 1, time: bounds.start.get(1) ?? 0 };
  for (const [key, at] of first) {
    const mine = onPitch.get(at.side)!;
    const spell: Spell = { key, side: at.side, started: false, on: kickOff, off: null, replaced: null, sentOff: false };
    if (spells.filter((s) => s.side === at.side).length < STARTERS_PER_SIDE) {
      spell.started = true;
    } else {
      const gone = mine.filter((s) => before(last.get(s.key)!, at));
      const out =
        gone.sort((a, b) => (before(last.get(a.key)!, last.get(b.key)!) ? 1 : -1))[0] ??
        [...mine].sort((a, b) => (before(last.get(a.key)!, last.get(b.key)!) ? -1 : 1))[0];
      spell.on = { period: at.period, time: at.time };
      if (out) {
        out.off = spell.on;
        spell.replaced = out.key;
        mine.splice(mine.indexOf(out), 1);
      }
    }
    mine.push(spell);
    spells.push(spell);
  }
  for (const e of match.events)
    if (e.type === TYPE.card && e.from !== null && (has(e, SUB.red) || has(e, SUB.secondYellow))) {
      const s = spells.find((x) => x.key === e.from && x.off === null);
      if (s) {
        s.off = { period: e.period, time: e.start };
        s.sentOff = true;
      }
    }
  return spells;
}

/** Nominal and clock seconds of a spell: the overlap of each period it spans with the period's first 45 (or 15) minutes. */
export function spellSecondsOf(spell: Spell, bounds: PeriodBounds): { nominal: number; clock: number } {
  let nominal = 0;
  let clock = 0;
  const lastPeriod = Math.max(...bounds.end.keys());
  const off = spell.off ?? { period: lastPeriod, time: bounds.end.get(lastPeriod)! };
  for (let p = spell.on.period; p <= off.period; p++) {
    const ps = bounds.start.get(p);
    const pe = bounds.end.get(p);
    if (ps === undefined || pe === undefined) continue;
    const from = p === spell.on.period ? spell.on.time : ps;
    const to = p === off.period ? off.time : pe;
    clock += Math.max(0, to - from);
    nominal += Math.max(0, Math.min(to - ps, periodNominalSeconds(p)) - Math.max(from - ps, 0));
  }
  return { nominal, clock };
}

/** Nominal seconds of every period played: the team's time on the pitch. */
export function matchNominalSecondsOf(bounds: PeriodBounds): number {
  let s = 0;
  for (const [p, start] of bounds.start) s += Math.min(bounds.end.get(p)! - start, periodNominalSeconds(p));
  return s;
}

/** Events that show a goalkeeper at work: his goal kicks and his saves. */
const isKeeperAction = (e: MetricaEvent): boolean =>
  has(e, SUB.goalKick) || (e.type === TYPE.recovery && has(e, SUB.saved));

/**
 * Each player's position: the metadata's when it gives one; else the side's goalkeeper (the
 * starter with most goal kicks and saves) is GK, the outfield starters take their slot in the
 * team's shape fitted on their average event location, and a substitute the nearest slot.
 * Without a shape (too few located starters) a player is CM.
 */
export function positionsOf(match: MetricaMatch, spells: readonly Spell[]): Map<string, PositionCode> {
  const out = new Map<string, PositionCode>();
  for (const p of match.players) if (p.position) out.set(p.key, p.position);
  const sums = new Map<string, { x: number; y: number; n: number; keeper: number }>();
  for (const e of match.events) {
    if (e.from === null) continue;
    const s = sums.get(e.from) ?? { x: 0, y: 0, n: 0, keeper: 0 };
    if (isKeeperAction(e)) s.keeper += 1;
    if (e.at) {
      s.x += e.at.x * 100;
      s.y += e.at.y * 100;
      s.n += 1;
    }
    sums.set(e.from, s);
  }
  for (const side of ['home', 'away'] as const) {
    const mine = spells.filter((s) => s.side === side && !out.has(s.key));
    const keeper = mine
      .filter((s) => s.started && (sums.get(s.key)?.keeper ?? 0) > 0)
      .sort((a, b) => sums.get(b.key)!.keeper - sums.get(a.key)!.keeper)[0];
    if (keeper) out.set(keeper.key, 'GK');
    const located = (s: Spell): ShapePlayer | null => {
      const m = sums.get(s.key);
      return m && m.n > 0 ? { player_id: mine.indexOf(s), x: m.x / m.n, y: m.y / m.n } : null;
    };
    const starters = mine.filter((s) => s.started && s !== keeper);
    const shape = teamShapeOf(starters.map(located).filter((p): p is ShapePlayer => p !== null));
    for (const s of mine) {
      if (s === keeper) continue;
      const at = located(s);
      out.set(s.key, shape && at ? (shape.positions.get(at.player_id) ?? positionInShapeOf(shape, at)) : 'CM');
    }
  }
  return out;
}

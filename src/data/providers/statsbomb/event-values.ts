/**
 * What one StatsBomb event adds to its player's event values (docs/methodology/event-values.md):
 * progression of completed open-play passes and carries, and the provider's own xG of shots.
 * Expected assists need the pass a shot came from, so they are credited by the match summary.
 */
import type { CountingTotals } from '../counting-totals.js';
import { countProgressiveCarry, countProgressivePass } from '../event-values.js';
import type { StatsBombEvent } from './read.js';

/** StatsBomb's pitch in yards: 120 long, 80 wide. */
const LENGTH_YD = 120;
const WIDTH_YD = 80;

/** Pass types that restart play: not open play, so never progressive. */
const SET_PIECE_PASS_TYPES: ReadonlySet<string> = new Set(['Corner', 'Free Kick', 'Goal Kick', 'Throw-in', 'Kick Off']);

/** The shot type of a penalty, left out of npxG. */
export const PENALTY_SHOT_TYPE = 'Penalty';

/** [x, y] as pitch fractions, or null without a usable location. */
function fractionsOf(at: readonly number[] | null | undefined): [number, number] | null {
  if (!at || at.length < 2 || !Number.isFinite(at[0]) || !Number.isFinite(at[1])) return null;
  return [at[0] / LENGTH_YD, at[1] / WIDTH_YD];
}

/** The provider xG of a shot event (0 when StatsBomb gives none). */
export const statsBombXgOf = (e: StatsBombEvent): number => e.shot?.statsbomb_xg ?? 0;

/** Adds one event's progression and xG to a player's totals. */
export function countStatsBombValues(e: StatsBombEvent, t: CountingTotals): void {
  const from = fractionsOf(e.location);
  switch (e.type.name) {
    case 'Pass': {
      const pass = e.pass;
      if (!pass || pass.outcome || SET_PIECE_PASS_TYPES.has(pass.type?.name ?? '')) return;
      const to = fractionsOf(pass.end_location);
      if (from && to) countProgressivePass(t, from[0], from[1], to[0], to[1]);
      return;
    }
    case 'Carry': {
      const to = fractionsOf(e.carry?.end_location);
      if (from && to) countProgressiveCarry(t, from[0], from[1], to[0], to[1]);
      return;
    }
    case 'Shot': {
      const xg = statsBombXgOf(e);
      t.xg += xg;
      if (e.shot?.type?.name !== PENALTY_SHOT_TYPE) t.npxg += xg;
      return;
    }
  }
}

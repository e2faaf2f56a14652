/**
 * What one StatsBomb event adds to its player's event values (docs/methodology/event-values.md):
 * progression of completed open-play passes and carries, the xT added by completed passes and
 * carries, and the provider's own xG of shots (the model's when StatsBomb gives none), each shot
 * also becoming a {@link ShotLine}. Expected assists need the pass a shot came from, so they are
 * credited by the match summary.
 */
import type { CountingTotals } from '../counting-totals.js';
import { countProgressiveCarry, countProgressivePass } from '../event-values.js';
import type { StatsBombEvent } from './read.js';
import { xgOf } from '../../event-models/xg.js';
import { xtAddedOf } from '../../event-models/xt.js';
import type { ShotLine, ShotOutcome } from '../shot-rows.js';
import { statsBombShotFeaturesOf } from './shot-features.js';

/** StatsBomb's pitch in yards: 120 long, 80 wide. */
const LENGTH_YD = 120;
const WIDTH_YD = 80;

/** Pass types that restart play: not open play, so never progressive. */
const SET_PIECE_PASS_TYPES: ReadonlySet<string> = new Set(['Corner', 'Free Kick', 'Goal Kick', 'Throw-in', 'Kick Off']);

/** [x, y] as pitch fractions, or null without a usable location. */
function fractionsOf(at: readonly number[] | null | undefined): [number, number] | null {
  if (!at || at.length < 2 || !Number.isFinite(at[0]) || !Number.isFinite(at[1])) return null;
  return [at[0] / LENGTH_YD, at[1] / WIDTH_YD];
}

/** Pass types whose completed passes add no threat: throw-ins and kick-offs (as Wyscout's `passes`). */
const NO_THREAT_PASS_TYPES: ReadonlySet<string> = new Set(['Throw-in', 'Kick Off']);

const OUTCOME_OF: Readonly<Record<string, ShotOutcome>> = {
  Goal: 'goal',
  Saved: 'on_target',
  'Saved To Post': 'on_target',
  Blocked: 'blocked',
};

/**
 * The xG of the shot at `events[index]`, its source and its shot line: StatsBomb's own
 * `statsbomb_xg` when present, the shipped model's otherwise.
 */
export function statsBombShotOf(events: readonly StatsBombEvent[], index: number): ShotLine {
  const e = events[index]!;
  const f = statsBombShotFeaturesOf(events, index);
  const provider = e.shot?.statsbomb_xg;
  const known = provider !== null && provider !== undefined && Number.isFinite(provider);
  return {
    player_id: e.player?.id ?? 0,
    team_id: e.team.id,
    minute: e.minute,
    x: f.x,
    y: f.y,
    body_part: f.bodyPart,
    situation: f.situation,
    xg: known ? provider : xgOf(f),
    xg_source: known ? 'provider' : 'model',
    outcome: OUTCOME_OF[e.shot?.outcome.name ?? ''] ?? 'off_target',
  };
}

/**
 * Adds the progression, xT and xG of `events[index]` to its player's totals; a shot's line is
 * pushed onto `shots` and returned (null for other events).
 */
export function countStatsBombValues(
  events: readonly StatsBombEvent[],
  index: number,
  t: CountingTotals,
  shots: ShotLine[],
): ShotLine | null {
  const e = events[index]!;
  const from = fractionsOf(e.location);
  switch (e.type.name) {
    case 'Pass': {
      const pass = e.pass;
      const to = fractionsOf(pass?.end_location);
      if (!pass || pass.outcome || !from || !to) return null;
      if (!NO_THREAT_PASS_TYPES.has(pass.type?.name ?? '')) t.xt += xtAddedOf(from[0], from[1], to[0], to[1]);
      if (!SET_PIECE_PASS_TYPES.has(pass.type?.name ?? '')) countProgressivePass(t, from[0], from[1], to[0], to[1]);
      return null;
    }
    case 'Carry': {
      const to = fractionsOf(e.carry?.end_location);
      if (!from || !to) return null;
      t.xt += xtAddedOf(from[0], from[1], to[0], to[1]);
      countProgressiveCarry(t, from[0], from[1], to[0], to[1]);
      return null;
    }
    case 'Shot': {
      const shot = statsBombShotOf(events, index);
      t.xg += shot.xg;
      if (shot.situation !== 'penalty') t.npxg += shot.xg;
      shots.push(shot);
      return shot;
    }
  }
  return null;
}

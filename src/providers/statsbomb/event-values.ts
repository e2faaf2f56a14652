/**
 * What one StatsBomb event adds to its player's event values (docs/methodology/event-values.md):
 * progression of completed open-play passes and carries, the xT added by completed passes and
 * carries, and the provider's own xG of shots (the model's when StatsBomb gives none), each shot
 * also becoming a {@link ShotLine}. Expected assists need the pass a shot came from, so they are
 * credited by the match summary. Shot-creating actions (docs/methodology/event-values.md#sca) are
 * found walking back from the shot through its possession: the shooting team's completed passes,
 * completed dribbles and fouls won, until two are found. A free kick or penalty starts a new
 * StatsBomb possession, so the foul won just before it is looked for across that boundary, and the
 * walk goes on through the possession it ended when that one was the shooting team's too. An
 * earlier shot of the team ends the walk.
 */
import type { CountingTotals } from '../counting-totals.js';
import { countProgressiveCarry, countProgressivePass, SCA_ACTIONS_PER_SHOT } from '../event-values.js';
import type { StatsBombEvent } from './read.js';
import { xgOf } from '../../event-models/xg.js';
import { xtAddedOf } from '../../event-models/xt.js';
import type { ShotLine, ShotOutcome } from '../shot-rows.js';
import { statsBombShotFeaturesOf } from './shot-features.js';
import { sameName } from './mapping.js';

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
function statsBombShotOf(events: readonly StatsBombEvent[], index: number): ShotLine {
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

/** Opponent events that show the opponent had the ball (used when the stream has no possession numbers). */
const OPPONENT_ON_BALL: ReadonlySet<string> = new Set(['Pass', 'Carry', 'Shot', 'Ball Receipt*', 'Dribble']);

const isCreating = (e: StatsBombEvent): boolean =>
  (e.type.name === 'Pass' && !!e.pass && !e.pass.outcome) ||
  (e.type.name === 'Dribble' && !!e.dribble && sameName(e.dribble.outcome.name, 'Complete')) ||
  e.type.name === 'Foul Won';

/**
 * The players credited with the shot-creating actions of the shot at `events[index]` (one match's
 * stream sorted by index), nearest action first: at most {@link SCA_ACTIONS_PER_SHOT}, one player
 * possibly twice.
 * @example statsBombShotCreatorsOf(events, i) // => [key passer's id, id of the player fouled before the free kick]
 */
export function statsBombShotCreatorsOf(events: readonly StatsBombEvent[], index: number): number[] {
  const shot = events[index]!;
  const team = shot.team.id;
  const creators: number[] = [];
  let chain = shot.possession;
  let chainIsOurs = true;
  for (let k = index - 1; k >= 0 && creators.length < SCA_ACTIONS_PER_SHOT; k--) {
    const e = events[k]!;
    if (e.period !== shot.period) break;
    if (e.possession !== chain) {
      // Across a possession boundary only the foul that gave the set piece counts; the opponent's
      // Foul Committed beside it is passed over.
      if (e.type.name === 'Foul Committed' && e.team.id !== team) continue;
      if (e.type.name !== 'Foul Won' || e.team.id !== team) break;
      chain = e.possession;
      chainIsOurs = e.possession_team?.id === team;
    } else if (!chainIsOurs) break;
    if (e.team.id !== team) {
      // Without possession numbers, an opponent's touch is where the team's possession began.
      if (chain == null && OPPONENT_ON_BALL.has(e.type.name)) break;
      continue;
    }
    if (e.type.name === 'Shot') break;
    if (isCreating(e) && e.player) creators.push(e.player.id);
  }
  return creators;
}

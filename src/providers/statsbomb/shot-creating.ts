/**
 * Shot-creating actions of a StatsBomb shot (docs/methodology/event-values.md#sca): walking back
 * from the shot through its possession, the shooting team's completed passes, completed dribbles
 * and fouls won, until two are found. A free kick or penalty starts a new StatsBomb possession, so
 * the foul won just before it is looked for across that boundary, and the walk goes on through the
 * possession it ended when that one was the shooting team's too. An earlier shot of the team ends
 * the walk. Pure.
 */
import { SCA_ACTIONS_PER_SHOT } from '../event-values.js';
import { sameName } from './mapping.js';
import type { StatsBombEvent } from './read.js';

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

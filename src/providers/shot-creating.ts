/**
 * Shot-creating actions (docs/methodology/event-values.md#sca) of the feeds whose events carry no
 * possession chain (the Opta vocabulary, which Sportec and DataFactory map onto, and Metrica): the
 * walk back from a shot over one small shape of event that each provider's mapping gives. StatsBomb
 * and Wyscout keep walks of their own, since theirs follow possession ids and fouls the shape does
 * not hold. Pure.
 */
import { SCA_ACTIONS_PER_SHOT } from './event-values.js';

/** What the walk reads of one event: a provider maps its own event onto it. */
export interface ChainAction<P> {
  period: number;
  /** The acting team: an id, or a side. */
  team: number | string;
  /** The player credited when the action creates the shot; null when the feed names none. */
  player: P | null;
  /** A shot: an earlier one of the shooting team ends the walk. */
  shot: boolean;
  /** A completed pass, a won take-on or a foul drawn: what creates a shot. */
  creating: boolean;
  /** Shows its team had the ball: the other team's such action is where the shooting team's possession began. */
  onBall: boolean;
}

/**
 * The players credited with the shot-creating actions of the shot at `events[index]` (one match's
 * events in match order), nearest first: walking back within the period, the shooting team's
 * creating actions until {@link SCA_ACTIONS_PER_SHOT} are found, an earlier shot of that team,
 * or an on-ball action of the other team. At most {@link SCA_ACTIONS_PER_SHOT}; one player
 * possibly twice. `actionOf` maps a provider's event onto {@link ChainAction}.
 * @example shotCreatorsOf(events, i, optaChainActionOf) // => [id of the passer, id of the dribbler before him]
 */
export function shotCreatorsOf<E, P>(events: readonly E[], index: number, actionOf: (e: E) => ChainAction<P>): P[] {
  const shot = actionOf(events[index]!);
  const creators: P[] = [];
  for (let k = index - 1; k >= 0 && creators.length < SCA_ACTIONS_PER_SHOT; k--) {
    const a = actionOf(events[k]!);
    if (a.period !== shot.period) break;
    if (a.team !== shot.team) {
      if (a.onBall) break;
      continue;
    }
    if (a.shot) break;
    if (a.creating && a.player !== null) creators.push(a.player);
  }
  return creators;
}

/**
 * Two reconciliations of a Sportec event stream with what its own events state
 * (docs/providers.md#sportec): a goal whose recorded running score cannot lead to the final
 * result is left out, and the pass a shot names as its assist or key pass is linked to the shot.
 * Each leaves a note for the ingest report; neither invents an event.
 */
import type { OptaEvent } from '../opta/match.js';
import { Q, SHOT_TYPES, TYPE, numericIdOf } from '../opta/mapping.js';
import { childOf, firstDescendantOf, type XmlElement } from '../xml.js';

/**
 * The feed's `<Event>` elements by their EventId (a later one wins an id given twice), the index
 * both checks read.
 * @example feedEventsById(descendantsOf(doc, 'Event')).get(17364900000006)?.attributes.MatchId // => 'DFL-MAT-003BN1'
 */
export function feedEventsById(feedEvents: readonly XmlElement[]): Map<number, XmlElement> {
  return new Map(feedEvents.map((e) => [Number(e.attributes.EventId), e]));
}

/** The running score (`CurrentResult`, home:guest) a goal event records, or null. */
function currentResultOf(e: XmlElement | undefined): [number, number] | null {
  if (!e) return null;
  const goal = childOf(e, 'OwnGoal') ?? firstDescendantOf(e, 'SuccessfulShot');
  const m = /^(\d+):(\d+)$/.exec(goal?.attributes.CurrentResult ?? '');
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/**
 * The events without the goals whose recorded running score exceeds the final result for either
 * side: a score never goes down, so such a goal contradicts the match record. Each one left out
 * is named in `notes`. With no final result, the events are returned as they are. `feed` is the
 * feed's events by id ({@link feedEventsById}).
 * @example scoreCheckedOf(events, { home: 1, away: 0 }, feedEventsById(descendantsOf(doc, 'Event')), notes).length // => events.length - 1 (an own goal recorded at 3:3)
 */
export function scoreCheckedOf(
  events: readonly OptaEvent[],
  final: { home: number; away: number } | null,
  feed: ReadonlyMap<number, XmlElement>,
  notes: string[],
): OptaEvent[] {
  if (!final) return [...events];
  return events.filter((e) => {
    if (e.typeId !== TYPE.goal || e.derived) return true;
    const running = currentResultOf(feed.get(e.eventId));
    if (!running || (running[0] <= final.home && running[1] <= final.away)) return true;
    const what = e.qualifiers.has(Q.ownGoal) ? 'own goal' : 'goal';
    notes.push(
      `left out ${what} event ${e.eventId}: it records the score ${running[0]}:${running[1]}, above the final result ${final.home}:${final.away}`,
    );
    return false;
  });
}

/**
 * Seconds before a shot within which the pass its feed event names must lie: the named pass
 * is the one that set the shot up, so an earlier pass by the same player is another move
 * (docs/providers.md#sportec).
 */
export const ASSIST_WINDOW_S = 15;

/** The index of the named player's last pass within {@link ASSIST_WINDOW_S} before `index`, same team and period, or -1. */
function lastPassOf(events: readonly OptaEvent[], index: number, playerId: number): number {
  const shot = events[index]!;
  for (let k = index - 1; k >= 0; k--) {
    const e = events[k]!;
    if (e.period !== shot.period || shot.clock - e.clock > ASSIST_WINDOW_S) return -1;
    if (e.typeId === TYPE.pass && e.teamId === shot.teamId && e.playerId === playerId) return k;
  }
  return -1;
}

/**
 * The events with each shot linked (qualifier 55) to the pass of the player its feed event names
 * as assistant (`SuccessfulShot@Assist`, flagged assist) or key passer (`AssistShotAtGoal`,
 * flagged key pass): his last pass of the team in the period, at most {@link ASSIST_WINDOW_S}
 * before the shot. A named pass that
 * is not among the events (a partial file) is named in `notes` and counts for nothing. `feed` is
 * the feed's events by id ({@link feedEventsById}). The events given are not changed: a shot or pass
 * it links is a copy.
 * @example linkedAssistsOf(events, feedEventsById(descendantsOf(doc, 'Event')), notes).filter((e) => e.keyPass).length // => 1
 */
export function linkedAssistsOf(
  events: readonly OptaEvent[],
  feed: ReadonlyMap<number, XmlElement>,
  notes: string[],
): OptaEvent[] {
  const out = [...events];
  // The qualifiers of each event copied so far, by index: a copy is made on the first change.
  const copied = new Map<number, Map<number, string>>();
  const own = (k: number): { event: OptaEvent; qualifiers: Map<number, string> } => {
    let qualifiers = copied.get(k);
    if (!qualifiers) {
      qualifiers = new Map(out[k]!.qualifiers);
      out[k] = { ...out[k]!, qualifiers };
      copied.set(k, qualifiers);
    }
    return { event: out[k]!, qualifiers };
  };
  for (let i = 0; i < out.length; i++) {
    const candidate = out[i]!;
    if (!SHOT_TYPES.has(candidate.typeId) || candidate.qualifiers.has(Q.ownGoal)) continue;
    const el = feed.get(candidate.eventId);
    const named = el && firstDescendantOf(el, 'ShotAtGoal')?.attributes.AssistShotAtGoal;
    if (!named) continue;
    const k = lastPassOf(out, i, numericIdOf(named));
    if (k < 0) {
      notes.push(
        `shot event ${candidate.eventId} names a pass by ${named}, which is not among the events: no key pass or xA counted`,
      );
      continue;
    }
    const pass = own(k).event;
    pass.keyPass = true;
    if (candidate.typeId === TYPE.goal && el && firstDescendantOf(el, 'SuccessfulShot')?.attributes.Assist === named)
      pass.assist = true;
    own(i).qualifiers.set(Q.relatedEventId, String(pass.eventId));
  }
  return out;
}

/**
 * One Opta-family match as both readers hand it to the fold (docs/providers.md#opta-family): the
 * fixture, both teams, the lineups and the events with their coordinates already converted to the
 * engine's frame (src/event-models/pitch.ts). Stats Perform MA1/MA3 and Opta F7/F24 read into this one
 * shape, so one mapping and one fold serve both.
 */
import type { PositionCode } from '../../model/schema.js';

/** A point as fractions of the standard pitch: `x` toward the goal the acting team attacks, `y` from its left touchline. */
export interface PitchPoint {
  x: number;
  y: number;
}

/** One Opta event after the boundary conversion. */
export interface OptaEvent {
  /** The feed's own event id (`eventId` / `event_id`), unique per team. */
  eventId: number;
  typeId: number;
  /** 1–4 are played periods, 5 a shoot-out; 14 and 16 are pre- and post-match. */
  period: number;
  /** Seconds on the continuous match clock (the second half starts at 45:00). */
  clock: number;
  teamId: number;
  playerId: number | null;
  /** The feed's player name on the event (Stats Perform), when given. */
  playerName: string | null;
  /** 1 success, 0 failure; its meaning depends on the type. */
  outcome: number;
  /** Where it happened, null for events the feed does not locate (the feed writes 0, 0). */
  at: PitchPoint | null;
  /** Where a pass ended (qualifiers 140/141), null otherwise. */
  end: PitchPoint | null;
  /** Qualifier id → value ('' when it has none). */
  qualifiers: ReadonlyMap<number, string>;
  /** The feed's `assist` / `keyPass` flags (Stats Perform attributes, F24 attributes). */
  assist: boolean;
  keyPass: boolean;
  /**
   * True for an event a reader adds beside the feed's own event (the loser of a duel, a period
   * marker, a keeper's save named on a shot): folded like any other, not counted as a feed event.
   */
  derived?: boolean;
}

/** One player of a lineup. */
export interface OptaLineupPlayer {
  playerId: number;
  teamId: number;
  name: string | null;
  started: boolean;
  position: PositionCode;
}

/** One side of the match. */
export interface OptaTeam {
  teamId: number;
  name: string;
  /** Formation as the feed writes it (`442`, `4-4-2`), null when not given. */
  formation: string | null;
}

/** What a reader knows about the match beyond its events. */
export interface OptaMatch {
  /**
   * Which feed it came from: `statsperform` (MA1/MA3) and `opta` (F7/F24) in the Opta vocabulary,
   * or another provider whose reader maps its events onto it (docs/providers.md).
   */
  feed: 'statsperform' | 'opta' | 'sportec' | 'datafactory';
  /** The files read, for messages and the ingest report. */
  files: string[];
  fixtureId: number;
  /** Kick-off, UTC epoch milliseconds. */
  kickoff: number;
  /** ISO date of the match. */
  date: string;
  competition: { id: number; name: string; country: string | null };
  season: { id: number; name: string };
  venue: string | null;
  home: OptaTeam;
  away: OptaTeam;
  /** The recorded final score (extra time included, shoot-out not), null when the feed gives none. */
  score: { home: number; away: number } | null;
  lineups: OptaLineupPlayer[];
  /** Events sorted by period, then clock, then the feed's order. */
  events: OptaEvent[];
  /** What the reader left out or could not resolve, one line each, for the ingest report. */
  notes?: string[];
}

/**
 * One Metrica match as the reader hands it to the fold (docs/providers.md#metrica): the fixture,
 * both teams, the players, and the events with their coordinates already converted to the
 * engine's frame (src/event-models/pitch.ts). The CSV layout (games 1–2) and the JSON + EPTS metadata
 * layout (game 3) read into this one shape, so one vocabulary and one fold serve both.
 */
import type { PositionCode } from '../../model/schema.js';

/** Which side of the match. */
export type MetricaSide = 'home' | 'away';

/** A point as fractions of the standard pitch: `x` toward the goal the acting team attacks, `y` from its left touchline. */
export interface PitchPoint {
  x: number;
  y: number;
}

/** One Metrica event after the boundary conversion. */
export interface MetricaEvent {
  /** Its row in the file (0-based), kept for messages and ties. */
  row: number;
  side: MetricaSide;
  /** Metrica's `Type` (`PASS`, `SHOT`, `SET PIECE`, …), upper case. */
  type: string;
  /** Metrica's subtypes (`ON TARGET`, `GOAL`, `HEAD`, …), upper case, in the file's order. */
  subtypes: readonly string[];
  period: number;
  /** Seconds since the start of the recording (the clock runs on through half time). */
  start: number;
  end: number;
  /** The acting player's key within the match (`from`), null when none. */
  from: string | null;
  /** The receiving player's key (`to`), null when none. */
  to: string | null;
  /** Where it started, null when the file gives no location. */
  at: PitchPoint | null;
  /** Where it ended, null when the file gives none. */
  endAt: PitchPoint | null;
}

/** One player of the match. */
export interface MetricaPlayer {
  /** The key events name him by: the metadata id (`P3578`) or the CSV name without spaces (`Player26`). */
  key: string;
  playerId: number;
  side: MetricaSide;
  name: string;
  /** The metadata's position, null in the CSV layout (the fold infers it). */
  position: PositionCode | null;
}

/** What the reader knows about one match. */
export interface MetricaMatch {
  layout: 'csv' | 'json';
  files: string[];
  /** The file name's game part (`Sample_Game_1`). */
  game: string;
  fixtureId: number;
  /** ISO date of the match, null when the files give none (the CSV layout). */
  date: string | null;
  home: { teamId: number; name: string };
  away: { teamId: number; name: string };
  /** The recorded score (EPTS metadata), null when the files give none. */
  score: { home: number; away: number } | null;
  players: MetricaPlayer[];
  /** Events in time order within each period. */
  events: MetricaEvent[];
  /** How the attacking direction of each period was known: `metadata` or `passes` (inferred). */
  directionSource: 'metadata' | 'passes';
}

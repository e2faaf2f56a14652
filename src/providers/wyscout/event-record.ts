/**
 * One Wyscout event reduced to the fields halfspace reads, from an event `JSON.parse` built; an
 * event that cannot be read is dropped and named with its row and problem.
 */
import { DatasetError } from '../../model/dataset-error.js';

/** One event, reduced to what the minutes and counting rules read (docs/methodology/wyscout.md). */
export interface WyscoutEvent {
  eventId: number;
  /** Null when the dataset leaves it empty (`""`). */
  subEventId: number | null;
  matchPeriod: string;
  eventSec: number;
  teamId: number;
  /** 0 when the event has no player. */
  playerId: number;
  /** Start location, or null when the event has none. */
  x: number | null;
  y: number | null;
  /** End location (passes), or null. */
  endX: number | null;
  endY: number | null;
  tags: number[];
}

const isInt = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= -(2 ** 31) && v < 2 ** 31;
const isCoord = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
/** An object: a JSON object or array (an array then fails on its first field). */
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
interface Point {
  x: number;
  y: number;
}
const isPoint = (p: unknown): p is Point => isRecord(p) && isCoord(p.x) && isCoord(p.y);

/** Throws the error of an unreadable event field. */
function badEvent(file: string, row: number, field: string, problem: string): never {
  throw new DatasetError(file, `events.${field}`, row, problem);
}

/** Position `i` of an event's `positions`, null when absent; throws when it is not `{x, y}` numbers. */
function pointAt(file: string, row: number, positions: readonly unknown[], i: number): Point | null {
  const p = positions[i];
  if (p === undefined) return null;
  return isPoint(p) ? p : badEvent(file, row, `positions.${i}`, 'expected {x, y} numbers');
}

/** The tag ids of an event; throws when one is not an integer. */
function tagsOf(file: string, row: number, raw: unknown): number[] {
  const list = raw ?? [];
  if (!Array.isArray(list)) return badEvent(file, row, 'tags', 'expected an array');
  const tags: number[] = [];
  for (let i = 0; i < list.length; i++) {
    const t: unknown = list[i];
    const id = isRecord(t) ? t.id : undefined;
    if (!isInt(id)) return badEvent(file, row, `tags.${i}.id`, 'expected an integer');
    tags.push(id);
  }
  return tags;
}

/** Parses one raw event or throws a DatasetError naming the field and row. */
export function parseEvent(file: string, raw: unknown, row: number): WyscoutEvent {
  if (!isRecord(raw)) return badEvent(file, row, '', 'not an object');
  const { eventId, subEventId: sub, matchPeriod, eventSec, teamId, playerId } = raw;
  if (!isInt(eventId)) return badEvent(file, row, 'eventId', 'expected an integer');
  if (!(sub === '' || sub === null || sub === undefined || isInt(sub)))
    return badEvent(file, row, 'subEventId', 'expected an integer or ""');
  if (typeof matchPeriod !== 'string') return badEvent(file, row, 'matchPeriod', 'expected a string');
  if (typeof eventSec !== 'number' || !Number.isFinite(eventSec) || eventSec < 0)
    return badEvent(file, row, 'eventSec', 'expected a number ≥ 0');
  if (!isInt(teamId)) return badEvent(file, row, 'teamId', 'expected an integer');
  if (!isInt(playerId)) return badEvent(file, row, 'playerId', 'expected an integer');
  const positions = raw.positions ?? [];
  if (!Array.isArray(positions)) return badEvent(file, row, 'positions', 'expected an array');
  const start = pointAt(file, row, positions, 0);
  const end = pointAt(file, row, positions, 1);
  return {
    eventId,
    subEventId: isInt(sub) ? sub : null,
    matchPeriod,
    eventSec,
    teamId,
    playerId,
    x: start === null ? null : start.x,
    y: start === null ? null : start.y,
    endX: end === null ? null : end.x,
    endY: end === null ? null : end.y,
    tags: tagsOf(file, row, raw.tags),
  };
}

/** An event that could not be read (dropped, reported as an anomaly): its row and problem. */
export interface BadEvent {
  row: number;
  problem: string;
}

/**
 * Reads event `row` of `file` from its parsed value into `events`, or its problem into `bad`:
 * one unreadable event drops that event, not the match (docs/methodology/wyscout.md#anomalies).
 */
function addEvent(file: string, raw: unknown, row: number, events: WyscoutEvent[], bad: BadEvent[]): void {
  try {
    events.push(parseEvent(file, raw, row));
  } catch (error) {
    if (!(error instanceof DatasetError)) throw error;
    bad.push({ row, problem: error.message.replace(`${file}, `, '') });
  }
}

/** The events of a parsed `events` array, and the problems of those that could not be read. */
export function eventsOf(file: string, raw: readonly unknown[]): { events: WyscoutEvent[]; badEvents: BadEvent[] } {
  const events: WyscoutEvent[] = [];
  const badEvents: BadEvent[] = [];
  for (let row = 0; row < raw.length; row++) addEvent(file, raw[row], row, events, badEvents);
  return { events, badEvents };
}

/**
 * Reading Wyscout v2 files: the public dataset's registries (`matches/matches_<Competition>.json`,
 * `players.json`, `teams.json`) and per-match files (`{events, teams, players, match?}`, plain
 * `.json` or gzip `.json.gz`), each parsed into the few fields halfspace uses, one file at a time.
 * A missing, truncated or malformed file raises {@link DatasetError} naming the file, the field
 * path and the array index; one event that cannot be read is dropped and named with its row and
 * problem.
 */
import { messageOf } from '../../errors.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import * as z from 'zod';
import { DatasetError } from '../../model/dataset-error.js';
import { parsedOrThrow } from '../parsed-or-throw.js';

/**
 * Most bytes one `.json.gz` file may inflate to (64 MiB; docs/methodology/wyscout.md): the public
 * dataset's per-match event files are far smaller, so this leaves ample headroom while a gzip bomb
 * (1 MB → 1 GiB) stops long before it takes gigabytes of memory.
 */
export const WYSCOUT_GZIP_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The building blocks of the schemas below, built on first parse, as every schema of this file:
 * an ingest needs them, `import 'halfspace'` does not (docs/design.md#import-cost).
 */
function blocksOf() {
  /** Ids become Arrow int32 columns, so they must fit one; the dataset writes some as strings ("792"). */
  const Id = z.coerce
    .number()
    .int()
    .min(-(2 ** 31))
    .max(2 ** 31 - 1);
  const Count = z.number().int().nonnegative();
  /**
   * A player named in a lineup, on a bench or in a substitution: an id as `Id` reads it, or 0 when
   * it is none (null, missing, a word); the screen (./match-result.ts) reports such a reference and
   * leaves it out, keeping the match.
   */
  const PlayerRef = z.unknown().transform((v) => {
    const n = Number(v);
    return Number.isInteger(n) && n >= -(2 ** 31) && n <= 2 ** 31 - 1 ? n : 0;
  });
  const Substitution = z.object({ playerIn: PlayerRef, playerOut: PlayerRef, minute: Count });
  const Area = z.object({ name: z.string() }).nullish();
  return { Id, Count, PlayerRef, Substitution, Area };
}
let blocks: ReturnType<typeof blocksOf> | undefined;
const parts = () => (blocks ??= blocksOf());

/** One team of a match's `teamsData`. */
const WyscoutTeamData = z.lazy(() => {
  const { Id, Count, PlayerRef, Substitution } = parts();
  return z.object({
    teamId: Id,
    side: z.enum(['home', 'away']),
    score: Count,
    scoreET: Count.nullish(),
    scoreP: Count.nullish(),
    formation: z
      .object({
        lineup: z.array(z.object({ playerId: PlayerRef })).nullish(),
        bench: z.array(z.object({ playerId: PlayerRef })).nullish(),
        // The public dataset writes the string "null" for a few teams without substitutions.
        substitutions: z.union([z.array(Substitution), z.literal('null'), z.null()]).optional(),
      })
      .nullish(),
  });
});

/** One match of `matches/matches_<Competition>.json` (or the `match` member of a v2 API per-match file). */
export const WyscoutMatch = z.lazy(() => {
  const { Id } = parts();
  return z.object({
    wyId: Id,
    competitionId: Id,
    seasonId: Id,
    roundId: Id.nullish(),
    gameweek: z.number().int().nonnegative().nullish(),
    groupName: z.string().nullish(),
    dateutc: z.string().regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?/),
    status: z.string().nullish(),
    duration: z.enum(['Regular', 'ExtraTime', 'Penalties']).nullish(),
    venue: z.string().nullish(),
    label: z.string().nullish(),
    teamsData: z
      .record(z.string(), WyscoutTeamData)
      .refine((t) => Object.keys(t).length === 2, 'teamsData must hold exactly two teams'),
  });
});
export type WyscoutMatch = z.infer<typeof WyscoutMatch>;

/** One player of `players.json` or of a per-match file's `players`. */
export const WyscoutPlayer = z.lazy(() => {
  const { Id, Area } = parts();
  return z.object({
    wyId: Id,
    firstName: z.string().nullish(),
    middleName: z.string().nullish(),
    lastName: z.string().nullish(),
    shortName: z.string().nullish(),
    birthDate: z.string().nullish(),
    foot: z.string().nullish(),
    height: z.number().nullish(),
    passportArea: Area,
    /** Id of his national team, or the string "null" in the public dataset. */
    currentNationalTeamId: z.union([z.number(), z.string()]).nullish(),
    role: z.object({ code2: z.enum(['GK', 'DF', 'MD', 'FW']) }),
  });
});
export type WyscoutPlayer = z.infer<typeof WyscoutPlayer>;

/** One team of `teams.json` or of a per-match file's `teams`. */
export const WyscoutTeam = z.lazy(() => {
  const { Id, Area } = parts();
  return z.object({
    wyId: Id,
    name: z.string().min(1),
    officialName: z.string().nullish(),
    city: z.string().nullish(),
    area: Area,
    type: z.string().nullish(),
  });
});
export type WyscoutTeam = z.infer<typeof WyscoutTeam>;

/** A per-match file: its events, and the teams and players it embeds; `match` when the file has one (v2 API `details=match`). */
export interface WyscoutMatchFile {
  events: WyscoutEvent[];
  teams: Map<number, WyscoutTeam>;
  players: Map<number, WyscoutPlayer>;
  match: WyscoutMatch | null;
  /** Events that could not be read (dropped, reported as an anomaly): their row and problem. */
  badEvents: BadEvent[];
  /** Roster entries of `players` that are empty (`null`, `{player: null}`) or unreadable: skipped, players.json is the fallback. */
  badRosterEntries: number;
}

/**
 * The bytes of a file: gunzipped when it starts with the gzip magic bytes (whatever its name), so
 * `.json` and `.json.gz` read the same. `file` is the name used in errors.
 */
function readBytes(path: string, file: string): Buffer {
  if (!existsSync(path)) throw new DatasetError(file, null, null, 'missing');
  const bytes = readFileSync(path);
  if (bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      // Capped: a small file that inflates without end (a gzip bomb) stops at the cap.
      return gunzipSync(bytes, { maxOutputLength: WYSCOUT_GZIP_MAX_BYTES });
    } catch (e) {
      if (e instanceof Error && 'code' in e && e.code === 'ERR_BUFFER_TOO_LARGE')
        throw new DatasetError(
          file,
          null,
          null,
          `inflates to more than ${WYSCOUT_GZIP_MAX_BYTES} bytes (64 MiB), the cap for one gzip file; a real per-match file is under 1 MB`,
        );
      throw new DatasetError(file, null, null, `not a readable gzip file (${messageOf(e)})`);
    }
  }
  if (file.endsWith('.gz')) throw new DatasetError(file, null, null, 'not a gzip file (no gzip header)');
  return bytes;
}

/** Reads and parses one JSON (or gzip JSON) file; `file` is the name used in errors. */
export function readJsonFile(path: string, file: string): unknown {
  const bytes = readBytes(path, file);
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (e) {
    throw new DatasetError(file, null, null, `not valid JSON (${messageOf(e)})`);
  }
}

/**
 * The matches of a `matches/matches_<Competition>.json` file, in file order.
 * Throws {@link DatasetError} when the file is missing or malformed.
 * @example readMatchList('wyscout/matches/matches_England.json', 'matches/matches_England.json').length // => 380
 */
export function readMatchList(path: string, file: string): WyscoutMatch[] {
  return parsedOrThrow(file, readJsonFile(path, file), z.array(WyscoutMatch));
}

/** The rows of registry `file` of `dir` by `wyId`; empty when the file is absent. */
function readRegistry<T extends { wyId: number }>(dir: string, file: string, row: z.ZodType<T>): Map<number, T> {
  const path = join(dir, file);
  if (!existsSync(path)) return new Map();
  return new Map(parsedOrThrow(file, readJsonFile(path, file), z.array(row)).map((r) => [r.wyId, r]));
}

/** Registry of players by id (`players.json`); empty when the file is absent. */
export const readPlayerRegistry = (dir: string): Map<number, WyscoutPlayer> =>
  readRegistry(dir, 'players.json', WyscoutPlayer);

/** Registry of teams by id (`teams.json`); empty when the file is absent. */
export const readTeamRegistry = (dir: string): Map<number, WyscoutTeam> => readRegistry(dir, 'teams.json', WyscoutTeam);

const TeamsMember = z.lazy(() => z.record(z.string(), z.object({ team: WyscoutTeam })));
/** An entry may be `null` or `{player: null}` in the public dataset (a player Wyscout could not resolve): skipped, players.json is the fallback. */
const PlayersMember = z.lazy(() => z.record(z.string(), z.array(z.object({ player: z.unknown() }).nullable())));

/** The teams a per-match file embeds (`{<id>: {team}}`), by id. */
function fileTeamsOf(file: string, raw: unknown): Map<number, WyscoutTeam> {
  const teams = new Map<number, WyscoutTeam>();
  if (raw === undefined || raw === null) return teams;
  for (const { team } of Object.values(parsedOrThrow(file, raw, TeamsMember, ['teams']))) teams.set(team.wyId, team);
  return teams;
}

/**
 * The players a per-match file embeds (`{<team id>: [{player} | null]}`), by id, and how many of
 * its entries are empty or unreadable (skipped: players.json is the fallback).
 */
function filePlayersOf(file: string, raw: unknown): { players: Map<number, WyscoutPlayer>; badRosterEntries: number } {
  const players = new Map<number, WyscoutPlayer>();
  let badRosterEntries = 0;
  if (raw === undefined || raw === null) return { players, badRosterEntries };
  for (const list of Object.values(parsedOrThrow(file, raw, PlayersMember, ['players'])))
    for (const entry of list) {
      const p = WyscoutPlayer.safeParse(entry?.player);
      if (p.success) players.set(p.data.wyId, p.data);
      else badRosterEntries++;
    }
  return { players, badRosterEntries };
}

/** A JSON object (not null, not an array). */
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * One per-match file (`{events, teams, players, match?}`, `.json` or `.json.gz`): about 1,700
 * events and 3 MB of JSON per league match; callers fold it and drop it before the next.
 * Throws {@link DatasetError} naming `file` when it is missing, truncated or malformed.
 * @example readMatchFile('wyscout/events/england/2499719.json.gz', 'events/england/2499719.json.gz').events.length // => 1,600-ish
 */
export function readMatchFile(path: string, file: string): WyscoutMatchFile {
  const raw = readJsonFile(path, file);
  if (!isObject(raw)) throw new DatasetError(file, null, null, 'expected an object {events, teams, players}');
  if (!Array.isArray(raw.events)) throw new DatasetError(file, 'events', null, 'expected an array of events');
  const teams = fileTeamsOf(file, raw.teams);
  const { players, badRosterEntries } = filePlayersOf(file, raw.players);
  const match =
    raw.match === undefined || raw.match === null ? null : parsedOrThrow(file, raw.match, WyscoutMatch, ['match']);
  return { ...eventsOf(file, raw.events), teams, players, match, badRosterEntries };
}

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
function parseEvent(file: string, raw: unknown, row: number): WyscoutEvent {
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
interface BadEvent {
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

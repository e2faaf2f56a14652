/**
 * Reading Wyscout v2 files: the public dataset's registries (`matches/matches_<Competition>.json`,
 * `players.json`, `teams.json`) and per-match files (`{events, teams, players, match?}`, plain
 * `.json` or gzip `.json.gz`), each parsed into the few fields halfspace uses, one file at a time.
 * A missing, truncated or malformed file raises {@link DatasetError} naming the file, the field
 * path and the array index.
 */
import { messageOf } from '../../errors.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import * as z from 'zod';
import { DatasetError } from '../../model/dataset-error.js';
import { isObject, playerOf, type RosterPlayer, type RosterTeam, teamOf } from './roster-guard.js';
import { type BadEvent, eventsOf, type WyscoutEvent } from './event-record.js';
import { scanMatchFile } from './event-scan.js';

export type { WyscoutEvent } from './event-record.js';

/**
 * Most bytes one `.json.gz` file may inflate to (64 MiB; docs/methodology/wyscout.md): the public
 * dataset's per-match event files are under 1 MB, so this is ~100× headroom while a gzip bomb
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
  const Substitution = z.object({ playerIn: Id, playerOut: Id, minute: z.number().int().nonnegative() });
  const Area = z.object({ name: z.string() }).nullish();
  return { Id, Count, Substitution, Area };
}
let blocks: ReturnType<typeof blocksOf> | undefined;
const parts = () => (blocks ??= blocksOf());

/** One team of a match's `teamsData`. */
export const WyscoutTeamData = z.lazy(() => {
  const { Id, Count, Substitution } = parts();
  return z.object({
    teamId: Id,
    side: z.enum(['home', 'away']),
    score: Count,
    scoreET: Count.nullish(),
    scoreP: Count.nullish(),
    formation: z
      .object({
        lineup: z.array(z.object({ playerId: Id })).nullish(),
        bench: z.array(z.object({ playerId: Id })).nullish(),
        // The public dataset writes the string "null" for a few teams without substitutions.
        substitutions: z.union([z.array(Substitution), z.literal('null'), z.null()]).optional(),
      })
      .nullish(),
  });
});
export type WyscoutTeamData = z.infer<typeof WyscoutTeamData>;

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

/** True when A and B are the same type, optional fields included. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** The fast guards' types are the schemas' (a field added to one and not the other fails tsc here). */
export const ROSTER_GUARD_TYPES_AGREE: Same<RosterPlayer, WyscoutPlayer> & Same<RosterTeam, WyscoutTeam> = true;

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
 * Output chunk for inflating `gz`: its stated size (the gzip trailer's last 4 bytes, the size mod
 * 2^32) plus one byte, so a file inflates into one buffer and is not copied again to join chunks;
 * a wrong or hostile trailer only changes the chunk size (64 bytes to the cap), never the result.
 */
function inflateChunkOf(gz: Buffer): number {
  const stated = gz.length >= 4 ? gz.readUInt32LE(gz.length - 4) : 0;
  return Math.min(Math.max(stated + 1, 64), WYSCOUT_GZIP_MAX_BYTES);
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
      return gunzipSync(bytes, {
        maxOutputLength: WYSCOUT_GZIP_MAX_BYTES,
        chunkSize: inflateChunkOf(bytes),
      });
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

/** Parses the bytes of a JSON file; `file` is the name used in errors. */
function parseJsonBytes(bytes: Buffer, file: string): unknown {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch (e) {
    throw new DatasetError(file, null, null, `not valid JSON (${messageOf(e)})`);
  }
}

/** Reads and parses one JSON (or gzip JSON) file; `file` is the name used in errors. */
export function readJsonFile(path: string, file: string): unknown {
  return parseJsonBytes(readBytes(path, file), file);
}

/** Parses `raw` with `schema`, raising a DatasetError at the first issue (`prefix` leads the field path). */
function parseWith<S extends z.ZodType>(
  file: string,
  raw: unknown,
  schema: S,
  prefix: (string | number)[] = [],
): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = [...prefix, ...issue.path];
  const rowAt = path.findIndex((p) => typeof p === 'number');
  const at = rowAt >= 0 ? path[rowAt] : null;
  const row = typeof at === 'number' ? at : null;
  const field = path
    .filter((_, i) => i !== rowAt)
    .map(String)
    .join('.');
  throw new DatasetError(file, field || null, row, issue.message);
}

/**
 * The matches of a `matches/matches_<Competition>.json` file, in file order.
 * Throws {@link DatasetError} when the file is missing or malformed.
 * @example readMatchList('wyscout/matches/matches_England.json', 'matches/matches_England.json').length // => 380
 */
export function readMatchList(path: string, file: string): WyscoutMatch[] {
  return parseWith(file, readJsonFile(path, file), z.array(WyscoutMatch));
}

/** Registry of players by id (`players.json`); empty when the file is absent. */
export function readPlayerRegistry(dir: string): Map<number, WyscoutPlayer> {
  const path = join(dir, 'players.json');
  if (!existsSync(path)) return new Map();
  const rows = parseWith('players.json', readJsonFile(path, 'players.json'), z.array(WyscoutPlayer));
  return new Map(rows.map((p) => [p.wyId, p]));
}

/** Registry of teams by id (`teams.json`); empty when the file is absent. */
export function readTeamRegistry(dir: string): Map<number, WyscoutTeam> {
  const path = join(dir, 'teams.json');
  if (!existsSync(path)) return new Map();
  const rows = parseWith('teams.json', readJsonFile(path, 'teams.json'), z.array(WyscoutTeam));
  return new Map(rows.map((t) => [t.wyId, t]));
}

const TeamsMember = z.lazy(() => z.record(z.string(), z.object({ team: WyscoutTeam })));
/** An entry may be `null` or `{player: null}` in the public dataset (a player Wyscout could not resolve): skipped, players.json is the fallback. */
const PlayersMember = z.lazy(() => z.record(z.string(), z.array(z.object({ player: z.unknown() }).nullable())));

/**
 * The teams a per-match file embeds (`{<id>: {team}}`) by id: checked by the fast guard
 * (./roster-guard.ts), and by the schema when the guard cannot tell.
 */
function fileTeamsOf(file: string, raw: unknown): Map<number, WyscoutTeam> {
  const teams = new Map<number, WyscoutTeam>();
  if (raw === undefined || raw === null) return teams;
  const fast = isObject(raw) ? Object.values(raw).map((v) => (isObject(v) ? teamOf(v.team) : null)) : null;
  const list =
    fast?.every((t): t is WyscoutTeam => t !== null) === true
      ? fast
      : Object.values(parseWith(file, raw, TeamsMember, ['teams'])).map((t) => t.team);
  for (const t of list) teams.set(t.wyId, t);
  return teams;
}

/** The `player` of every entry of a file's `players` (`{<team id>: [{player} | null]}`), or null when the shape is not plain. */
function rosterEntriesOf(raw: Record<string, unknown>): unknown[] | null {
  const out: unknown[] = [];
  for (const list of Object.values(raw)) {
    if (!Array.isArray(list)) return null;
    for (const entry of list) {
      if (entry === null) out.push(undefined);
      else if (isObject(entry)) out.push(entry.player);
      else return null;
    }
  }
  return out;
}

/** The schema's parse of one roster player, or null when it is empty or unreadable. */
function schemaPlayerOf(v: unknown): WyscoutPlayer | null {
  const p = WyscoutPlayer.safeParse(v);
  return p.success ? p.data : null;
}

/**
 * The players a per-match file embeds, by id, and how many of its entries are empty or
 * unreadable: checked by the fast guard (./roster-guard.ts), and by the schema when it cannot tell.
 */
function filePlayersOf(file: string, raw: unknown): { players: Map<number, WyscoutPlayer>; badRosterEntries: number } {
  const players = new Map<number, WyscoutPlayer>();
  let badRosterEntries = 0;
  if (raw === undefined || raw === null) return { players, badRosterEntries };
  const entries =
    (isObject(raw) ? rosterEntriesOf(raw) : null) ??
    Object.values(parseWith(file, raw, PlayersMember, ['players'])).flatMap((list) => list.map((e) => e?.player));
  for (const v of entries) {
    const p = playerOf(v) ?? schemaPlayerOf(v);
    if (p) players.set(p.wyId, p);
    else badRosterEntries++;
  }
  return { players, badRosterEntries };
}

/** The members of a per-match file that are not its events, parsed (null when absent or null). */
interface FileMembers {
  teams?: unknown;
  players?: unknown;
  match?: unknown;
}

/** The file's teams, players and match, and the {@link WyscoutMatchFile} they make with its events. */
function matchFileOf(
  file: string,
  o: FileMembers,
  events: { events: WyscoutEvent[]; badEvents: BadEvent[] },
): WyscoutMatchFile {
  const teams = fileTeamsOf(file, o.teams);
  const { players, badRosterEntries } = filePlayersOf(file, o.players);
  const match = o.match === undefined || o.match === null ? null : parseWith(file, o.match, WyscoutMatch, ['match']);
  return { ...events, teams, players, match, badRosterEntries };
}

/** The reference read of a per-match file: `JSON.parse` of its text, events read from the parsed array. */
export function matchFileFromJson(bytes: Buffer, file: string): WyscoutMatchFile {
  const raw = parseJsonBytes(bytes, file);
  if (!isObject(raw)) throw new DatasetError(file, null, null, 'expected an object {events, teams, players}');
  if (!Array.isArray(raw.events)) throw new DatasetError(file, 'events', null, 'expected an array of events');
  return matchFileOf(file, raw, eventsOf(file, raw.events));
}

/**
 * A per-match file from its bytes: events read by the byte scanner (./event-scan.ts), the small
 * members by `JSON.parse` of their bytes; bytes the scanner does not take (not JSON, not an object
 * with an `events` array) go the reference way, which names the problem.
 */
export function matchFileFromBytes(bytes: Buffer, file: string): WyscoutMatchFile {
  const scanned = scanMatchFile(bytes, file);
  if (scanned === null) return matchFileFromJson(bytes, file);
  const member = (key: string): unknown => {
    const at = scanned.members.get(key);
    return at === undefined ? undefined : JSON.parse(bytes.toString('utf8', at.start, at.end));
  };
  const events = { events: scanned.events, badEvents: scanned.badEvents };
  return matchFileOf(file, { teams: member('teams'), players: member('players'), match: member('match') }, events);
}

/**
 * One per-match file (`{events, teams, players, match?}`, `.json` or `.json.gz`): about 1,700
 * events and 3 MB of JSON per league match; callers fold it and drop it before the next.
 * Throws {@link DatasetError} naming `file` when it is missing, truncated or malformed.
 * @example readMatchFile('wyscout/events/england/2499719.json.gz', 'events/england/2499719.json.gz').events.length // => 1,600-ish
 */
export function readMatchFile(path: string, file: string): WyscoutMatchFile {
  return matchFileFromBytes(readBytes(path, file), file);
}

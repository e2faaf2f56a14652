/**
 * Reading a StatsBomb open-data folder (`competitions.json`, `matches/<competition>/<season>.json`,
 * `lineups/<match>.json`, `events/<match>.json`): each file parsed with zod into the few fields
 * halfspace uses, one file at a time. A missing or malformed file raises {@link DatasetError}
 * naming the file, the field path and the array index.
 */
import { messageOf } from '../../errors.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { DatasetError } from '../../model/dataset-error.js';

/**
 * The building blocks of the schemas below, built on first parse, as every schema of this file:
 * an ingest needs them, `import 'halfspace'` does not (docs/design.md#import-cost).
 */
function blocksOf() {
  /** Ids become Arrow int32 columns, so they must fit one. */
  const Id = z
    .number()
    .int()
    .min(-(2 ** 31))
    .max(2 ** 31 - 1);
  /** `{ id, name }`, StatsBomb's reference to anything with a code. */
  const Ref = z.object({ id: Id, name: z.string() });
  const Flag = z.boolean().nullish();
  return { Id, Ref, Flag };
}
let blocks: ReturnType<typeof blocksOf> | undefined;
const parts = () => (blocks ??= blocksOf());

/** One entry of `competitions.json`. */
export const StatsBombCompetition = z.lazy(() => {
  const { Id } = parts();
  return z.object({
    competition_id: Id,
    season_id: Id,
    country_name: z.string().nullish(),
    competition_name: z.string().min(1),
    competition_international: z.boolean().nullish(),
    season_name: z.string().min(1),
  });
});
export type StatsBombCompetition = z.infer<typeof StatsBombCompetition>;

/** One match of `matches/<competition>/<season>.json`. */
export const StatsBombMatch = z.lazy(() => {
  const { Id } = parts();
  return z.object({
    match_id: Id,
    match_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    kick_off: z
      .string()
      .regex(/^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/)
      .nullish(),
    competition: z.object({ competition_id: Id, competition_name: z.string(), country_name: z.string().nullish() }),
    season: z.object({ season_id: Id, season_name: z.string() }),
    home_team: z.object({ home_team_id: Id, home_team_name: z.string().min(1) }),
    away_team: z.object({ away_team_id: Id, away_team_name: z.string().min(1) }),
    home_score: z.number().int().nonnegative().nullish(),
    away_score: z.number().int().nonnegative().nullish(),
    match_week: z.number().int().nullish(),
    competition_stage: z.object({ name: z.string() }).nullish(),
    stadium: z.object({ name: z.string() }).nullish(),
  });
});
export type StatsBombMatch = z.infer<typeof StatsBombMatch>;

/** One team of `lineups/<match>.json` with its squad. */
export const StatsBombLineupTeam = z.lazy(() => {
  const { Id } = parts();
  return z.object({
    team_id: Id,
    team_name: z.string().min(1),
    lineup: z.array(
      z.object({
        player_id: Id,
        player_name: z.string().min(1),
        player_nickname: z.string().nullish(),
        country: z.object({ name: z.string() }).nullish(),
      }),
    ),
  });
});
export type StatsBombLineupTeam = z.infer<typeof StatsBombLineupTeam>;

/** The fields every event has (or may have) that halfspace reads. */
function envelopeSchemaOf() {
  const { Id, Ref } = parts();
  return z.object({
    id: z.string(),
    index: Id,
    period: Id,
    minute: z.number().int().nonnegative(),
    second: z.number().int().nonnegative(),
    type: Ref,
    team: Ref,
    player: Ref.nullish(),
    position: Ref.nullish(),
    related_events: z.array(z.string()).nullish(),
    /** `[x, y]` on StatsBomb's 120 × 80 pitch, attacking toward x = 120; absent on events without a place. */
    location: z.array(z.number()).min(2).nullish(),
    /** Number of the possession the event belongs to, counted from 1 within the match. */
    possession: Id.nullish(),
    play_pattern: Ref.nullish(),
    /** The team StatsBomb says has the ball (its possession chains). */
    possession_team: Ref.nullish(),
  });
}

/**
 * The type-specific objects halfspace reads, each parsed only when the event carries it: most
 * events (Ball Receipt, Carry, Pressure) carry none, which keeps parsing close to JSON.parse speed.
 */
function eventPartsOf() {
  const { Ref, Flag } = parts();
  return {
    tactics: z.object({ lineup: z.array(z.object({ player: Ref, position: Ref })) }),
    substitution: z.object({ replacement: Ref }),
    shot: z.object({
      outcome: Ref,
      statsbomb_xg: z.number().nullish(),
      aerial_won: Flag,
      body_part: Ref.nullish(),
      type: Ref.nullish(),
      technique: Ref.nullish(),
      key_pass_id: z.string().nullish(),
    }),
    pass: z.object({
      outcome: Ref.nullish(),
      type: Ref.nullish(),
      length: z.number().nullish(),
      cross: Flag,
      cut_back: Flag,
      through_ball: Flag,
      technique: Ref.nullish(),
      end_location: z.array(z.number()).min(2).nullish(),
      goal_assist: Flag,
      shot_assist: Flag,
      aerial_won: Flag,
    }),
    carry: z.object({ end_location: z.array(z.number()).min(2) }),
    clearance: z.object({ aerial_won: Flag }),
    miscontrol: z.object({ aerial_won: Flag }),
    duel: z.object({ type: Ref, outcome: Ref.nullish() }),
    dribble: z.object({ outcome: Ref }),
    ball_recovery: z.object({ recovery_failure: Flag }),
    block: z.object({ offensive: Flag }),
    goalkeeper: z.object({ type: Ref.nullish() }),
    foul_committed: z.object({ card: Ref.nullish() }),
    bad_behaviour: z.object({ card: Ref.nullish() }),
  } as const;
}
type EventPartSchemas = ReturnType<typeof eventPartsOf>;
type EventEnvelope = z.infer<ReturnType<typeof envelopeSchemaOf>>;
type EventParts = { [K in keyof EventPartSchemas]?: z.infer<EventPartSchemas[K]> | null };
type PartKey = keyof EventPartSchemas;

/** The event schemas, built on the first event read. */
function eventSchemasOf() {
  const envelope = envelopeSchemaOf();
  const eventParts = eventPartsOf();
  // cast: Object.keys of a literal object with no prototype extras lists exactly its own keys.
  const partKeys = Object.keys(eventParts) as PartKey[];
  /**
   * One event of `events/<match>.json`, reduced to the fields the minutes and counting rules read
   * (METHOD.md); every other field is dropped.
   */
  const event = envelope.extend(
    // cast: fromEntries over the part keys builds exactly one nullish schema per part; its type is lost to string keys.
    Object.fromEntries(partKeys.map((k) => [k, eventParts[k].nullish()])) as {
      [K in PartKey]: z.ZodOptional<z.ZodNullable<EventPartSchemas[K]>>;
    },
  );
  return { envelope, eventParts, partKeys, event };
}
let eventSchemas: ReturnType<typeof eventSchemasOf> | undefined;
const eventSchemasNow = () => (eventSchemas ??= eventSchemasOf());

/** One event as {@link readEvents} parses it (the schema is built on first use). */
export const StatsBombEvent = z.lazy(() => eventSchemasNow().event);
export type StatsBombEvent = EventEnvelope & EventParts;

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const isId = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= INT32_MIN && v <= INT32_MAX;
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isRef = (v: unknown): v is { id: number; name: string } =>
  isRecord(v) && isId(v.id) && typeof v.name === 'string';
const isNumbers = (v: unknown, min: number): v is number[] =>
  Array.isArray(v) && v.length >= min && v.every((x) => typeof x === 'number');
const isStrings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isFlag = (v: unknown): v is boolean | null | undefined => v === undefined || v === null || typeof v === 'boolean';

/** Marks a malformed field in the hand checks below: zod then parses the event and names the problem. */
const BAD: unique symbol = Symbol('malformed');
type Checked<T> = T | null | undefined | typeof BAD;
/** A nullish ref as given, a ref reduced to id and name, or BAD. */
const refOf = (v: unknown): Checked<{ id: number; name: string }> =>
  v === undefined || v === null ? v : isRef(v) ? { id: v.id, name: v.name } : BAD;
/** A nullish value as given, a number array of at least `min` entries, or BAD. */
const numbersOf = (v: unknown, min: number): Checked<number[]> =>
  v === undefined || v === null ? v : isNumbers(v, min) ? v : BAD;

/**
 * The envelope of a well-formed event, checked with plain type tests — the hot path, about ten
 * times cheaper than the zod parse — or null, in which case zod parses it and names the problem.
 * Never accepts what the envelope schema ({@link envelopeSchemaOf}) rejects.
 */
function envelopeOf(raw: unknown): EventEnvelope | null {
  if (!isRecord(raw)) return null;
  const e = raw;
  if (typeof e.id !== 'string' || !isId(e.index) || !isId(e.period) || !isCount(e.minute) || !isCount(e.second))
    return null;
  if (!isRef(e.type) || !isRef(e.team)) return null;
  const player = refOf(e.player);
  const position = refOf(e.position);
  const possessionTeam = refOf(e.possession_team);
  const playPattern = refOf(e.play_pattern);
  const location = numbersOf(e.location, 2);
  const related = e.related_events;
  const possession = e.possession;
  if (player === BAD || position === BAD || possessionTeam === BAD || playPattern === BAD || location === BAD)
    return null;
  if (!(possession === undefined || possession === null || isId(possession))) return null;
  if (!(related === undefined || related === null || isStrings(related))) return null;
  return {
    id: e.id,
    index: e.index,
    period: e.period,
    minute: e.minute,
    second: e.second,
    type: { id: e.type.id, name: e.type.name },
    team: { id: e.team.id, name: e.team.name },
    player,
    position,
    related_events: related,
    location,
    possession_team: possessionTeam,
    possession,
    play_pattern: playPattern,
  };
}

/** A well-formed `carry` object reduced to its end location, or null (zod then names the problem). */
function carryOf(raw: unknown): { end_location: number[] } | null {
  const end = isRecord(raw) ? raw.end_location : undefined;
  if (!isNumbers(end, 2)) return null;
  return { end_location: end };
}

const PASS_FLAGS = ['cross', 'cut_back', 'through_ball', 'goal_assist', 'shot_assist', 'aerial_won'] as const;

/** A well-formed `pass` object reduced to the fields read, or null (zod then names the problem). */
function passOf(raw: unknown): z.infer<EventPartSchemas['pass']> | null {
  if (!isRecord(raw)) return null;
  const p = raw;
  const outcome = refOf(p.outcome);
  const type = refOf(p.type);
  const technique = refOf(p.technique);
  const length = p.length;
  const end = numbersOf(p.end_location, 2);
  if (outcome === BAD || type === BAD || technique === BAD || end === BAD) return null;
  if (!(length === undefined || length === null || typeof length === 'number')) return null;
  // Keys are set in the order the zod schema would give them, only when present in the source.
  const out: z.infer<EventPartSchemas['pass']> = {};
  if (outcome !== undefined) out.outcome = outcome;
  if (type !== undefined) out.type = type;
  if (technique !== undefined) out.technique = technique;
  if (length !== undefined) out.length = length;
  if (end !== undefined) out.end_location = end;
  for (const k of PASS_FLAGS) {
    const flag = p[k];
    if (!isFlag(flag)) return null;
    if (flag !== undefined) out[k] = flag;
  }
  return out;
}

/** Stores on `event` a part that its part schema parsed (or that its hand check accepted). */
function setPart(event: StatsBombEvent, key: PartKey, value: unknown): void {
  // cast: the value was parsed by the part schema of `key` (or checked by hand to the same shape), so it is that part's type.
  (event as Record<string, unknown>)[key] = value;
}

/** Parses one event: the envelope, then only the type-specific objects it carries. */
function parseEvent(file: string, raw: unknown, row: number): StatsBombEvent {
  const fail = (issue: z.core.$ZodIssue, prefix: string[]): never => {
    throw new DatasetError(file, [...prefix, ...issue.path.map(String)].join('.') || null, row, issue.message);
  };
  const schemas = eventSchemasNow();
  let event: StatsBombEvent | null = envelopeOf(raw);
  if (!event) {
    const envelope = schemas.envelope.safeParse(raw);
    if (!envelope.success) fail(envelope.error.issues[0], []);
    event = envelope.data!;
  }
  const source = isRecord(raw) ? raw : {};
  for (const key of schemas.partKeys) {
    const part = source[key];
    if (part === undefined || part === null) continue;
    // About 1,000 passes and 750 carries a match: checked by hand like the envelope; zod only names a problem.
    const fast = key === 'carry' ? carryOf(part) : key === 'pass' ? passOf(part) : null;
    if (fast) {
      setPart(event, key, fast);
      continue;
    }
    const parsed = schemas.eventParts[key].safeParse(part);
    if (!parsed.success) fail(parsed.error.issues[0], [key]);
    setPart(event, key, parsed.data);
  }
  return event;
}

/** Reads and parses one JSON file of the folder; `file` is its path relative to `dir`. */
function readJson(dir: string, file: string): unknown {
  const path = join(dir, file);
  if (!existsSync(path)) throw new DatasetError(file, null, null, `missing in ${dir}`);
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new DatasetError(file, null, null, `not valid JSON (${messageOf(e)})`);
  }
}

/** Parses `raw` as an array of `schema`, raising a DatasetError at the first bad element. */
function parseArray<S extends z.ZodType>(file: string, raw: unknown, schema: S): z.infer<S>[] {
  const parsed = z.array(schema).safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const [first, ...rest] = issue.path;
  const row = typeof first === 'number' ? first : null;
  const path = (row === null ? issue.path : rest).join('.');
  throw new DatasetError(file, path || null, row, issue.message);
}

/**
 * The entries of `competitions.json` in an open-data folder.
 * Throws {@link DatasetError} when the file is missing or malformed.
 * @example readCompetitions('open-data/data')[0].competition_name // => 'Premier League'
 */
export function readCompetitions(dir: string): StatsBombCompetition[] {
  return parseArray('competitions.json', readJson(dir, 'competitions.json'), StatsBombCompetition);
}

/** Path of a season's match list inside the folder. @example matchesFileOf(2, 27) // => 'matches/2/27.json' */
export const matchesFileOf = (competitionId: number, seasonId: number): string =>
  `matches/${competitionId}/${seasonId}.json`;

/**
 * The matches of one competition season (`matches/<competition>/<season>.json`), in file order.
 * Throws {@link DatasetError} when the file is missing or malformed.
 * @example readMatches('open-data/data', 2, 27).length // => 60 for the shipped PL 2015/16 sample
 */
export function readMatches(dir: string, competitionId: number, seasonId: number): StatsBombMatch[] {
  const file = matchesFileOf(competitionId, seasonId);
  return parseArray(file, readJson(dir, file), StatsBombMatch);
}

/**
 * Both squads of one match (`lineups/<match>.json`).
 * Throws {@link DatasetError} when the file is missing or malformed.
 * @example readLineups('open-data/data', 3754254).length // => 2
 */
export function readLineups(dir: string, matchId: number): StatsBombLineupTeam[] {
  const file = `lineups/${matchId}.json`;
  return parseArray(file, readJson(dir, file), StatsBombLineupTeam);
}

/**
 * The event stream of one match (`events/<match>.json`), sorted by `index`. About 3,500 events and
 * 2 MB of JSON per men's league match; callers fold it and drop it before reading the next match.
 * Throws {@link DatasetError} when the file is missing or malformed.
 * @example readEvents('open-data/data', 3754254)[0].type.name // => 'Starting XI'
 */
export function readEvents(dir: string, matchId: number): StatsBombEvent[] {
  const file = `events/${matchId}.json`;
  const raw = readJson(dir, file);
  if (!Array.isArray(raw)) throw new DatasetError(file, null, null, 'not a JSON array of events');
  const events = raw.map((e, row) => parseEvent(file, e, row));
  return events.sort((a, b) => a.index - b.index);
}

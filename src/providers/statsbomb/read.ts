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
import { parsedOrThrow } from '../parsed-or-throw.js';

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
const StatsBombLineupTeam = z.lazy(() => {
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
type StatsBombLineupTeam = z.infer<typeof StatsBombLineupTeam>;

/**
 * One event of `events/<match>.json`, reduced to the fields the minutes and counting rules read
 * (docs/methodology/statsbomb.md); every other field is dropped. Most events (Ball Receipt, Carry,
 * Pressure) carry none of the type-specific objects.
 */
function eventSchemaOf() {
  const { Id, Ref, Flag } = parts();
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
    tactics: z.object({ lineup: z.array(z.object({ player: Ref, position: Ref })) }).nullish(),
    substitution: z.object({ replacement: Ref }).nullish(),
    shot: z
      .object({
        outcome: Ref,
        statsbomb_xg: z.number().nullish(),
        aerial_won: Flag,
        body_part: Ref.nullish(),
        type: Ref.nullish(),
        technique: Ref.nullish(),
        key_pass_id: z.string().nullish(),
      })
      .nullish(),
    pass: z
      .object({
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
      })
      .nullish(),
    carry: z.object({ end_location: z.array(z.number()).min(2) }).nullish(),
    clearance: z.object({ aerial_won: Flag }).nullish(),
    miscontrol: z.object({ aerial_won: Flag }).nullish(),
    duel: z.object({ type: Ref, outcome: Ref.nullish() }).nullish(),
    dribble: z.object({ outcome: Ref }).nullish(),
    ball_recovery: z.object({ recovery_failure: Flag }).nullish(),
    block: z.object({ offensive: Flag }).nullish(),
    goalkeeper: z.object({ type: Ref.nullish() }).nullish(),
    foul_committed: z.object({ card: Ref.nullish() }).nullish(),
    bad_behaviour: z.object({ card: Ref.nullish() }).nullish(),
  });
}
let eventSchema: ReturnType<typeof eventSchemaOf> | undefined;
const eventSchemaNow = () => (eventSchema ??= eventSchemaOf());

/** One event as {@link readEvents} parses it (the schema is built on first use). */
export const StatsBombEvent = z.lazy(eventSchemaNow);
export type StatsBombEvent = z.infer<ReturnType<typeof eventSchemaOf>>;

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

/**
 * The entries of `competitions.json` in an open-data folder.
 * Throws {@link DatasetError} when the file is missing or malformed.
 * @example readCompetitions('open-data/data')[0].competition_name // => 'Premier League'
 */
export function readCompetitions(dir: string): StatsBombCompetition[] {
  return parsedOrThrow('competitions.json', readJson(dir, 'competitions.json'), z.array(StatsBombCompetition));
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
  return parsedOrThrow(file, readJson(dir, file), z.array(StatsBombMatch));
}

/**
 * Both squads of one match (`lineups/<match>.json`).
 * Throws {@link DatasetError} when the file is missing or malformed.
 * @example readLineups('open-data/data', 3754254).length // => 2
 */
export function readLineups(dir: string, matchId: number): StatsBombLineupTeam[] {
  const file = `lineups/${matchId}.json`;
  return parsedOrThrow(file, readJson(dir, file), z.array(StatsBombLineupTeam));
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
  const events = raw.map((e, row) => parsedOrThrow(file, e, eventSchemaNow(), [row]));
  return events.sort((a, b) => a.index - b.index);
}

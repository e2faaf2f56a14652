/**
 * One Wyscout competition season folded match by match (docs/methodology/wyscout.md): each played
 * match's result ({@link matchResultOf}, computed here or beforehand on a worker) adds its player
 * lines to the season accumulators, its appearances, shots and possession, and its anomalies and
 * goal differences to the report. The rows are made from the folded season in dataset.ts.
 */
import { DatasetError } from '../../model/dataset-error.js';
import type { RowOf } from '../../model/schema.js';
import { addToSeasonLine, type SeasonLine } from '../season-dataset.js';
import type { WyscoutReport } from './coverage.js';
import { finalGoalsOf, finishedOf, kickoffOf } from './fixtures.js';
import type { MatchFileRef } from './layout.js';
import { decodeName } from './mapping.js';
import { type MatchResult, matchResultOf } from './match-result.js';
import {
  readMatchFile,
  type WyscoutMatch,
  type WyscoutMatchFile,
  type WyscoutPlayer,
  type WyscoutTeam,
} from './read.js';

/** A player's season so far: who he is, his latest club and the sums of his located events. */
interface PlayerAcc {
  info: WyscoutPlayer;
  team_id: number;
  lastKickoff: number;
  sum_x: number;
  sum_y: number;
  located: number;
}

/** One appearance, with the sums of his located events in the match (for its position). */
export interface AppearanceAcc {
  kickoff: number;
  fixture_id: number;
  player_id: number;
  team_id: number;
  started: boolean;
  seconds: number;
  sum_x: number;
  sum_y: number;
  located: number;
  team_possession: number | null;
}

/** The registries of the public layout (`players.json`, `teams.json`), empty without them. */
export interface WyscoutRegistries {
  players: ReadonlyMap<number, WyscoutPlayer>;
  teams: ReadonlyMap<number, WyscoutTeam>;
}

/** A competition season being folded. */
export class SeasonFold {
  /** Every team met, with what is known of it (null until a registry or a file names it). */
  readonly teams = new Map<number, WyscoutTeam | null>();
  readonly players = new Map<number, PlayerAcc>();
  readonly seasonLines = new Map<string, SeasonLine>();
  readonly appearances: AppearanceAcc[] = [];
  readonly fixtureMatches: WyscoutMatch[] = [];
  readonly possessionByFixture = new Map<number, ReadonlyMap<number, number>>();
  readonly shots: Partial<RowOf<'shots'>>[] = [];
  readonly report: WyscoutReport = { matches: 0, events: 0, goalDifferences: [], unlisted: [], anomalies: [] };

  constructor(
    readonly registries: WyscoutRegistries,
    /** Match results computed beforehand (the workers'), by match id. */
    readonly precomputed: ReadonlyMap<number, MatchResult> | undefined,
  ) {}
}

/**
 * Folds one match: its fixture always, and when it was played and its file is known, its result
 * (`preRead` when the file was read already).
 */
export function foldMatch(
  s: SeasonFold,
  match: WyscoutMatch,
  ref: MatchFileRef | null,
  preRead: WyscoutMatchFile | null,
): void {
  s.fixtureMatches.push(match);
  for (const side of Object.values(match.teamsData))
    if (!s.teams.has(side.teamId)) s.teams.set(side.teamId, s.registries.teams.get(side.teamId) ?? null);
  if (!finishedOf(match) || !ref) return;
  const result =
    s.precomputed?.get(match.wyId) ??
    matchResultOf(
      match,
      preRead ?? readMatchFile(ref.path, ref.file),
      (id) => s.registries.players.get(id)?.role.code2,
      ref.file,
    );
  for (const [id, t] of result.teams) if (s.teams.has(id) && s.teams.get(id) === null) s.teams.set(id, t);
  const summary = result.summary;
  s.possessionByFixture.set(match.wyId, summary.possession);
  for (const shot of summary.shots) s.shots.push({ fixture_id: match.wyId, ...shot });
  s.report.matches++;
  s.report.events += summary.events;
  s.report.anomalies.push(...result.anomalies, ...summary.anomalies);
  for (const side of Object.values(match.teamsData))
    if (s.teams.get(side.teamId) === null)
      s.report.anomalies.push(
        `match ${match.wyId}: team ${side.teamId} is in neither teams.json nor the match file's teams: named "Team ${side.teamId}" unless another file names it`,
      );
  if (summary.unlisted.players.length > 0) s.report.unlisted.push({ fixture_id: match.wyId, ...summary.unlisted });
  reportGoalDifferences(s, match, summary.eventGoals);
  foldLines(s, match, result, ref.file);
}

/** Lists each team whose goals counted from events differ from the scoreboard. */
function reportGoalDifferences(s: SeasonFold, match: WyscoutMatch, eventGoals: ReadonlyMap<number, number>): void {
  for (const side of Object.values(match.teamsData)) {
    const fromEvents = eventGoals.get(side.teamId) ?? 0;
    const scoreboard = finalGoalsOf(match, side);
    if (fromEvents === scoreboard) continue;
    const team = s.teams.get(side.teamId);
    s.report.goalDifferences.push({
      fixture_id: match.wyId,
      label: decodeName(match.label ?? `match ${match.wyId}`),
      team_id: side.teamId,
      team: team ? decodeName(team.name) : String(side.teamId),
      events: fromEvents,
      scoreboard,
    });
  }
}

/** Adds each player line of a match to his season: accumulators, season line, appearance. */
function foldLines(s: SeasonFold, match: WyscoutMatch, result: MatchResult, file: string): void {
  const filePlayers = new Map(result.players);
  const kickoff = kickoffOf(match);
  for (const line of result.summary.lines) {
    const info = filePlayers.get(line.player_id) ?? s.registries.players.get(line.player_id);
    if (!info)
      throw new DatasetError(
        file,
        'playerId',
        null,
        `player ${line.player_id} plays in match ${match.wyId} but is in neither the file's players nor players.json`,
      );
    const acc = s.players.get(line.player_id) ?? {
      info,
      team_id: line.team_id,
      lastKickoff: Number.NEGATIVE_INFINITY,
      sum_x: 0,
      sum_y: 0,
      located: 0,
    };
    if (kickoff >= acc.lastKickoff) {
      acc.lastKickoff = kickoff;
      acc.team_id = line.team_id;
    }
    acc.sum_x += line.sum_x;
    acc.sum_y += line.sum_y;
    acc.located += line.located;
    s.players.set(line.player_id, acc);
    addToSeasonLine(s.seasonLines, line, line.seconds);
    if (!line.appeared) continue;
    s.appearances.push({
      kickoff,
      fixture_id: match.wyId,
      player_id: line.player_id,
      team_id: line.team_id,
      started: line.started,
      seconds: line.seconds,
      sum_x: line.sum_x,
      sum_y: line.sum_y,
      located: line.located,
      team_possession: result.summary.possession.get(line.team_id) ?? null,
    });
  }
}

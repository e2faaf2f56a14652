/**
 * On-pitch goal difference: what happened to the score while a player was on the pitch, the
 * plus-minus facet of the model rating (docs/methodology/stats.md#on-pitch-goal-difference).
 */
import type { Table } from 'apache-arrow';
import type { Dataset } from '../model/schema.js';
import { intColumn, numberColumn, trueFlagsOf } from './columns.js';
import { PER90_MINUTES_MIN } from './per90.js';

/** One goal: the fixture, the minute and the scoring team. */
interface Goal {
  minute: number;
  team_id: number;
}

/** Goals for and against while on the pitch, and the minutes, of one player at one team in one season. */
interface OnPitchTally {
  for: number;
  against: number;
  minutes: number;
}

const keyOf = (player: number, team: number, season: number): string => `${player}:${team}:${season}`;

/**
 * Each fixture's goals with their minute, read from the shots the provider recorded. Own goals
 * are not shots and are missing (docs/methodology/stats.md#on-pitch-goal-difference).
 */
function goalsByFixture(shots: Table): Map<number, Goal[]> {
  const out = new Map<number, Goal[]>();
  const fixture = intColumn(shots, 'fixture_id');
  const team = intColumn(shots, 'team_id');
  const minute = intColumn(shots, 'minute');
  const outcome = shots.getChild('outcome');
  for (let i = 0; i < shots.numRows; i++) {
    if (outcome?.get(i) !== 'goal') continue;
    let list = out.get(fixture[i]);
    if (!list) out.set(fixture[i], (list = []));
    list.push({ minute: minute[i], team_id: team[i] });
  }
  return out;
}

/**
 * The minute window a player was on the pitch: a starter from kick-off for his minutes, a
 * substitute up to the final whistle for his; `end` is the match's length (the longest
 * appearance in it, at least 90).
 * @example onPitchWindow(false, 20, 94) // => [74, 94]
 */
export function onPitchWindow(started: boolean, minutes: number, end: number): [number, number] {
  return started ? [0, minutes] : [end - minutes, end];
}

/** Goals for and against while each player-season was on the pitch, keyed by player, team and season. */
function tallies(dataset: Dataset): Map<string, OnPitchTally> | null {
  // Shots first: the tables of a folder are decoded on first read (io/load.ts), and a dataset
  // without shots (season tables, the bundled demo) need not decode its appearances to say so.
  const shots = dataset.tables.shots;
  if (!shots || shots.numRows === 0) return null;
  const { appearances, fixtures } = dataset.tables;
  if (!appearances || appearances.numRows === 0) return null;
  const seasonOf = new Map<number, number>();
  const fixtureIds = intColumn(fixtures, 'fixture_id');
  const seasonIds = intColumn(fixtures, 'season_id');
  for (let i = 0; i < fixtureIds.length; i++) seasonOf.set(fixtureIds[i], seasonIds[i]);
  const fixture = intColumn(appearances, 'fixture_id');
  const player = intColumn(appearances, 'player_id');
  const team = intColumn(appearances, 'team_id');
  const minutes = numberColumn(appearances, 'minutes');
  const started = trueFlagsOf(appearances, 'started');
  const end = new Map<number, number>();
  for (let i = 0; i < fixture.length; i++) end.set(fixture[i], Math.max(end.get(fixture[i]) ?? 90, minutes[i]));
  const goals = goalsByFixture(shots);
  const out = new Map<string, OnPitchTally>();
  for (let i = 0; i < fixture.length; i++) {
    const season = seasonOf.get(fixture[i]);
    if (season === undefined) continue;
    const [from, to] = onPitchWindow(started[i] === 1, minutes[i], end.get(fixture[i]) ?? 90);
    const key = keyOf(player[i], team[i], season);
    let t = out.get(key);
    if (!t) out.set(key, (t = { for: 0, against: 0, minutes: 0 }));
    t.minutes += minutes[i];
    for (const g of goals.get(fixture[i]) ?? []) {
      if (g.minute < from || g.minute > to) continue;
      if (g.team_id === team[i]) t.for++;
      else t.against++;
    }
  }
  return out;
}

/**
 * Each `player_seasons` row's on-pitch goal difference per 90: (goals for − goals against while
 * he played) × 90 / his minutes in the appearances. NaN when the dataset has no appearances or
 * shots, or the row has under PER90_MINUTES_MIN minutes there; null when no row can have one.
 * @example onPitchGoalDifference(dataset, Int32Array.of(7), Int32Array.of(1), Int32Array.of(2017)) // => Float64Array [0.5] (+10 in 1,800 minutes)
 */
export function onPitchGoalDifference(
  dataset: Dataset,
  player_id: Int32Array,
  team_id: Int32Array,
  season_id: Int32Array,
): Float64Array | null {
  const byKey = tallies(dataset);
  if (!byKey) return null;
  const out = new Float64Array(player_id.length).fill(Number.NaN);
  for (let i = 0; i < out.length; i++) {
    const t = byKey.get(keyOf(player_id[i], team_id[i], season_id[i]));
    if (t && t.minutes >= PER90_MINUTES_MIN) out[i] = ((t.for - t.against) * 90) / t.minutes;
  }
  return out;
}

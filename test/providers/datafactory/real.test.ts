/*
 * The DataFactory adapter on the real sample in ../shared/real/providers/datafactory (one match,
 * Team A 4–2 Team B). Facts come from the feed's own blocks, never from the adapter: the score
 * (scoreStatus) and the per-player and per-team `summary` (goals, own goal, assists, shots,
 * saves, possession). Skipped, saying why, when the folder is absent.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { feedFilesOf } from '../../../src/providers/feed-format.js';
import { dataFactoryMatchesFromFiles, datasetFromDataFactoryFiles } from '../../../src/providers/datafactory/index.js';
import { Q, SHOT_TYPES, TYPE } from '../../../src/providers/opta/mapping.js';
import { rowsOf } from '../../../src/model/schema.js';
import { realDataPresent, realPath } from '../../helpers/real-data.js';

const DIR = realPath('providers', 'datafactory');
const present = realDataPresent('DataFactory real-data tests', DIR);

const files = () => feedFilesOf([DIR]).files;
const summary = (): Record<string, any> =>
  JSON.parse(readFileSync(join(DIR, 'datafactory_events.json'), 'utf8')).summary;

/** The feed's per-player counts of one summary entry. */
const perPlayer = (key: string): Record<string, number> => summary()[key].perPlayerQty;

/** A dataset column per player id, zeros left out (as the feed's summary leaves them out). */
function columnOf(column: 'goals' | 'assists' | 'shots' | 'saves'): Record<string, number> {
  const { dataset } = datasetFromDataFactoryFiles(files());
  const out: Record<string, number> = {};
  for (const r of rowsOf(dataset.tables.player_seasons, 'player_seasons'))
    if ((r[column] ?? 0) > 0) out[String(r.player_id)] = r[column]!;
  return out;
}

describe.skipIf(!present)('DataFactory sample', () => {
  it('reads Team A 4–2 Team B, the same from the goal incidences as from scoreStatus, as a whole match', () => {
    const { report, dataset } = datasetFromDataFactoryFiles(files());
    expect(report[0]!.recorded_score).toEqual({ home: 4, away: 2 });
    expect(report[0]!.event_goals).toEqual({ home: 4, away: 2 });
    expect(report[0]!.whole).toBe(true);
    expect(report[0]!.periods.map((p) => p.period)).toEqual([1, 2]);
    const fixture = rowsOf(dataset.tables.fixtures, 'fixtures')[0]!;
    expect([fixture.home_goals, fixture.away_goals]).toEqual([4, 2]);
  });

  it("gives each scorer his goals as the feed's summary does, the own goal to the other side", () => {
    // The summary's goals leave the own goal out; it is in ownGoal, by Team B's player, and makes Team A's fourth.
    expect(columnOf('goals')).toEqual(perPlayer('goals'));
    expect(summary().goals.homeQty + summary().ownGoal.awayQty).toBe(4);
    expect(summary().goals.awayQty + summary().ownGoal.homeQty).toBe(2);
  });

  it("matches the summary's assists, shots and keeper saves per player", () => {
    expect(columnOf('assists')).toEqual(perPlayer('assists'));
    expect(columnOf('shots')).toEqual(perPlayer('shots'));
    expect(columnOf('saves')).toEqual(perPlayer('saves'));
  });

  it("computes possession within a point of the feed's ballPossesion", () => {
    const { dataset } = datasetFromDataFactoryFiles(files());
    const f = rowsOf(dataset.tables.fixtures, 'fixtures')[0]!;
    expect(Math.abs(f.home_possession! - summary().ballPossesion.homeQty)).toBeLessThan(1);
    expect(Math.abs(f.away_possession! - summary().ballPossesion.awayQty)).toBeLessThan(1);
  });

  it('gives substitutes the minutes from their substitution to the end, each team 990 in all', () => {
    const { dataset } = datasetFromDataFactoryFiles(files());
    const apps = rowsOf(dataset.tables.appearances!, 'appearances');
    // Incidence 22095046: 127152 off, 49138 on at 54:03.
    expect(apps.find((a) => a.player_id === 49138)!.minutes).toBeCloseTo(90 - (54 + 3 / 60), 6);
    expect(apps.find((a) => a.player_id === 127152)!.minutes).toBeCloseTo(54 + 3 / 60, 6);
    const byTeam = new Map<number, number>();
    for (const a of apps) byTeam.set(a.team_id, (byTeam.get(a.team_id) ?? 0) + a.minutes);
    expect([...byTeam.values()].map((m) => Math.round(m * 1e6) / 1e6)).toEqual([990, 990]);
  });
});

describe.skipIf(!present)('DataFactory coordinates in the engine frame', () => {
  const events = () => dataFactoryMatchesFromFiles(files())[0]!.events;

  it('puts the kick-off of each half on the centre spot', () => {
    const kickOffs = events().filter((e) => e.typeId === TYPE.pass && e.qualifiers.has(Q.kickOff));
    expect(kickOffs.map((e) => e.period)).toEqual([1, 2]);
    for (const e of kickOffs) {
      expect(Math.abs(e.at!.x - 0.5) * 105).toBeLessThan(1.5);
      expect(Math.abs(e.at!.y - 0.5) * 68).toBeLessThan(1.5);
    }
  });

  it('puts the penalty in front of the goal the scorer attacks, near the spot', () => {
    // DataFactory locations are clicked on a grid with two decimals: 3 m is the tolerance.
    const penalties = events().filter((e) => e.typeId === TYPE.goal && e.qualifiers.has(Q.penalty));
    expect(penalties).toHaveLength(1);
    expect(Math.abs((1 - penalties[0]!.at!.x) * 105 - 11)).toBeLessThan(3);
    expect(Math.abs(penalties[0]!.at!.y - 0.5) * 68).toBeLessThan(3);
  });

  it('puts every shot in the half its team attacks, in both periods', () => {
    const shots = events().filter((e) => SHOT_TYPES.has(e.typeId));
    expect(new Set(shots.map((s) => `${s.teamId}:${s.period}`)).size).toBe(4);
    for (const s of shots.filter((x) => !x.qualifiers.has(Q.ownGoal))) expect(s.at!.x).toBeGreaterThan(0.5);
  });
});

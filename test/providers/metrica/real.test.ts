/*
 * The Metrica adapter on Metrica Sports' sample data in ../shared/real/providers/metrica (games 1–2
 * as event CSV, game 3 as JSON events with EPTS metadata). Facts from the README there (game 1
 * ends 3–1 with an own goal by Home recorded as BALL OUT / WOODWORK-GOAL, game 2 3–2) and from
 * the metadata (game 3's score), never from the adapter. Skipped, saying why, when absent.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { feedFilesOf } from '../../../src/providers/feed-format.js';
import { datasetFromMetricaMatches, metricaMatchesFromFiles } from '../../../src/providers/metrica/index.js';
import { SUB, TYPE, has } from '../../../src/providers/metrica/mapping.js';
import { rowsOf } from '../../../src/model/schema.js';
import { realDataPresent, realPath } from '../../helpers/real-data.js';

const REAL = realPath('providers', 'metrica');
const present = realDataPresent('Metrica real-data tests', REAL);

const ingest = () => datasetFromMetricaMatches(metricaMatchesFromFiles(feedFilesOf([REAL]).files));
const gameOf = (r: ReturnType<typeof ingest>, game: string) => {
  const i = r.matches.findIndex((m) => m.game === game);
  return { match: r.matches[i]!, summary: r.summaries[i]!, report: r.report[i]! };
};
/** Metres between two points given as fractions of the 105 × 68 m pitch. */
const metres = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.hypot((a.x - b.x) * 105, (a.y - b.y) * 68);

describe.skipIf(!present)('Metrica sample games', () => {
  const r = present ? ingest() : undefined;

  it('reads game 1 at 3–1: three Home SHOT … GOAL rows and a Home own goal as BALL OUT / WOODWORK-GOAL, Home kicking off next', () => {
    const { match, report } = gameOf(r!, 'Sample_Game_1');
    expect(report.event_goals).toEqual({ home: 3, away: 1 });
    const goals = match.events.filter((e) => e.type === TYPE.shot && has(e, SUB.goal));
    expect(goals.map((e) => e.side)).toEqual(['home', 'home', 'home']);
    const own = match.events.findIndex((e) => e.type === TYPE.ballOut && has(e, 'WOODWORK') && has(e, SUB.goal));
    expect(match.events[own]!.side).toBe('home');
    const next = match.events.slice(own + 1).find((e) => e.type === TYPE.setPiece && has(e, SUB.kickOff));
    expect(next!.side).toBe('home');
    const fixture = rowsOf(r!.dataset.tables.fixtures, 'fixtures').find((f) => f.fixture_id === match.fixtureId)!;
    expect([fixture.home_goals, fixture.away_goals]).toEqual([3, 1]);
  });

  it('reads game 2 at 3–2 and game 3 at the metadata score', () => {
    expect(gameOf(r!, 'Sample_Game_2').report.event_goals).toEqual({ home: 3, away: 2 });
    const meta = readFileSync(join(REAL, 'Sample_Game_3/Sample_Game_3_metadata.xml'), 'utf8');
    const home = Number(/<LocalTeamScore>(\d+)</.exec(meta)![1]);
    const away = Number(/<VisitingTeamScore>(\d+)</.exec(meta)![1]);
    const g3 = gameOf(r!, 'Sample_Game_3').report;
    expect(g3.recorded_score).toEqual({ home, away });
    expect(g3.event_goals).toEqual({ home, away });
  });

  it('puts kick-offs on the centre spot: every kick-off pass starts in the centre circle, the typical one within a metre', () => {
    const gaps = r!.matches.flatMap((m) =>
      m.events
        .filter(
          (e, i) =>
            e.type === TYPE.pass && m.events[i - 1]?.type === TYPE.setPiece && has(m.events[i - 1]!, SUB.kickOff),
        )
        .map((e) => metres(e.at!, { x: 0.5, y: 0.5 })),
    );
    expect(gaps.length).toBeGreaterThanOrEqual(15);
    expect(Math.max(...gaps)).toBeLessThan(9.15);
    expect([...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)]).toBeLessThan(1);
  });

  it('turns each side toward the goal it attacks in each period: goal kicks from its own penalty area, goals into the far goal, the own goal at its own', () => {
    for (const m of r!.matches) {
      const kicks = m.events.filter((e) => has(e, SUB.goalKick) && e.at && e.type !== TYPE.setPiece);
      expect(kicks.length, m.game).toBeGreaterThan(0);
      for (const e of kicks) expect(e.at!.x * 105, `${m.game} row ${e.row}`).toBeLessThan(16.5);
      for (const e of m.events.filter((x) => x.type === TYPE.shot && has(x, SUB.goal)))
        expect(e.at!.x).toBeGreaterThan(0.75);
      for (const e of m.events.filter((x) => x.type === TYPE.ballOut && has(x, SUB.goal)))
        expect(e.at!.x).toBeLessThan(0.1);
    }
  });

  it("places game 2's penalty on the spot, 11 m out, and calls it a penalty in the shots table", () => {
    const { match } = gameOf(r!, 'Sample_Game_2');
    const i = match.events.findIndex((e) => e.type === TYPE.setPiece && has(e, SUB.penalty));
    const shot = match.events[i + 1]!;
    expect(shot.type).toBe(TYPE.shot);
    // Metrica's location is the tracked ball at the kick, not the painted spot: within 3 m of it.
    expect(metres(shot.at!, { x: 1 - 11 / 105, y: 0.5 })).toBeLessThan(3);
    const shots = rowsOf(r!.dataset.tables.shots!, 'shots').filter((s) => s.fixture_id === match.fixtureId);
    expect(shots.filter((s) => s.situation === 'penalty')).toHaveLength(1);
  });

  it("gives 22 starters a match and each side 11 × the match's nominal minutes (no red card in the samples)", () => {
    const apps = rowsOf(r!.dataset.tables.appearances!, 'appearances');
    for (const [i, m] of r!.matches.entries()) {
      const mine = apps.filter((a) => a.fixture_id === m.fixtureId);
      expect(mine.filter((a) => a.started)).toHaveLength(22);
      for (const team of [m.home.teamId, m.away.teamId]) {
        const total = mine.filter((a) => a.team_id === team).reduce((s, a) => s + a.minutes, 0);
        expect(total).toBeCloseTo((11 * r!.summaries[i]!.matchNominalSeconds) / 60, 6);
      }
    }
  });

  it('brings each substitute on after the last action of the team-mate he replaces', () => {
    for (const [i, m] of r!.matches.entries()) {
      const last = new Map<string, number>();
      for (const e of m.events) if (e.from && e.type !== TYPE.card) last.set(e.from, e.period * 1e6 + e.start);
      for (const s of r!.summaries[i]!.spells.filter((x) => !x.started)) {
        expect(s.replaced, `${m.game} ${s.key}`).not.toBeNull();
        expect(last.get(s.replaced!)!).toBeLessThan(s.on.period * 1e6 + s.on.time);
      }
    }
  });

  it('counts the same shots, passes and goals as the events hold, with one own goal that is nobody’s goal', () => {
    const ps = rowsOf(r!.dataset.tables.player_seasons, 'player_seasons');
    const sum = (c: 'goals' | 'shots' | 'passes_completed') => ps.reduce((s, p) => s + (p[c] ?? 0), 0);
    const events = r!.matches.flatMap((m) => m.events);
    expect(sum('shots')).toBe(events.filter((e) => e.type === TYPE.shot).length);
    expect(sum('goals')).toBe(3 + 3 + 2 + 2 + 0 - 0);
    expect(sum('passes_completed')).toBeLessThanOrEqual(events.filter((e) => e.type === TYPE.pass).length);
    expect(ps.every((p) => p.punches === null)).toBe(true);
    expect(ps.every((p) => p.progressive_carries === null)).toBe(true);
  });
});

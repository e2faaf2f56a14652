/*
 * Metrica's reader and coordinate conversion on hand-made input: the one conversion to the
 * attacking frame (worked examples and a property), positions from EPTS position types, and bad
 * files refused with the file, column and row.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DatasetError } from '../../../src/model/dataset-error.js';
import { metricaPitchPointOf, positionCodeOfMetrica } from '../../../src/providers/metrica/mapping.js';
import { metricaCsvMatchOf } from '../../../src/providers/metrica/read.js';
import { datasetFromMetricaMatches } from '../../../src/providers/metrica/index.js';
import { rowsOf } from '../../../src/model/schema.js';

const HEADER =
  'Team,Type,Subtype,Period,Start Frame,Start Time [s],End Frame,End Time [s],From,To,Start X,Start Y,End X,End Y';

describe('metricaPitchPointOf', () => {
  it('keeps a right-attacking side and mirrors both axes for a left-attacking one', () => {
    // Home attacks right: (0.92, 0.47) is 8.4 m from the goal it attacks, 2 m left of centre (top is its left).
    expect(metricaPitchPointOf(0.92, 0.47, true)).toEqual({ x: 0.92, y: 0.47 });
    // The same spot for a side attacking left is 96.6 m from the goal it attacks: x 0.08, and its left is the bottom.
    const p = metricaPitchPointOf(0.92, 0.47, false);
    expect(p.x).toBeCloseTo(0.08, 12);
    expect(p.y).toBeCloseTo(0.53, 12);
    expect(metricaPitchPointOf(1.01, -0.04, true)).toEqual({ x: 1, y: 0 });
  });

  it('puts the centre spot on itself either way and turns one side into the other (property)', () => {
    expect(metricaPitchPointOf(0.5, 0.5, false)).toEqual({ x: 0.5, y: 0.5 });
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (x, y) => {
        const a = metricaPitchPointOf(x, y, true);
        const b = metricaPitchPointOf(x, y, false);
        expect(a.x + b.x).toBeCloseTo(1, 12);
        expect(a.y + b.y).toBeCloseTo(1, 12);
      }),
    );
  });
});

describe('positionCodeOfMetrica', () => {
  it.each([
    ['Goalkeeper', 'GK'],
    ['Right Center Back (4)', 'CB'],
    ['Left Back', 'LB'],
    ['Defensive Right Center Midfielder (5)', 'DM'],
    ['Attacking Center Midfielder', 'AM'],
    ['Attacking Left Midfielder (4,5)', 'LW'],
    ['Right Midfielder (4,5)', 'RM'],
    ['Left Center Midfielder (4)', 'CM'],
    ['Center Forward', 'ST'],
    ['Left Forward (2)', 'ST'],
    ['Kit man', null],
  ])('%s is %s', (type, code) => expect(positionCodeOfMetrica(type)).toBe(code));
});

describe('metricaCsvMatchOf', () => {
  it('reads a hand-made match: a kick-off, a pass, a goal and an own goal (2–0)', () => {
    // Home attacks right (its pass gains 0.2), so its shot at x 0.9 is 10.5 m out; Away's ball out
    // at x 0.95 with GOAL is into Away's own net (Away attacks left in period 1), a second goal for Home: 2–0.
    const csv = [
      HEADER,
      'Home,SET PIECE,KICK OFF,1,1,0.04,1,0.04,Player9,,NaN,NaN,NaN,NaN',
      'Home,PASS,,1,1,0.04,25,1,Player9,Player10,0.5,0.5,0.7,0.5',
      'Home,SHOT,ON TARGET-GOAL,1,50,2,60,2.4,Player10,,0.9,0.5,1.01,0.5',
      'Away,SET PIECE,KICK OFF,1,100,4,100,4,Player19,,NaN,NaN,NaN,NaN',
      'Away,PASS,,1,100,4,120,4.8,Player19,Player20,0.5,0.5,0.6,0.5',
      'Away,BALL OUT,WOODWORK-GOAL,1,130,5.2,140,5.6,Player20,,0.95,0.5,1.01,0.5',
    ].join('\n');
    const match = metricaCsvMatchOf(csv, 'Hand_Game_RawEventsData.csv');
    expect(match.game).toBe('Hand_Game');
    expect(match.events[2]!.at).toEqual({ x: 0.9, y: 0.5 });
    const { report, dataset } = datasetFromMetricaMatches([match]);
    expect(report[0]!.event_goals).toEqual({ home: 2, away: 0 });
    const shots = rowsOf(dataset.tables.shots!, 'shots');
    expect(shots).toHaveLength(1);
    expect(shots[0]).toMatchObject({ outcome: 'goal', body_part: 'foot', situation: 'open_play' });
    const scorer = rowsOf(dataset.tables.player_seasons, 'player_seasons').find((p) => p.goals === 1)!;
    expect(rowsOf(dataset.tables.players, 'players').find((p) => p.player_id === scorer.player_id)!.name).toBe(
      'Player10 (Hand Game Home)',
    );
    // Player9's pass set up the goal: his key pass, assist and xA.
    const assist = rowsOf(dataset.tables.player_seasons, 'player_seasons').find((p) => p.assists === 1)!;
    expect(assist.key_passes).toBe(1);
    expect(assist.xa).toBeCloseTo(shots[0]!.xg, 12);
  });

  it.each([
    ['a wrong header', 'Team,Type\nHome,PASS', null, 0],
    ['a missing field', `${HEADER}\nHome,PASS,,1,1,0.04,3,0.12,Player19,Player21,0.45,0.39,0.55`, null, 1],
    ['an unknown side', `${HEADER}\nTeam A,PASS,,1,1,0.04,3,0.12,P1,P2,0.4,0.3,0.5,0.4`, 'side', 1],
    ['a bad period', `${HEADER}\nHome,PASS,,x,1,0.04,3,0.12,P1,P2,0.4,0.3,0.5,0.4`, 'period', 1],
  ])('refuses %s, naming the row', (_what, text, column, row) => {
    try {
      metricaCsvMatchOf(text, 'bad.csv');
      expect.unreachable('should throw');
    } catch (err) {
      expect(err).toBeInstanceOf(DatasetError);
      expect((err as DatasetError).file).toBe('bad.csv');
      expect((err as DatasetError).column).toBe(column);
      expect((err as DatasetError).row).toBe(row);
    }
  });
});

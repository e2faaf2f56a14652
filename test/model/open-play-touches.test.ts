/*
 * Touches count open play only (docs/methodology/dna.md#open-play-touches): a throw-in, a corner, a
 * free kick, a goal kick, a penalty or a kick-off is taken where the rules put the ball, so none of
 * them is a touch, in any provider that counts zones. Each case takes one hand-made restart and the
 * same action in open play at the same spot: the open-play one is a touch, the restart is not.
 */
import { describe, expect, it } from 'vitest';
import {
  emptyZoneCounts,
  sumIndexOf,
  ZONE_BLOCKS,
  ZONE_COLUMNS,
  type ZoneCounts,
} from '../../src/model/location-profile.js';
import type { MetricaEvent, MetricaMatch } from '../../src/providers/metrica/match.js';
import { metricaMatchSummaryOf } from '../../src/providers/metrica/match-summary.js';
import { addOptaEventZones } from '../../src/providers/opta/location-profile.js';
import type { OptaEvent } from '../../src/providers/opta/match.js';
import { Q, TYPE } from '../../src/providers/opta/mapping.js';
import { addStatsBombEventZones } from '../../src/providers/statsbomb/location-profile.js';
import type { StatsBombEvent } from '../../src/providers/statsbomb/read.js';
import { addEventZones } from '../../src/providers/wyscout/location-profile.js';
import { matchSummaryOf } from '../../src/providers/wyscout/match-summary.js';
import type { WyscoutEvent, WyscoutMatch } from '../../src/providers/wyscout/read.js';

const touchesOf = (counts: ZoneCounts): number => {
  const block = ZONE_BLOCKS[0];
  return counts.slice(block.start, block.start + block.length).reduce((a, b) => a + b, 0);
};
const passesOf = (counts: ZoneCounts): number => {
  const block = ZONE_BLOCKS[1];
  return counts.slice(block.start, block.start + block.length).reduce((a, b) => a + b, 0);
};

describe('Wyscout', () => {
  const event = (over: Partial<WyscoutEvent>): WyscoutEvent => ({
    eventId: 8,
    subEventId: 85,
    matchPeriod: '1H',
    eventSec: 10,
    teamId: 1,
    playerId: 7,
    x: 40,
    y: 100,
    endX: 60,
    endY: 80,
    tags: [1801],
    ...over,
  });

  // Wyscout v2's event 3 ("Free Kick") is the restart family, told apart by sub-event
  // (Pappalardo et al. 2019, table of events): 30 corner, 31 free kick, 32 free-kick cross,
  // 33 free-kick shot, 34 goal kick, 35 penalty, 36 throw-in.
  it.each([
    ['a corner', 30],
    ['a free kick', 31],
    ['a free-kick cross', 32],
    ['a free-kick shot', 33],
    ['a goal kick', 34],
    ['a penalty', 35],
    ['a throw-in', 36],
  ])('does not count %s as a touch; the same pass in open play is one', (_, subEventId) => {
    const restart = emptyZoneCounts();
    addEventZones(restart, event({ eventId: 3, subEventId }));
    expect(touchesOf(restart)).toBe(0);
    expect(restart[sumIndexOf('touch_sum_y')]).toBe(0);
    const open = emptyZoneCounts();
    addEventZones(open, event({}));
    expect(touchesOf(open)).toBe(1);
  });

  it('still counts a passing restart in the pass mix', () => {
    const counts = emptyZoneCounts();
    addEventZones(counts, event({ eventId: 3, subEventId: 36 }));
    expect(passesOf(counts)).toBe(1);
  });

  it('leaves out the kick-off of each half and after a goal, not a later pass from the centre spot', () => {
    const match: WyscoutMatch = {
      wyId: 1,
      competitionId: 9,
      seasonId: 8,
      gameweek: 1,
      dateutc: '2017-08-11 18:45:00',
      teamsData: {
        '1': { teamId: 1, side: 'home', score: 1, formation: { lineup: [{ playerId: 7 }], substitutions: [] } },
        '2': { teamId: 2, side: 'away', score: 0, formation: { lineup: [{ playerId: 8 }], substitutions: [] } },
      },
    };
    const centre = { x: 50, y: 49, endX: 40, endY: 50 };
    const events = [
      event({ eventSec: 1, ...centre }), // kick-off of the first half
      event({ eventSec: 30, ...centre }), // open play that passes the centre spot: a touch
      event({ eventSec: 600, eventId: 10, subEventId: 100, x: 90, y: 50, tags: [101] }), // goal: a touch
      event({ eventSec: 660, playerId: 8, teamId: 2, ...centre }), // kick-off after the goal
      event({ eventSec: 2700, x: 70, y: 20 }), // last event of the half: a touch
      event({ eventSec: 1, matchPeriod: '2H', playerId: 8, teamId: 2, ...centre }), // kick-off of the second half
      event({ eventSec: 2700, matchPeriod: '2H', playerId: 8, teamId: 2, x: 30, y: 50 }), // a touch
    ];
    const summary = matchSummaryOf(match, events, () => false);
    const zonesOf = (id: number) => summary.lines.find((l) => l.player_id === id)!.zones;
    expect(touchesOf(zonesOf(7))).toBe(3);
    expect(touchesOf(zonesOf(8))).toBe(1);
    expect(passesOf(zonesOf(7)) + passesOf(zonesOf(8))).toBe(6); // all six passes, kick-offs included
  });
});

describe('StatsBomb', () => {
  const sb = (type: string, over: Partial<StatsBombEvent> = {}): StatsBombEvent => ({
    id: 'e',
    index: 1,
    period: 1,
    minute: 1,
    second: 0,
    type: { id: 1, name: type },
    team: { id: 1, name: 'A' },
    player: { id: 7, name: 'P' },
    location: [48, 80],
    ...over,
  });
  const pass = (typeName?: string) =>
    sb('Pass', { pass: { end_location: [70, 60], type: typeName ? { id: 1, name: typeName } : undefined } });
  const shot = (typeName: string) =>
    sb('Shot', { location: [108, 40], shot: { outcome: { id: 97, name: 'Goal' }, type: { id: 1, name: typeName } } });

  // StatsBomb Open Data's event specification: pass.type Corner, Free Kick, Goal Kick, Kick Off,
  // Throw-in; shot.type Penalty, Free Kick, Corner, Kick Off, Open Play.
  it.each([
    ['a throw-in', pass('Throw-in')],
    ['a corner', pass('Corner')],
    ['a free kick', pass('Free Kick')],
    ['a goal kick', pass('Goal Kick')],
    ['a kick-off', pass('Kick Off')],
    ['a penalty', shot('Penalty')],
    ['a direct free kick', shot('Free Kick')],
  ])('does not count %s as a touch', (_, e) => {
    const counts = emptyZoneCounts();
    addStatsBombEventZones(counts, e);
    expect(touchesOf(counts)).toBe(0);
  });

  it('counts the same pass and shot in open play as touches', () => {
    const counts = emptyZoneCounts();
    addStatsBombEventZones(counts, pass());
    addStatsBombEventZones(counts, shot('Open Play'));
    expect(touchesOf(counts)).toBe(2);
  });
});

describe('Opta', () => {
  const opta = (typeId: number, qualifiers: number[] = []): OptaEvent => ({
    eventId: 1,
    typeId,
    period: 1,
    clock: 60,
    teamId: 1,
    playerId: 7,
    playerName: null,
    outcome: 1,
    at: { x: 0.4, y: 1 },
    end: { x: 0.6, y: 0.8 },
    qualifiers: new Map(qualifiers.map((q) => [q, ''])),
    assist: false,
    keyPass: false,
  });

  // Opta F24 qualifiers: 5 free kick taken, 6 corner taken, 107 throw-in, 124 goal kick,
  // 279 kick-off (passes); 9 penalty, 26 direct free kick (shots).
  it.each([
    ['a throw-in', opta(TYPE.pass, [Q.throwIn])],
    ['a corner', opta(TYPE.pass, [Q.cornerTaken])],
    ['a free kick', opta(TYPE.pass, [Q.freeKickTaken])],
    ['a goal kick', opta(TYPE.pass, [Q.goalKick])],
    ['a kick-off', opta(TYPE.pass, [Q.kickOff])],
    ['a penalty', opta(TYPE.goal, [Q.penalty])],
    ['a direct free kick', opta(TYPE.attemptSaved, [Q.directFreeKick])],
  ])('does not count %s as a touch', (_, e) => {
    const counts = emptyZoneCounts();
    addOptaEventZones(counts, e);
    expect(touchesOf(counts)).toBe(0);
  });

  it('counts the same pass and shot in open play as touches, and a passing restart in the pass mix', () => {
    const counts = emptyZoneCounts();
    addOptaEventZones(counts, opta(TYPE.pass));
    addOptaEventZones(counts, opta(TYPE.goal));
    addOptaEventZones(counts, opta(TYPE.pass, [Q.throwIn]));
    expect(touchesOf(counts)).toBe(2);
    expect(passesOf(counts)).toBe(2);
  });
});

describe('Metrica', () => {
  let row = 0;
  const ev = (type: string, subtypes: string[], start: number, from = 'P1'): MetricaEvent => ({
    row: row++,
    side: 'home',
    type,
    subtypes,
    period: 1,
    start,
    end: start + 1,
    from,
    to: type === 'PASS' ? 'P2' : null,
    at: { x: 0.4, y: 1 },
    endAt: { x: 0.6, y: 0.8 },
  });

  // Metrica's event definitions: a restart is a SET PIECE row (THROW IN, CORNER KICK, FREE KICK,
  // KICK OFF, PENALTY) followed at the same moment by the PASS or SHOT that takes it; a goal kick
  // is a PASS with the GOAL KICK subtype.
  it('counts a pass in open play as a touch, not a throw-in, corner, free kick, kick-off or goal kick', () => {
    const events = [
      ev('SET PIECE', ['KICK OFF'], 0),
      ev('PASS', [], 0),
      ev('PASS', [], 10), // open play
      ev('SET PIECE', ['THROW IN'], 20),
      ev('PASS', [], 20),
      ev('SET PIECE', ['CORNER KICK'], 30),
      ev('PASS', ['CROSS'], 30),
      ev('SET PIECE', ['FREE KICK'], 40),
      ev('PASS', [], 40),
      ev('PASS', ['GOAL KICK'], 50),
      ev('PASS', [], 60), // open play
      ev('PASS', [], 2700, 'P2'),
    ];
    const match: MetricaMatch = {
      layout: 'csv',
      files: [],
      game: 'Test',
      fixtureId: 1,
      date: null,
      home: { teamId: 1, name: 'Home' },
      away: { teamId: 2, name: 'Away' },
      score: null,
      players: [
        { key: 'P1', playerId: 1, side: 'home', name: 'P1', position: null },
        { key: 'P2', playerId: 2, side: 'home', name: 'P2', position: null },
      ],
      events,
      directionSource: 'metadata',
    };
    const line = metricaMatchSummaryOf(match).lines.find((l) => l.player_id === 1)!;
    expect(touchesOf(line.zones)).toBe(2);
    expect(line.zones[ZONE_COLUMNS.indexOf('touch_b2_l4')]).toBe(2);
  });
});

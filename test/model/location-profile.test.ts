/*
 * Zone counts of hand-built Wyscout events (docs/methodology/dna.md#location-features): which
 * zone a touch, a pass and a defensive action land in, the pass direction × length bins, the
 * coordinate sums, and the per-match counts a match summary carries.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ACTION_COLUMNS,
  addDefence,
  addPass,
  addTouch,
  emptyZoneCounts,
  sumIndexOf,
  ZONE_BLOCKS,
  ZONE_COLUMNS,
} from '../../src/model/location-profile.js';
import { addStatsBombEventZones } from '../../src/providers/statsbomb/location-profile.js';
import type { StatsBombEvent } from '../../src/providers/statsbomb/read.js';
import { addEventZones } from '../../src/providers/wyscout/location-profile.js';
import { matchSummaryOf } from '../../src/providers/wyscout/match-summary.js';
import type { WyscoutEvent, WyscoutMatch } from '../../src/providers/wyscout/read.js';

const at = (column: string) => ZONE_COLUMNS.indexOf(column);
const nonZero = (counts: number[]) =>
  Object.fromEntries(counts.flatMap((c, i) => (c !== 0 ? [[ZONE_COLUMNS[i], c]] : [])));

const event = (over: Partial<WyscoutEvent>): WyscoutEvent => ({
  eventId: 8,
  subEventId: 85,
  matchPeriod: '1H',
  eventSec: 10,
  teamId: 1,
  playerId: 7,
  x: 50,
  y: 50,
  endX: 60,
  endY: 50,
  tags: [1801],
  ...over,
});

describe('zone counts', () => {
  it('puts a touch in its sixth of the length and fifth of the width, and sums its rounded coordinates', () => {
    const counts = emptyZoneCounts();
    addTouch(counts, 95, 10.4);
    addTouch(counts, 0, 100);
    expect(nonZero(counts)).toEqual({
      touch_b5_l0: 1,
      touch_b0_l4: 1,
      touch_sum_x: 95,
      touch_sum_y: 110,
      touch_sum_xx: 95 * 95,
      touch_sum_yy: 10 * 10 + 100 * 100,
      touch_sum_xy: 95 * 10,
    });
  });

  it('bins passes by direction (45° cones) and length (30 m), and counts their target zone', () => {
    const counts = emptyZoneCounts();
    addPass(counts, 50, 50, 60, 50); // 10.5 m straight forward
    addPass(counts, 50, 50, 90, 50); // 42 m forward
    addPass(counts, 50, 20, 52, 80); // 41 m across, 2 units forward
    addPass(counts, 50, 50, 40, 50); // 10.5 m back
    const bins = ZONE_BLOCKS[1];
    expect(counts.slice(bins.start, bins.start + bins.length)).toEqual([1, 1, 0, 1, 1, 0]);
    expect(counts[at('target_b2_l1')]).toBe(1);
    expect(counts[at('target_b1_l1')]).toBe(2);
    expect(counts[at('target_b1_l2')]).toBe(1);
    expect(counts[sumIndexOf('target_sum_x')]).toBe(60 + 90 + 52 + 40);
  });

  it('counts a defensive action in its third and lane', () => {
    const counts = emptyZoneCounts();
    addDefence(counts, 10, 90);
    expect(nonZero(counts)).toEqual({ defence_b0_l2: 1, defence_sum_x: 10, defence_sum_y: 90 });
  });

  it('keeps every touch in exactly one zone, wherever it is', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 100, noNaN: true }),
        (x, y) => {
          const counts = emptyZoneCounts();
          addTouch(counts, x, y);
          const touch = ZONE_BLOCKS[0];
          expect(counts.slice(touch.start, touch.start + touch.length).reduce((a, b) => a + b, 0)).toBe(1);
        },
      ),
    );
  });
});

describe('Wyscout events', () => {
  it('count a pass as a touch, a pass bin and a target; a defending duel and an interception as defence', () => {
    const counts = emptyZoneCounts();
    addEventZones(counts, event({}));
    addEventZones(counts, event({ eventId: 1, subEventId: 12, x: 20, y: 40, endX: null, endY: null }));
    addEventZones(counts, event({ eventId: 8, x: 30, y: 70, endX: 45, endY: 70, tags: [1401, 1801] }));
    addEventZones(counts, event({ eventId: 9, x: 0, y: 50 })); // a save attempt is no touch
    addEventZones(counts, event({ x: null, y: null })); // no location, nothing
    expect(nonZero(counts)).toMatchObject({
      touch_b3_l2: 1,
      touch_b1_l3: 1,
      pass_fwd_short: 2,
      target_b1_l1: 1,
      target_b1_l2: 1,
      defence_b0_l1: 1,
      defence_b0_l2: 1,
    });
    const touch = ZONE_BLOCKS[0];
    expect(counts.slice(touch.start, touch.start + touch.length).reduce((a, b) => a + b, 0)).toBe(2);
  });

  it('count each pass, duel and on-ball action by its kind, with or without a location, and sum pass lengths', () => {
    const counts = emptyZoneCounts();
    addEventZones(counts, event({})); // a simple pass of 10.5 m
    addEventZones(counts, event({ subEventId: 82, x: null, y: null, endX: null, endY: null })); // head pass, no location
    addEventZones(counts, event({ subEventId: 80, x: 80, y: 10, endX: 95, endY: 50 })); // cross
    addEventZones(counts, event({ eventId: 1, subEventId: 10 })); // air duel
    addEventZones(counts, event({ eventId: 1, subEventId: 11 })); // ground attacking duel
    addEventZones(counts, event({ eventId: 7, subEventId: 72 })); // touch
    addEventZones(counts, event({ eventId: 7, subEventId: 70 })); // acceleration
    addEventZones(counts, event({ eventId: 7, subEventId: 71 })); // clearance
    addEventZones(counts, event({ eventId: 2, subEventId: 20, x: null, y: null })); // foul
    addEventZones(counts, event({ eventId: 10, subEventId: 100 })); // shot
    addEventZones(counts, event({ eventId: 9, subEventId: 90 })); // a save attempt is no counted action
    const actions = Object.fromEntries(ACTION_COLUMNS.map((c) => [c, counts[at(c)]]));
    const crossMetres = Math.hypot(15 * 1.05, 40 * 0.68);
    expect(actions).toEqual({
      pass_simple: 1,
      pass_high: 0,
      pass_head: 1,
      pass_smart: 0,
      pass_launch: 0,
      pass_cross: 1,
      pass_hand: 0,
      duel_air: 1,
      duel_ground_attacking: 1,
      duel_ground_defending: 0,
      duel_loose_ball: 0,
      ball_touch: 1,
      acceleration: 1,
      clearance: 1,
      foul: 1,
      shot: 1,
      pass_length_sum: Math.round(10.5) + Math.round(crossMetres),
    });
  });

  it('give every event at most one action kind, whatever it is, and never a negative pass length', () => {
    const kinds = ACTION_COLUMNS.filter((c) => c !== 'pass_length_sum');
    const coordinate = fc.option(fc.integer({ min: 0, max: 100 }), { nil: null });
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10 }),
        fc.option(fc.integer({ min: 10, max: 100 }), { nil: null }),
        fc.tuple(coordinate, coordinate, coordinate, coordinate),
        (eventId, subEventId, [x, y, endX, endY]) => {
          const counts = emptyZoneCounts();
          addEventZones(counts, event({ eventId, subEventId, x, y, endX, endY }));
          expect(kinds.reduce((sum, c) => sum + counts[at(c)], 0)).toBeLessThanOrEqual(1);
          expect(counts[at('pass_length_sum')]).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('reach the match summary as plain numbers per player line', () => {
    const match: WyscoutMatch = {
      wyId: 1,
      competitionId: 9,
      seasonId: 8,
      gameweek: 1,
      dateutc: '2017-08-11 18:45:00',
      teamsData: {
        '1': { teamId: 1, side: 'home', score: 0, formation: { lineup: [{ playerId: 7 }], substitutions: [] } },
        '2': { teamId: 2, side: 'away', score: 0, formation: { lineup: [{ playerId: 8 }], substitutions: [] } },
      },
    };
    // Passes off the centre spot: a first pass from it is a kick-off, which is no touch.
    const events = [
      event({ eventSec: 5, x: 55 }),
      event({ eventSec: 2700, matchPeriod: '1H', playerId: 8, teamId: 2, eventId: 1, subEventId: 12, x: 80, y: 50 }),
      event({ eventSec: 2700, matchPeriod: '2H', x: 55 }),
    ];
    const summary = matchSummaryOf(match, events, () => false);
    const line7 = summary.lines.find((l) => l.player_id === 7)!;
    const line8 = summary.lines.find((l) => l.player_id === 8)!;
    expect(Array.isArray(line7.zones)).toBe(true);
    expect(line7.zones[at('touch_b3_l2')]).toBe(2);
    expect(line8.zones[at('defence_b2_l1')]).toBe(1);
    expect(structuredClone(line7.zones)).toEqual(line7.zones);
  });
});

describe('StatsBomb events', () => {
  const sb = (type: string, over: Partial<StatsBombEvent> = {}): StatsBombEvent => ({
    id: 'e',
    index: 1,
    period: 1,
    minute: 1,
    second: 0,
    type: { id: 1, name: type },
    team: { id: 1, name: 'A' },
    player: { id: 7, name: 'P' },
    ...over,
  });

  it('scale the 120 × 80 pitch to the shared frame and count the same actions as Wyscout', () => {
    const counts = emptyZoneCounts();
    // A pass from the centre spot 36 m forward (to x 96 of 120), ends in the final third's centre.
    addStatsBombEventZones(counts, sb('Pass', { location: [60, 40], pass: { end_location: [96, 40] } }));
    // A tackle duel deep on the left (y 8 of 80 = 10 of 100), a reception (no touch), no location.
    addStatsBombEventZones(counts, sb('Duel', { location: [12, 8] }));
    addStatsBombEventZones(counts, sb('Ball Receipt*', { location: [100, 70] }));
    addStatsBombEventZones(counts, sb('Shot'));
    expect(nonZero(counts)).toEqual({
      touch_b3_l2: 1,
      pass_fwd_long: 1,
      target_b2_l1: 1,
      defence_b0_l0: 1,
      touch_sum_x: 50,
      touch_sum_y: 50,
      touch_sum_xx: 2500,
      touch_sum_yy: 2500,
      touch_sum_xy: 2500,
      target_sum_x: 80,
      target_sum_y: 50,
      defence_sum_x: 10,
      defence_sum_y: 10,
      pass_length_sum: 32, // 30 % of the 105 m pitch, rounded
      pass_simple: 1,
      duel_ground_defending: 1,
      shot: 1, // its kind counts without a location
    });
  });

  it('map their action kinds onto the Wyscout ones: crosses, through balls, aerials won and lost, take-ons, fouls; set pieces are no pass kind', () => {
    const counts = emptyZoneCounts();
    const pass = (over: NonNullable<StatsBombEvent['pass']>) => sb('Pass', { pass: over });
    addStatsBombEventZones(counts, pass({ cross: true }));
    addStatsBombEventZones(counts, pass({ through_ball: true }));
    addStatsBombEventZones(counts, pass({ type: { id: 61, name: 'Corner' } }));
    addStatsBombEventZones(counts, pass({ aerial_won: true })); // a headed pass after winning the header
    addStatsBombEventZones(counts, sb('Duel', { duel: { type: { id: 10, name: 'Aerial Lost' } } }));
    addStatsBombEventZones(counts, sb('Dribble', { dribble: { outcome: { id: 8, name: 'Complete' } } }));
    addStatsBombEventZones(counts, sb('Dribbled Past'));
    addStatsBombEventZones(counts, sb('Foul Committed'));
    addStatsBombEventZones(counts, sb('Clearance'));
    addStatsBombEventZones(counts, sb('Miscontrol'));
    addStatsBombEventZones(counts, sb('Ball Recovery')); // no kind of its own
    expect(nonZero(counts)).toEqual({
      pass_cross: 1,
      pass_smart: 1,
      pass_simple: 1,
      duel_air: 2,
      duel_ground_attacking: 1,
      duel_ground_defending: 1,
      foul: 1,
      clearance: 1,
      ball_touch: 1,
    });
  });
});

/*
 * Wyscout shot features on hand-built event lists. Ids follow Wyscout v2's tables: eventId 8 pass
 * (80 cross, 85 simple, 86 smart), 10 shot, 3 free kick (30 corner, 31 free kick, 33 free-kick
 * shot, 35 penalty), 1 duel (11 ground attacking), 9 save attempt; tags 401/402 foot, 403 head,
 * 101 goal, 703 won, 1801 accurate, 1901 counter-attack.
 */
import { describe, expect, it } from 'vitest';
import type { WyscoutEvent } from '../../../src/providers/wyscout/read.js';
import {
  isWyscoutShot,
  wyscoutPitchPointOf,
  wyscoutShotFeaturesOf,
} from '../../../src/providers/wyscout/shot-features.js';

const US = 1;
const THEM = 2;
let clock = 100;
function ev(over: Partial<WyscoutEvent> & { eventId: number; subEventId: number | null }): WyscoutEvent {
  clock += 1;
  return {
    matchPeriod: '1H',
    eventSec: clock,
    teamId: US,
    playerId: 7,
    x: 50,
    y: 50,
    endX: null,
    endY: null,
    tags: [],
    ...over,
  };
}
const shotBy = (player: number, tags: number[], at: Partial<WyscoutEvent> = {}) =>
  ev({ eventId: 10, subEventId: 100, playerId: player, x: 90, y: 45, tags, ...at });
const lastOf = (events: WyscoutEvent[]) => wyscoutShotFeaturesOf(events, events.length - 1);

describe('wyscoutShotFeaturesOf', () => {
  it('reads a header from a teammate cross: position on the standard pitch, head, cross', () => {
    const events = [
      ev({ eventId: 8, subEventId: 80, playerId: 9, x: 93, y: 16, tags: [402, 1801] }),
      ev({ eventId: 1, subEventId: 10, teamId: THEM, playerId: 20, tags: [701] }),
      shotBy(7, [403, 101]),
    ];
    // (90, 45) is Wyscout's penalty spot level with the left post: 94 m along, 30.34 m across the standard pitch.
    expect(lastOf(events)).toEqual({
      x: 94 / 105,
      y: 30.34 / 68,
      bodyPart: 'head',
      situation: 'open_play',
      assist: 'cross',
    });
  });

  it('reads penalties and direct free kicks from the sub-event', () => {
    expect(lastOf([ev({ eventId: 3, subEventId: 35, x: 90, y: 50, tags: [402, 101] })]).situation).toBe('penalty');
    expect(lastOf([ev({ eventId: 3, subEventId: 33, x: 75, y: 45, tags: [401] })]).situation).toBe('direct_free_kick');
  });

  it('calls a shot within 10 s of the team’s corner a corner shot, its kick a set-piece assist', () => {
    const corner = ev({ eventId: 3, subEventId: 30, playerId: 9, x: 100, y: 0, tags: [1801] });
    const events = [corner, shotBy(7, [403], { eventSec: corner.eventSec + 2 })];
    expect(lastOf(events)).toMatchObject({ situation: 'corner', assist: 'set_piece' });
    const late = [corner, shotBy(7, [402], { eventSec: corner.eventSec + 25 })];
    expect(lastOf(late).situation).toBe('open_play');
  });

  it('ignores an own-half free kick but counts one in the opponent half', () => {
    const deep = ev({ eventId: 3, subEventId: 31, playerId: 9, x: 30, y: 50 });
    expect(lastOf([deep, shotBy(7, [402], { eventSec: deep.eventSec + 5 })]).situation).toBe('open_play');
    const high = ev({ eventId: 3, subEventId: 31, playerId: 9, x: 70, y: 50 });
    expect(lastOf([high, shotBy(7, [402], { eventSec: high.eventSec + 5 })]).situation).toBe('other_set_piece');
  });

  it('reads the counter-attack tag, and a smart pass as a through ball', () => {
    const events = [ev({ eventId: 8, subEventId: 86, playerId: 9, tags: [1801, 1901] }), shotBy(7, [402, 1901])];
    expect(lastOf(events)).toMatchObject({ situation: 'counter_attack', assist: 'through_ball' });
  });

  it('calls a second shot within 5 s of the first a rebound', () => {
    const first = shotBy(9, [402]);
    const save = ev({ eventId: 9, subEventId: 90, teamId: THEM, playerId: 1 });
    expect(lastOf([first, save, shotBy(7, [402], { eventSec: first.eventSec + 3 })]).assist).toBe('rebound');
  });

  it('credits the shooter’s own won take-on over the pass before it, but not a plain carry or a lost take-on', () => {
    const pass = () => ev({ eventId: 8, subEventId: 85, playerId: 9, tags: [1801] });
    const takeOn = (tags: number[]) => ev({ eventId: 1, subEventId: 11, playerId: 7, tags });
    const tackle = () => ev({ eventId: 1, subEventId: 12, teamId: THEM, playerId: 20, tags: [701] });
    expect(lastOf([pass(), takeOn([503, 703, 1801]), tackle(), shotBy(7, [401])]).assist).toBe('dribble');
    expect(lastOf([pass(), takeOn([504, 701, 1802]), tackle(), shotBy(7, [401])]).assist).toBe('pass');
    // A won duel without a take-on tag (shielding, a loose ball) is no dribble; neither is an acceleration (a carry).
    expect(lastOf([pass(), takeOn([703, 1801]), shotBy(7, [401])]).assist).toBe('pass');
    expect(
      lastOf([pass(), ev({ eventId: 7, subEventId: 70, playerId: 7, tags: [1801] }), shotBy(7, [401])]).assist,
    ).toBe('pass');
  });

  it('finds no assist when the opponent touched the ball last', () => {
    const events = [
      ev({ eventId: 8, subEventId: 85, playerId: 9, tags: [1801] }),
      ev({ eventId: 7, subEventId: 71, teamId: THEM, playerId: 20 }),
      shotBy(7, [402]),
    ];
    expect(lastOf(events).assist).toBe('none');
  });

  it('maps Wyscout’s markings onto the standard pitch’s', () => {
    expect(wyscoutPitchPointOf(84, 19)).toEqual({ x: 88.5 / 105, y: 13.84 / 68 }); // corner of the box
    expect(wyscoutPitchPointOf(94, 63)).toEqual({ x: 99.5 / 105, y: 43.16 / 68 }); // corner of the six-yard box
    expect(wyscoutPitchPointOf(100, 100)).toEqual({ x: 1, y: 1 });
    expect(wyscoutPitchPointOf(-3, 104)).toEqual({ x: 0, y: 1 });
  });

  it('treats a simple pass as a pass and refuses an index that is not a shot', () => {
    const events = [ev({ eventId: 8, subEventId: 85, playerId: 9, tags: [1801] }), shotBy(7, [402])];
    expect(lastOf(events).assist).toBe('pass');
    expect(isWyscoutShot(events[0]!)).toBe(false);
    expect(() => wyscoutShotFeaturesOf(events, 0)).toThrow(/index of a shot/);
  });
});

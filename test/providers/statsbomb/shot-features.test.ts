/* StatsBomb shot features on hand-built events (StatsBomb's 120 × 80 pitch and its type names). */
import { describe, expect, it } from 'vitest';
import type { StatsBombEvent } from '../../../src/providers/statsbomb/read.js';
import { statsBombPitchPointOf, statsBombShotFeaturesOf } from '../../../src/providers/statsbomb/shot-features.js';

const US = { id: 1, name: 'Us' };
const THEM = { id: 2, name: 'Them' };
const SHOOTER = { id: 7, name: 'Shooter' };
const MATE = { id: 9, name: 'Mate' };
let n = 0;
function ev(over: Partial<StatsBombEvent> & { type: { id: number; name: string } }): StatsBombEvent {
  n += 1;
  return { id: `e${n}`, index: n, period: 1, minute: 10, second: 0, team: US, player: MATE, ...over };
}
const SHOT_TYPE = { id: 16, name: 'Shot' };
const PASS_TYPE = { id: 30, name: 'Pass' };
const ref = (name: string) => ({ id: 0, name });
function shot(
  over: Partial<NonNullable<StatsBombEvent['shot']>> = {},
  env: Partial<StatsBombEvent> = {},
): StatsBombEvent {
  return ev({
    type: SHOT_TYPE,
    player: SHOOTER,
    second: 5,
    location: [108, 40],
    shot: { outcome: ref('Goal'), statsbomb_xg: 0.3, body_part: ref('Right Foot'), type: ref('Open Play'), ...over },
    ...env,
  });
}
const lastOf = (events: StatsBombEvent[]) => statsBombShotFeaturesOf(events, events.length - 1);

describe('statsBombShotFeaturesOf', () => {
  it('reads the location onto the standard pitch and the key pass’s kind', () => {
    const pass = ev({ type: PASS_TYPE, second: 3, location: [110, 10], pass: { cross: true } });
    const events = [pass, shot({ key_pass_id: pass.id, body_part: ref('Head') })];
    // (108, 40) is StatsBomb's penalty spot: 11 m out, centred.
    expect(lastOf(events)).toEqual({ x: 94 / 105, y: 0.5, bodyPart: 'head', situation: 'open_play', assist: 'cross' });
  });

  it('maps StatsBomb’s markings onto the standard pitch’s', () => {
    expect(statsBombPitchPointOf(102, 18)).toEqual({ x: 88.5 / 105, y: 13.84 / 68 }); // corner of the box
    expect(statsBombPitchPointOf(114, 50)).toEqual({ x: 99.5 / 105, y: 43.16 / 68 }); // corner of the six-yard box
    expect(statsBombPitchPointOf(60, 40)).toEqual({ x: 0.5, y: 0.5 });
  });

  it('reads penalties, direct free kicks and counter-attacks', () => {
    expect(lastOf([shot({ type: ref('Penalty') })]).situation).toBe('penalty');
    expect(lastOf([shot({ type: ref('Free Kick') })]).situation).toBe('direct_free_kick');
    expect(lastOf([shot({}, { play_pattern: ref('From Counter') })]).situation).toBe('counter_attack');
  });

  it('calls a shot within 10 s of the team’s corner a corner shot and a through ball a through ball', () => {
    const corner = ev({ type: PASS_TYPE, second: 0, location: [120, 0], pass: { type: ref('Corner') } });
    expect(lastOf([corner, shot({ key_pass_id: corner.id })])).toMatchObject({
      situation: 'corner',
      assist: 'set_piece',
    });
    const through = ev({ type: PASS_TYPE, second: 2, location: [80, 40], pass: { technique: ref('Through Ball') } });
    expect(lastOf([through, shot({ key_pass_id: through.id })]).assist).toBe('through_ball');
  });

  it('reads rebounds, the shooter’s completed dribble, and no assist', () => {
    const first = shot({}, { second: 2, player: MATE });
    expect(lastOf([first, shot()]).assist).toBe('rebound');
    const dribble = ev({ type: ref('Dribble'), second: 3, player: SHOOTER, dribble: { outcome: ref('Complete') } });
    expect(lastOf([dribble, shot()]).assist).toBe('dribble');
    expect(lastOf([ev({ type: ref('Clearance'), team: THEM, second: 4 }), shot()]).assist).toBe('none');
  });
});

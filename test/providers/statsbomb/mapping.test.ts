import { describe, expect, it } from 'vitest';
import {
  cleanName,
  isCountedPass,
  isGoalkeeperSave,
  isSendingOff,
  isShotOnTarget,
  isTackleWon,
  kickoffUtcOf,
  positionCodeOfStatsBomb,
  seasonNameOf,
} from '../../../src/providers/statsbomb/mapping.js';
import { positionGroupOf } from '../../../src/model/schema.js';

describe('StatsBomb positions', () => {
  it('maps every position name of the PL 2015/16 files to a detailed code', () => {
    expect(positionCodeOfStatsBomb('Goalkeeper')).toBe('GK');
    expect(positionCodeOfStatsBomb('Left Center Back')).toBe('CB');
    expect(positionCodeOfStatsBomb('Right Wing Back')).toBe('RWB');
    expect(positionCodeOfStatsBomb('Center Defensive Midfield')).toBe('DM');
    expect(positionCodeOfStatsBomb('Left Center Midfield')).toBe('CM');
    expect(positionCodeOfStatsBomb('Right Midfield')).toBe('RM');
    expect(positionCodeOfStatsBomb('Left Attacking Midfield')).toBe('AM');
    expect(positionCodeOfStatsBomb('Right Wing')).toBe('RW');
    expect(positionCodeOfStatsBomb('Center Forward')).toBe('ST');
    expect(positionCodeOfStatsBomb('Left Center Forward')).toBe('ST');
    expect(positionCodeOfStatsBomb('Secondary Striker')).toBe('CF');
  });

  it("follows METHOD.md's groups: wing-backs defend, wide midfielders are midfielders, wingers attack", () => {
    expect(positionGroupOf(positionCodeOfStatsBomb('Left Wing Back')!)).toBe('defender');
    expect(positionGroupOf(positionCodeOfStatsBomb('Right Midfield')!)).toBe('midfielder');
    expect(positionGroupOf(positionCodeOfStatsBomb('Left Wing')!)).toBe('attacker');
  });

  it('ignores case and spacing, and returns null for an unknown name', () => {
    expect(positionCodeOfStatsBomb('  left  wing back ')).toBe('LWB');
    expect(positionCodeOfStatsBomb('Sweeper')).toBeNull();
  });
});

describe('StatsBomb outcome spellings', () => {
  it('counts "Saved to Post" on target in either capitalisation, not "Saved Off Target" or "Post"', () => {
    expect(isShotOnTarget('Saved to Post')).toBe(true);
    expect(isShotOnTarget('Saved To Post')).toBe(true);
    expect(isShotOnTarget('Goal')).toBe(true);
    expect(isShotOnTarget('Saved Off Target')).toBe(false);
    expect(isShotOnTarget('Post')).toBe(false);
    expect(isShotOnTarget('Blocked')).toBe(false);
  });

  it('counts goalkeeper saves including "Shot Saved to Post", not "Shot Saved Off Target"', () => {
    expect(isGoalkeeperSave('Shot Saved')).toBe(true);
    expect(isGoalkeeperSave('Shot Saved to Post')).toBe(true);
    expect(isGoalkeeperSave('Penalty Saved')).toBe(true);
    expect(isGoalkeeperSave('Shot Saved Off Target')).toBe(false);
    expect(isGoalkeeperSave('Goal Conceded')).toBe(false);
  });

  it('sends off on a red card or second yellow only', () => {
    expect(isSendingOff('Red Card')).toBe(true);
    expect(isSendingOff('Second Yellow')).toBe(true);
    expect(isSendingOff('Yellow Card')).toBe(false);
  });

  it('leaves throw-ins, injury clearances and unknown outcomes out of passes', () => {
    expect(isCountedPass(null, null)).toBe(true);
    expect(isCountedPass(null, 'Incomplete')).toBe(true);
    expect(isCountedPass('Throw-in', null)).toBe(false);
    expect(isCountedPass(null, 'Injury Clearance')).toBe(false);
    expect(isCountedPass(null, 'Unknown')).toBe(false);
  });

  it('wins a tackle on Won and the two Success outcomes', () => {
    expect(isTackleWon('Won')).toBe(true);
    expect(isTackleWon('Success In Play')).toBe(true);
    expect(isTackleWon('Success Out')).toBe(true);
    expect(isTackleWon('Lost Out')).toBe(false);
    expect(isTackleWon(null)).toBe(false);
  });
});

describe('StatsBomb text fixes', () => {
  it('makes doubled apostrophes single and collapses spaces', () => {
    expect(cleanName("N''Golo Kanté")).toBe("N'Golo Kanté");
    expect(cleanName("  John   O''Shea ")).toBe("John O'Shea");
  });

  it('shortens two-year season names only', () => {
    expect(seasonNameOf('2015/2016')).toBe('2015/16');
    expect(seasonNameOf('2018')).toBe('2018');
    expect(seasonNameOf('2020/21')).toBe('2020/21');
  });

  it('reads kick-off times as Central European time, summer and winter', () => {
    // 16:00 CEST (UTC+2) on 2015-08-22 = 14:00 UTC, the Saturday 15:00 BST slot.
    expect(new Date(kickoffUtcOf('2015-08-22', '16:00:00.000')).toISOString()).toBe('2015-08-22T14:00:00.000Z');
    // 16:00 CET (UTC+1) on 2021-01-16 = 15:00 UTC.
    expect(new Date(kickoffUtcOf('2021-01-16', '16:00:00.000')).toISOString()).toBe('2021-01-16T15:00:00.000Z');
    // No kick-off time: local midnight, 2015-10-04 00:00 CEST = 2015-10-03 22:00 UTC.
    expect(new Date(kickoffUtcOf('2015-10-04', null)).toISOString()).toBe('2015-10-03T22:00:00.000Z');
  });
});

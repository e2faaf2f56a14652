import { describe, expect, it } from 'vitest';
import { assignCohorts, COHORT_MINUTES_MIN } from '../../src/stats/cohorts.js';

// group indices: 0 goalkeeper, 1 defender, 2 midfielder, 3 attacker
describe('assignCohorts', () => {
  const input = {
    league_id: Int32Array.of(1, 1, 1, 1, 2, 1),
    season_id: Int32Array.of(7, 7, 7, 7, 9, 7),
    group: Uint8Array.of(3, 3, 3, 0, 3, 1),
    minutes: Float64Array.of(450, 449, 2000, 900, 600, 300),
  };

  it('admits rows from exactly 450 minutes; 449 is a low-sample row ranked against the same cohort', () => {
    expect(COHORT_MINUTES_MIN).toBe(450);
    const a = assignCohorts(input);
    // cohort 0: league 1 × season 7 × attacker (rows 0, 2); row 1 (449 min) points at it without being in it
    // cohort 1: league 1 × season 7 × goalkeeper (row 3); cohort 2: league 2 × season 9 × attacker (row 4)
    // row 5: defender with 300 min and no defender cohort → -1
    expect(Array.from(a.cohort)).toEqual([0, 0, 0, 1, 2, -1]);
    expect(Array.from(a.inCohort)).toEqual([1, 0, 1, 1, 1, 0]);
    expect(a.cohorts).toEqual([
      { id: 0, league_id: 1, season_id: 7, position_group: 'attacker', role: null, min_minutes: 450, n: 2 },
      { id: 1, league_id: 1, season_id: 7, position_group: 'goalkeeper', role: null, min_minutes: 450, n: 1 },
      { id: 2, league_id: 2, season_id: 9, position_group: 'attacker', role: null, min_minutes: 450, n: 1 },
    ]);
  });

  it('takes the threshold as an option', () => {
    const a = assignCohorts(input, 300);
    // now row 1 (449) and row 5 (defender, 300) qualify; ids follow each cohort's first member row,
    // so the defender (first member at row 5) gets id 3 after league 2's attackers (row 4)
    expect(Array.from(a.inCohort)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(Array.from(a.cohort)).toEqual([0, 0, 0, 1, 2, 3]);
    expect(a.cohorts.map((c) => [c.position_group, c.n, c.min_minutes])).toEqual([
      ['attacker', 3, 300],
      ['goalkeeper', 1, 300],
      ['attacker', 1, 300],
      ['defender', 1, 300],
    ]);
  });

  it('by role: the group index is a role index and each cohort names its role and its role’s group', () => {
    // role indices: 0 goalkeeper, 1 centre_back, 2 full_back, 3 midfielder, 4 attacking_midfielder, 5 striker
    const a = assignCohorts({ ...input, group: Uint8Array.of(4, 4, 5, 0, 2, 1) }, 450, 'role');
    expect(Array.from(a.cohort)).toEqual([0, 0, 1, 2, 3, -1]);
    expect(a.cohorts.map((c) => [c.role, c.position_group, c.n])).toEqual([
      ['attacking_midfielder', 'midfielder', 1],
      ['striker', 'attacker', 1],
      ['goalkeeper', 'goalkeeper', 1],
      ['full_back', 'defender', 1],
    ]);
  });
});

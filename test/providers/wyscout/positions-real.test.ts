/*
 * Positions from the team's shape on a real season (docs/methodology/positions.md): the Premier
 * League 2017/18 of ../shared/real/wyscout (HALFSPACE_REAL_DIR overrides the location), checked
 * against how football teams are built, not against names. Skipped, saying why, when absent.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { wyscoutIngest } from '../../../src/providers/wyscout/dataset.js';
import { positionGroupOf, rowsOf, type RowOf } from '../../../src/model/schema.js';
import { positionCodeOf } from '../../../src/model/positions.js';
import { realDataPresent, realPath } from '../../helpers/real-data.js';

const REAL = realPath('wyscout');
const present = realDataPresent('Wyscout position tests', join(REAL, 'matches', 'matches_England.json'));

describe.skipIf(!present)('positions from the team shape, Premier League 2017/18', () => {
  let xis: RowOf<'appearances'>[][] = [];
  beforeAll(() => {
    const { dataset } = wyscoutIngest(REAL, { competition: 'England' });
    const byTeamMatch = new Map<string, RowOf<'appearances'>[]>();
    for (const a of rowsOf(dataset.tables.appearances!, 'appearances')) {
      if (!a.started) continue;
      const key = `${a.fixture_id}:${a.team_id}`;
      byTeamMatch.set(key, [...(byTeamMatch.get(key) ?? []), a]);
    }
    xis = [...byTeamMatch.values()];
  }, 120_000);

  it('gives nearly every starting XI one goalkeeper and three to five defenders', () => {
    // A football XI: one goalkeeper, a back three, four or five. Allow a few odd matches (a
    // goalkeeper with too few located events keeps his season position, which is still GK).
    const count = (xi: RowOf<'appearances'>[], group: string) =>
      xi.filter((a) => a.position !== null && positionGroupOf(positionCodeOf(a.position)) === group).length;
    const full = xis.filter((xi) => xi.length === 11);
    expect(full.length).toBeGreaterThan(700);
    const oneKeeper = full.filter((xi) => count(xi, 'goalkeeper') === 1).length;
    const backLine = full.filter((xi) => count(xi, 'defender') >= 3 && count(xi, 'defender') <= 5).length;
    expect(oneKeeper / full.length).toBeGreaterThan(0.99);
    expect(backLine / full.length).toBeGreaterThan(0.95);
  });

  it('puts at most one full-back and one wide man on each flank of an XI', () => {
    // A formation has one left-back (or left wing-back) and at most one wide man ahead of him on
    // the left, and the same on the right. Locations alone broke this in about half the XIs (a
    // central midfielder who drifted left read as a second left midfielder).
    const on = (xi: RowOf<'appearances'>[], codes: string[]) =>
      xi.filter((a) => codes.includes(a.position ?? '')).length;
    const sound = xis.filter(
      (xi) =>
        on(xi, ['LB', 'LWB']) <= 1 &&
        on(xi, ['RB', 'RWB']) <= 1 &&
        on(xi, ['LM', 'LW']) <= 1 &&
        on(xi, ['RM', 'RW']) <= 1,
    );
    expect(sound.length / xis.length).toBeGreaterThan(0.95);
  });

  it('gives an XI as many wide men on the left as on the right', () => {
    // Formations are symmetric across the width: a 4-4-2 has LM and RM, a 4-3-3 LW and RW, a
    // 4-3-1-2 or 3-5-2 neither. An XI with a wide man on one flank only is a central midfielder
    // read as wide (or a winger read as central).
    const on = (xi: RowOf<'appearances'>[], codes: string[]) =>
      xi.filter((a) => codes.includes(a.position ?? '')).length;
    const full = xis.filter((xi) => xi.length === 11);
    const symmetric = full.filter((xi) => on(xi, ['LM', 'LW']) === on(xi, ['RM', 'RW']));
    expect(symmetric.length / full.length).toBeGreaterThan(0.95);
  });
});

/*
 * `bestxi pick` on the Premier League 2017/18 (Wyscout public dataset in ../shared/real/wyscout;
 * HALFSPACE_REAL_DIR overrides the location). Skipped, saying why, when absent.
 * Independent facts of that season:
 * - the PFA Team of the Year 2017/18 (announced by the Professional Footballers' Association on
 *   18 April 2018): De Gea; Walker, Otamendi, Vertonghen, Marcos Alonso; De Bruyne, David Silva,
 *   Eriksen; Salah, Kane, Agüero;
 * - the Golden Boot: Salah, 32 goals;
 * - the top four of the table: Manchester City (100 points), Manchester United, Tottenham, Liverpool.
 * The checks are overlaps with fixed thresholds: no weight was fitted to these names.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { wyscoutIngest } from '../../src/providers/wyscout/dataset.js';
import { Engine } from '../../src/engine.js';
import { PUBLISHED } from '../../bench/judgment/published-teams.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const REAL = realPath('wyscout');
const present = realDataPresent('bestxi pick PL test', join(REAL, 'matches', 'matches_England.json'));

/** The PFA Team of the Year 2017/18 (source in bench/judgment/published-teams.ts). */
const PFA = PUBLISHED.pl.teams[0].names;
const TOP_FOUR = ['Manchester City', 'Manchester United', 'Tottenham Hotspur', 'Liverpool'];

describe.skipIf(!present)('bestxi pick on the Premier League 2017/18', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = Engine.open({ dataset: wyscoutIngest(REAL, { competition: 'England' }).dataset });
  }, 180_000);

  it('the balanced 4-3-3 shares at least six players with the PFA Team of the Year, the Golden Boot among them', () => {
    const r = engine.bestXiPick({ vibe_id: 'balanced', formation: '4-3-3' });
    if (!r.ok) throw new Error(r.error.message);
    const names = r.value.xi.map((s) => s.display_name);
    const shared = names.filter((n) => PFA.includes(n));
    expect(shared.length, `shared: ${shared.join(', ')}; XI: ${names.join(', ')}`).toBeGreaterThanOrEqual(6);
    expect(names).toContain('Mohamed Salah');
  });

  it('the keeper is judged on the shots he kept out: the PFA keeper, whose save share led the league', () => {
    const r = engine.bestXiPick({ vibe_id: 'balanced', formation: '4-3-3' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.xi[0]).toMatchObject({ slot: 'GK', display_name: 'David de Gea' });
  });

  it('at least seven of the eleven play for the top four, in every formation', () => {
    for (const formation of ['4-3-3', '4-4-2', '3-5-2', '4-2-3-1'] as const) {
      const r = engine.bestXiPick({ vibe_id: 'balanced', formation });
      if (!r.ok) throw new Error(r.error.message);
      const fromTop = r.value.xi.filter((s) => TOP_FOUR.includes(s.team ?? ''));
      expect(
        fromTop.length,
        `${formation}: ${r.value.xi.map((s) => s.display_name).join(', ')}`,
      ).toBeGreaterThanOrEqual(7);
    }
  });
});

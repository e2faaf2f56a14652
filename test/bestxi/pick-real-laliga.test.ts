/*
 * `bestxi pick` against a published team of the season: La Liga 2017/18 (Wyscout public dataset in
 * ../shared/real/wyscout; HALFSPACE_REAL_DIR overrides the location). Skipped, saying why, when absent.
 *
 * The published team: Furia Liga's "XI de la saison 2017-2018 de Liga" (furialiga.fr, 2 June 2018;
 * each editor picks an XI, the most named player per position starts). Its first nine, as published:
 * Oblak; Jordi Alba, Umtiti, Djené, Carvajal; Busquets, Rodri, Kondogbia; Messi.
 * Further independent facts: Messi won the Pichichi with 34 goals (Marca's award); Barcelona were
 * champions ahead of Atlético and Real Madrid.
 * The checks are overlaps with a fixed threshold, not a list to reproduce: no weight was fitted to
 * these names (the Best XI methodology is in docs/methodology/bestxi.md).
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { wyscoutIngest } from '../../src/providers/wyscout/dataset.js';
import { Engine } from '../../src/engine.js';
import { ROLES } from '../../src/stats/roles.js';
import { PUBLISHED } from '../../bench/judgment/published-teams.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const REAL = realPath('wyscout');
const present = realDataPresent('bestxi pick La Liga test', join(REAL, 'matches', 'matches_Spain.json'));

/** The nine players of the published XI named above (bench/judgment/published-teams.ts, source cited there). */
const PUBLISHED_XI = PUBLISHED.laliga.teams[0].names;
const TOP_THREE = ['Barcelona', 'Atlético Madrid', 'Real Madrid'];

describe.skipIf(!present)('bestxi pick on La Liga 2017/18 against a published team of the season', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = Engine.open({ dataset: wyscoutIngest(REAL, { competition: 'Spain' }).dataset });
  }, 180_000);

  it('the balanced 4-3-3 shares at least six players with the published XI and has the Pichichi up front', () => {
    const r = engine.bestXiPick({ vibe_id: 'balanced', formation: '4-3-3' });
    if (!r.ok) throw new Error(r.error.message);
    const names = r.value.xi.map((s) => s.display_name);
    expect(names).toHaveLength(11);
    const shared = names.filter((n) => PUBLISHED_XI.includes(n));
    expect(shared.length, `shared: ${shared.join(', ')}; XI: ${names.join(', ')}`).toBeGreaterThanOrEqual(6);
    expect(r.value.xi.find((s) => s.slot === 'ST')?.display_name).toBe('Lionel Messi');
  });

  it('is built from the title race: at least seven of the eleven play for the top three', () => {
    for (const formation of ['4-3-3', '4-2-3-1'] as const) {
      const r = engine.bestXiPick({ vibe_id: 'balanced', formation });
      if (!r.ok) throw new Error(r.error.message);
      const fromTop = r.value.xi.filter((s) => TOP_THREE.includes(s.team ?? ''));
      expect(fromTop.length, formation).toBeGreaterThanOrEqual(7);
    }
  });

  it('the player of the year, Messi (Trofeo Di Stéfano 2017/18, Premios Marca: https://www.estadiodeportivo.com/noticias-futbol/2018/11/12/messi-pichichi-liga-18-lleva/193443.html), is in the top 5 of the outfield regulars by rating', () => {
    expect(ratingRankOf(engine, 'Lionel Messi')).toBeLessThanOrEqual(5);
  });
});

/** Rank (1 = best) of a player among the league's outfield regulars (≥ 1,350 minutes) by rating. */
function ratingRankOf(engine: Engine, name: string): number {
  const r = engine.resolvePlayer({ name });
  if (!r.ok) throw new Error(r.error.message);
  const own = engine.latestRowOf(r.value.player_id);
  const d = engine.derived;
  let better = 0;
  for (let i = 0; i < d.n; i++)
    if (d.minutes[i] >= 1350 && ROLES[d.role[i]] !== 'goalkeeper' && d.values.rating[i] > d.values.rating[own])
      better++;
  return better + 1;
}

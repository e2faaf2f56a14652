/*
 * `bestxi pick` against a published team of the season: the Bundesliga 2017/18 (Wyscout public
 * dataset in ../shared/real/wyscout; HALFSPACE_REAL_DIR overrides the location). Skipped, saying
 * why, when absent.
 *
 * The published teams: the league's own Team of the Season 2017/18, voted by bundesliga.com's users
 * (May 2018): Hrádecký; Wendell, Naldo, Hummels, Kimmich; Bailey, Goretzka, James, Müller;
 * Lewandowski, Batshuayi. And SPIEGEL ONLINE's "SPON11" of the season (May 2018), the best player per
 * position by its SPIX index of match data: Zieler; Rafinha, Hummels, Süle, Alaba; Vidal, Brandt,
 * Bailey; Philipp, Lewandowski (the eleventh, a playmaker, not verified). Sources and addresses in
 * bench/judgment/published-teams.ts. Further facts: Lewandowski was the league's top
 * scorer (29 goals) and the kicker survey of Bundesliga players named him best outfield player of
 * the first half; Bayern were champions ahead of Schalke and Hoffenheim.
 * The checks are overlaps with fixed thresholds, not a list to reproduce: no weight was fitted to
 * these names (docs/methodology/bestxi.md#measured-against-published-teams).
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { wyscoutIngest } from '../../src/providers/wyscout/dataset.js';
import { Engine } from '../../src/engine.js';
import { ROLES } from '../../src/stats/roles.js';
import { saveShareOf } from '../../src/stats/save-share.js';
import { PUBLISHED } from '../../bench/judgment/published-teams.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const REAL = realPath('wyscout');
const present = realDataPresent('bestxi pick Bundesliga test', join(REAL, 'matches', 'matches_Germany.json'));

const teamOf = (label: string) => PUBLISHED.bundesliga.teams.find((t) => t.label === label)?.names ?? [];
const LEAGUE_TEAM = teamOf('Bundesliga');
const SPON11 = teamOf('SPON11');

describe.skipIf(!present)('bestxi pick on the Bundesliga 2017/18 against a published team of the season', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = Engine.open({ dataset: wyscoutIngest(REAL, { competition: 'Germany' }).dataset });
  }, 180_000);

  it("the balanced 4-3-3 shares six players with the league's Team of the Season and five with the SPON11, the top scorer up front", () => {
    const r = engine.bestXiPick({ vibe_id: 'balanced', formation: '4-3-3' });
    if (!r.ok) throw new Error(r.error.message);
    const names = r.value.xi.map((s) => s.display_name);
    expect(names).toHaveLength(11);
    expect(LEAGUE_TEAM).toHaveLength(11);
    const ids = new Set(r.value.xi.map((s) => s.player_id));
    const sharedWith = (team: readonly string[]) =>
      team.filter((name) => {
        const p = engine.resolvePlayer({ name });
        return p.ok && ids.has(p.value.player_id);
      });
    const league = sharedWith(LEAGUE_TEAM);
    expect(league.length, `shared: ${league.join(', ')}; XI: ${names.join(', ')}`).toBeGreaterThanOrEqual(6);
    const spon = sharedWith(SPON11);
    expect(spon.length, `shared: ${spon.join(', ')}; XI: ${names.join(', ')}`).toBeGreaterThanOrEqual(5);
    expect(r.value.xi.find((s) => s.slot === 'ST')?.display_name).toBe(PUBLISHED.bundesliga.playerOfYear);
  });

  it("the XI's keeper kept out more of the shots on target he faced than three in four of the league's regular keepers", () => {
    const r = engine.bestXiPick({ vibe_id: 'balanced', formation: '4-3-3' });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.xi[0].slot).toBe('GK');
    const d = engine.derived;
    const own = saveShareOf(d, engine.latestRowOf(r.value.xi[0].player_id));
    const shares: number[] = [];
    for (let i = 0; i < d.n; i++)
      if (ROLES[d.role[i]] === 'goalkeeper' && d.minutes[i] >= 1350) shares.push(saveShareOf(d, i));
    const below = shares.filter((x) => x < own).length;
    expect(below / shares.length, `save share ${own.toFixed(3)}`).toBeGreaterThanOrEqual(0.75);
  });

  it('the player of the year is in the top 5 of the outfield regulars by rating', () => {
    const r = engine.resolvePlayer({ name: PUBLISHED.bundesliga.playerOfYear });
    if (!r.ok) throw new Error(r.error.message);
    const own = engine.latestRowOf(r.value.player_id);
    const d = engine.derived;
    let better = 0;
    for (let i = 0; i < d.n; i++)
      if (d.minutes[i] >= 1350 && ROLES[d.role[i]] !== 'goalkeeper' && d.values.rating[i] > d.values.rating[own])
        better++;
    expect(better + 1).toBeLessThanOrEqual(5);
  });
});

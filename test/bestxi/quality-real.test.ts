/*
 * One scale of quality on a real season: Ligue 1 2017/18 (Wyscout public dataset in
 * ../shared/real/wyscout; HALFSPACE_REAL_DIR overrides the location). Skipped, saying why, when absent.
 * Independent facts of that season:
 * - Neymar was voted the UNFP player of the year (Trophées UNFP, 13 May 2018:
 *   https://www.unfp.org/2018/05/neymar-jr-marque-son-territoire/);
 * - the UNFP team of the season (https://www.pressafrik.com/Ligue-1-les-laureats-des-trophees-UNFP-sont-connus_a183048.html):
 *   Mandanda; Dani Alves, Marquinhos, Thiago Silva, Mendy; Fekir, Luiz Gustavo, Verratti; Neymar, Cavani, Mbappé.
 * No weight was fitted to these names: the checks are ranks and overlaps with fixed thresholds.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { overallOf } from '../../src/cards/layouts/fifa-viral.js';
import { wyscoutIngest } from '../../src/providers/wyscout/dataset.js';
import { Engine } from '../../src/engine.js';
import { ratingShareOf } from '../../src/stats/rating.js';
import { ROLES } from '../../src/stats/roles.js';
import { PUBLISHED } from '../../bench/judgment/published-teams.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const REAL = realPath('wyscout');
const present = realDataPresent('one-scale real-data test', join(REAL, 'matches', 'matches_France.json'));

/** Minutes that make a regular (15 full matches), as bench/judgment/measures.ts counts them. */
const REGULAR_MINUTES = 1350;

describe.skipIf(!present)('one scale of quality on Ligue 1 2017/18', () => {
  let engine: Engine;
  let regulars: number[];
  beforeAll(() => {
    engine = Engine.open({ dataset: wyscoutIngest(REAL, { competition: 'France' }).dataset });
    regulars = [];
    for (let i = 0; i < engine.derived.n; i++) if (engine.derived.minutes[i] >= REGULAR_MINUTES) regulars.push(i);
  }, 180_000);

  const idOf = (name: string) => {
    const r = engine.resolvePlayer({ name });
    if (!r.ok) throw new Error(`${name}: ${r.error.message}`);
    return r.value.player_id;
  };

  it('the UNFP player of the year is in the top 5 of the outfield regulars by rating', () => {
    const rating = engine.derived.values.rating;
    const outfield = regulars.filter((r) => ROLES[engine.derived.role[r]] !== 'goalkeeper');
    const own = engine.latestRowOf(idOf(PUBLISHED.ligue1.playerOfYear));
    expect(outfield).toContain(own);
    const rank = 1 + outfield.filter((r) => rating[r] > rating[own]).length;
    expect(rank).toBeLessThanOrEqual(5);
  });

  it('the balanced 4-3-3 shares at least five players with the UNFP team of the season, the top scorer (Cavani, 28) among them', () => {
    const r = engine.bestXiPick({ vibe_id: 'balanced', formation: '4-3-3' });
    if (!r.ok) throw new Error(r.error.message);
    const ids = new Set(r.value.xi.map((s) => s.player_id));
    const shared = PUBLISHED.ligue1.teams[0].names.filter((name) => ids.has(idOf(name)));
    expect(shared.length, `shared: ${shared.join(', ')}`).toBeGreaterThanOrEqual(5);
    expect(ids.has(idOf('Edinson Cavani'))).toBe(true);
  });

  it('the balanced pool ranks as the rating does: its season score is the rating on 0–100', () => {
    const r = engine.bestXiPool({ vibe_id: 'balanced', limit: 30 });
    if (!r.ok) throw new Error(r.error.message);
    for (const p of r.value.players) {
      const rating = engine.derived.values.rating[engine.latestRowOf(p.player_id)];
      expect(p.season_score, p.name).toBeCloseTo(ratingShareOf(rating), 1);
    }
  });

  it('the fifa_viral overall ranks players as the rating does, and no elite regular shows an overall below the median regular', () => {
    const rating = engine.derived.values.rating;
    const overall = regulars.map((r) => overallOf(rating[r])!);
    for (let a = 0; a < regulars.length; a++)
      for (let b = 0; b < regulars.length; b++)
        if (rating[regulars[a]] > rating[regulars[b]]) expect(overall[a]).toBeGreaterThanOrEqual(overall[b]);
    const median = [...overall].sort((x, y) => x - y)[overall.length >> 1];
    for (const row of regulars) {
      const v = engine.verdict({ player_id: engine.derived.player_id[row] });
      if (v.ok && v.value.verdict_code === 'elite') expect(overallOf(rating[row])!).toBeGreaterThan(median);
    }
  });

  it("the fifa_viral prompt states the overall the card prints, the player's rating on the card's scale", () => {
    const id = idOf('Neymar');
    const r = engine.cardPrompt({ player_id: id, style: 'fifa_viral' });
    if (!r.ok) throw new Error(r.error.message);
    const overall = overallOf(engine.derived.values.rating[engine.latestRowOf(id)]);
    expect(r.value.prompt.data_and_style).toContain(`print exactly ${overall} as the overall number`);
  });

  it('high_press fields ball-winners: every outfield player of its XI is at least 80th in his role in PAdj tackles, interceptions or recoveries', () => {
    const r = engine.bestXiPick({ vibe_id: 'high_press', formation: '4-3-3' });
    if (!r.ok) throw new Error(r.error.message);
    for (const s of r.value.xi.filter((x) => x.position !== 'GK')) {
      const row = engine.latestRowOf(s.player_id);
      const p = engine.derived.percentiles;
      const best = Math.max(
        p.tackles_padj_per90[row],
        p.interceptions_padj_per90[row],
        p.ball_recovery_padj_per90[row],
      );
      expect(best, s.display_name).toBeGreaterThanOrEqual(80);
    }
  });

  it('a vibe that needs market values says so and names enrich, instead of an empty XI', () => {
    const r = engine.bestXiPick({ vibe_id: 'galacticos' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ code: 'invalid_request', param: 'vibe_id' });
    expect(r.error.message).toMatch(/market values/);
    expect(r.error.message).toMatch(/halfspace enrich/);
  });
});

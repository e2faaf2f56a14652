/*
 * `bestxi pick` on a real season: the Bundesliga 2017/18 (Wyscout public dataset in
 * ../shared/real/wyscout; HALFSPACE_REAL_DIR overrides the location). Skipped, saying why, when absent.
 * Independent facts of that season (published by the DFL, bundesliga.com, and kicker):
 * - Robert Lewandowski won the Torjägerkanone as top scorer with 29 goals;
 * - Bayern München were champions, 21 points clear; their regulars dominate every published team
 *   of that season (kicker's and the DFL's), so a sensible balanced XI holds several of them.
 * The check is an overlap, not a list: no rule was fitted to these names.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FORMATIONS } from '../../src/bestxi/pick.js';
import { wyscoutIngest } from '../../src/providers/wyscout/dataset.js';
import { Engine } from '../../src/engine.js';
import { ROLES } from '../../src/stats/roles.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const REAL = realPath('wyscout');
const present = realDataPresent('bestxi pick real-data test', join(REAL, 'matches', 'matches_Germany.json'));

describe.skipIf(!present)('bestxi pick on the Bundesliga 2017/18', () => {
  let engine: Engine;
  beforeAll(() => {
    engine = Engine.open({ dataset: wyscoutIngest(REAL, { competition: 'Germany' }).dataset });
  }, 120_000);

  it('the balanced 4-3-3 has the top scorer up front and several of the champions', () => {
    const r = engine.bestXiPick({ vibe_id: 'balanced', formation: '4-3-3' });
    if (!r.ok) throw new Error(r.error.message);
    const xi = r.value.xi;
    expect(xi).toHaveLength(11);
    expect(xi.find((s) => s.slot === 'ST')?.display_name).toMatch(/Lewandowski$/);
    expect(xi.filter((s) => s.team === 'Bayern München').length).toBeGreaterThanOrEqual(4);
    expect(xi.filter((s) => s.position === 'GK')).toHaveLength(1);
    expect(r.value.lineup.secondary.goalkeepers_ok).toBe(true);
  });

  it('fills every slot of every formation with distinct players and keeps the per-club cap', () => {
    for (const formation of FORMATIONS) {
      for (const vibe_id of ['balanced', 'high_press']) {
        const r = engine.bestXiPick({ vibe_id, formation });
        if (!r.ok) throw new Error(r.error.message);
        expect(r.value.xi).toHaveLength(11);
        expect(new Set(r.value.xi.map((s) => s.player_id)).size).toBe(11);
        const cap = r.value.vibe_meta.constraints.per_club_cap;
        if (cap) {
          const perClub = new Map<string, number>();
          for (const s of r.value.xi) perClub.set(s.team ?? '', (perClub.get(s.team ?? '') ?? 0) + 1);
          expect(Math.max(...perClub.values())).toBeLessThanOrEqual(cap);
        }
      }
    }
  });

  it('refuses an unknown formation or vibe with invalid_request', () => {
    expect(engine.bestXiPick({ formation: '5-5' } as never)).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', param: 'formation' },
    });
    expect(engine.bestXiPick({ vibe_id: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_request', param: 'vibe_id' },
    });
  });

  it("the top scorer Lewandowski, voted best outfield player of the season's first half by 219 Bundesliga players (kicker survey: https://kurier.at/sport/fussball/fussball-lewandowski-fuer-liga-kollegen-bester-feldspieler-der-hinrunde/305.531.204; the full-season vote was not verified), is in the top 5 of the outfield regulars by rating", () => {
    expect(ratingRankOf(engine, 'Robert Lewandowski')).toBeLessThanOrEqual(5);
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

/*
 * The verdict headline, the card highlight and the card's default take name the same cohort
 * (docs/methodology/verdict.md#evidence, docs/methodology/cards.md): the one the percentiles were
 * ranked in. Checked on the demo universe, player by player.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { cardFactsOf } from '../../src/cards/facts.js';
import { Engine } from '../../src/engine.js';
import { cohortNameOf } from '../../src/stats/cohorts.js';
import { ROLE_LABELS } from '../../src/stats/roles.js';

let engine: Engine;
beforeAll(() => {
  engine = Engine.open({ dataset: 'demo' });
}, 120_000);

/** Derived rows of regulars in a role cohort (every 40th, for a spread of leagues and roles). */
function sampleRows(): number[] {
  const d = engine.derived;
  const out: number[] = [];
  for (let i = 0; i < d.n; i += 40) if (d.minutes[i] >= 900 && d.cohort[i] >= 0) out.push(i);
  return out;
}

describe('cohort names', () => {
  it('names a role cohort by its role and a group cohort by its group', () => {
    expect(cohortNameOf({ role: 'striker', position_group: 'attacker' })).toBe(ROLE_LABELS.striker);
    expect(cohortNameOf({ role: null, position_group: 'attacker' })).toBe('attackers');
  });

  it("the verdict's 'among …' and the card's highlight name the cohort of the player's latest row", () => {
    const rows = sampleRows();
    expect(rows.length).toBeGreaterThan(20);
    let checked = 0;
    for (const row of rows) {
      const d = engine.derived;
      const playerId = d.player_id[row];
      if (engine.latestRowOf(playerId) !== row) continue;
      const name = cohortNameOf(d.cohorts[d.cohort[row]]);
      const verdict = engine.verdict({ player_id: playerId });
      if (!verdict.ok) throw new Error(verdict.error.message);
      if (verdict.value.verdict_code !== 'contrast' && verdict.value.verdict_code !== 'cooked') {
        expect(verdict.value.headline, verdict.value.headline).toContain(`among ${name}`);
      }
      const card = cardFactsOf(engine, engine.playerById(playerId)!, { watermark: null });
      if (card.highlight) expect(card.highlight.text).toContain(`among ${name} in `);
      if (card.caption.startsWith('Top ')) expect(card.caption).toMatch(new RegExp(`(among ${name}|in his role)\\.$`));
      checked++;
    }
    expect(checked).toBeGreaterThan(10);
  });
});

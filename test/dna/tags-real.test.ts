/*
 * Style tags on a real season: the Premier League 2017/18 (Wyscout public dataset in
 * ../shared/real/wyscout; HALFSPACE_REAL_DIR overrides the location). Skipped, saying why, when absent.
 * A sanity check against archetypes every analyst names, not a target the rules were fitted to
 * (docs/methodology/dna.md#style-tags): Firmino the link-up forward, Kanté the ball-winner, Salah
 * the inside forward who scores from the wing, Kane the penalty-box finisher, Walker the full-back
 * who builds play from inside (Guardiola's inverted full-back).
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NO_CLEAR_ROLE } from '../../src/dna/clear-role.js';
import { ROLE_TAGS } from '../../src/dna/tag-rules.js';
import { wyscoutIngest } from '../../src/providers/wyscout/dataset.js';
import { Engine } from '../../src/engine.js';
import { ROLES } from '../../src/stats/roles.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const REAL = realPath('wyscout');
const present = realDataPresent('style tag real-data test', join(REAL, 'matches', 'matches_England.json'));

/** Regulars: ≥ 1,350 minutes, as in the judgment bench. */
const REGULAR_MINUTES = 1350;

describe.skipIf(!present)('style tags on the Premier League 2017/18', () => {
  let engine: Engine;
  let regulars: number[];
  beforeAll(() => {
    engine = Engine.open({ dataset: wyscoutIngest(REAL, { competition: 'England' }).dataset });
    regulars = [];
    for (let i = 0; i < engine.derived.n; i++) if (engine.derived.minutes[i] >= REGULAR_MINUTES) regulars.push(i);
  }, 120_000);

  const shownRoleOf = (name: string) => {
    const player = engine.players.find((p) => (p.known_as ?? p.name) === name);
    if (!player) throw new Error(`${name} not in the dataset`);
    return engine.styleOf(engine.latestRowOf(player.player_id))?.primary;
  };

  it('names the archetypes analysts name', () => {
    expect(shownRoleOf('Roberto Firmino')).toBe('Link-up Forward');
    expect(shownRoleOf("N'Golo Kanté")).toBe('Ball-Winner');
    expect(shownRoleOf('Mohamed Salah')).toBe('Inside Forward');
    expect(shownRoleOf('Harry Kane')).toBe('Poacher');
    expect(shownRoleOf('Kyle Walker')).toBe('Inverted Full-Back');
  });

  it('gives most regulars a role, every role at least two archetypes, and only its own tags', () => {
    const byRole = new Map<string, Map<string, number>>();
    let clear = 0;
    for (const row of regulars) {
      const role = ROLES[engine.derived.role[row]];
      const primary = engine.styleOf(row)?.primary;
      if (!primary) continue;
      if (primary !== NO_CLEAR_ROLE) {
        clear++;
        expect(ROLE_TAGS[role] as readonly string[], `${primary} given to a ${role}`).toContain(primary);
      }
      const counts = byRole.get(role) ?? new Map<string, number>();
      counts.set(primary, (counts.get(primary) ?? 0) + 1);
      byRole.set(role, counts);
    }
    expect(clear / regulars.length).toBeGreaterThanOrEqual(0.85);
    for (const role of ROLES) {
      const tags = [...(byRole.get(role)?.keys() ?? [])].filter((t) => t !== NO_CLEAR_ROLE);
      expect(tags.length, role).toBeGreaterThanOrEqual(2);
    }
  });

  it('never shows a guess: a shown role has every condition met', () => {
    for (const row of regulars) {
      const style = engine.styleOf(row);
      if (!style || style.primary === NO_CLEAR_ROLE) continue;
      const role = style.tags[0] as { kind: string; evidence: { met: boolean }[] };
      expect(role.kind).toBe('role');
      expect(role.evidence.every((e) => e.met)).toBe(true);
    }
  });
});

/**
 * `halfspace verdict` on the built binary, as a user runs it on the demo universe: a centre-back's
 * team outcomes are printed apart from his receipts and labelled as the team's, and the narrative
 * names the earlier season the cooked rule compared with (docs/methodology/verdict.md#team-outcomes,
 * #cooked).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runBuilt } from '../helpers/built-cli.js';

describe('halfspace verdict: team outcomes and the compared season', () => {
  let id: string;
  beforeAll(async () => {
    ensureBuilt();
    // The best-scored centre-back of the demo pool: a regular with an earlier season.
    const pool = await runBuilt(['bestxi', 'pool', '--accepts', 'CB', '--limit', '1', '--json']);
    expect(pool.code).toBe(0);
    id = String(JSON.parse(pool.stdout).players[0].player_id);
  }, 180_000);

  it('prints goals conceded and clean sheets only on lines labelled as the team’s', async () => {
    const r = await runBuilt(['verdict', '--player-id', id]);
    expect(r.code).toBe(0);
    const [table] = r.stdout.split('\n\n');
    const lines = table.split('\n');
    const team = lines.filter((l) => /goals conceded|clean sheets/i.test(l));
    expect(team.length).toBe(2);
    for (const l of team) expect(l).toContain('(team, with him on the pitch)');
    // Neither is in the headline nor among the receipts.
    expect(lines[0]).not.toMatch(/conceded|clean sheet/i);
  });

  it('names the season it compared with, in --json and in the text', async () => {
    const r = await runBuilt(['verdict', '--player-id', id, '--json']);
    expect(r.code).toBe(0);
    const v = JSON.parse(r.stdout);
    expect(v.season).toBe('2025/26');
    // The demo's seasons run 2023/24 → 2025/26: the one before is 2024/25, never 2025/26 itself.
    expect(v.rule.previous_season).toMatchObject({ season: '2024/25' });
    expect(v.rule.previous_output_score).toBe(v.rule.previous_season.output_score);
    expect(v.narrative).toContain(`Compared with 2024/25 (${v.rule.previous_season.team}`);
    expect(v.evidence.map((e: { metric: string }) => e.metric)).not.toContain('goals_conceded_per90');
    expect(v.team_on_pitch.map((e: { metric: string }) => e.metric)).toEqual([
      'goals_conceded_per90',
      'cleansheets_per90',
    ]);
  });
});

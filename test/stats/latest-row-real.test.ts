/*
 * Which row stands for a player who changed clubs mid-season, on the Premier League 2017/18
 * (Wyscout public dataset in ../shared/real/wyscout; HALFSPACE_REAL_DIR overrides the location;
 * skipped, saying why, when absent). The shown row is the club of his last match by date, read
 * here from the appearances and fixtures independently of the engine's index.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { rowsOf } from '../../src/model/schema.js';
import { wyscoutIngest } from '../../src/providers/wyscout/dataset.js';
import { datasetToDir } from '../../src/io/save.js';
import { ensureBuilt, runBuilt } from '../helpers/built-cli.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const REAL = realPath('wyscout');
const present = realDataPresent('latest-row real-data tests', join(REAL, 'matches', 'matches_England.json'));

describe.skipIf(!present)('the row a player is shown by, Premier League 2017/18', () => {
  let engine: Engine;
  /** Player → team of his last appearance (latest kickoff) and his number of teams. */
  const lastTeam = new Map<number, { team: number; kickoff: number; teams: Set<number> }>();
  beforeAll(() => {
    engine = Engine.open({ dataset: wyscoutIngest(REAL, { competition: 'England' }).dataset });
    const kickoff = new Map(rowsOf(engine.dataset.tables.fixtures, 'fixtures').map((f) => [f.fixture_id, f.kickoff]));
    for (const a of rowsOf(engine.dataset.tables.appearances!, 'appearances')) {
      const k = kickoff.get(a.fixture_id)!;
      const seen = lastTeam.get(a.player_id);
      if (!seen) lastTeam.set(a.player_id, { team: a.team_id, kickoff: k, teams: new Set([a.team_id]) });
      else {
        seen.teams.add(a.team_id);
        if (k > seen.kickoff) Object.assign(seen, { team: a.team_id, kickoff: k });
      }
    }
  }, 120_000);

  it('shows a player who moved mid-season at the club of his last match, whatever his minutes there', () => {
    let movers = 0;
    let fewerMinutesAtLast = 0;
    for (const [player, { team, teams }] of lastTeam) {
      const rows = engine.rowsOfPlayer(player);
      if (teams.size < 2 || rows.length < 2) continue;
      movers++;
      const shown = engine.latestRowOf(player);
      expect(engine.derived.team_id[shown], `player ${player}`).toBe(team);
      if (rows.some((r) => engine.derived.minutes[r] > engine.derived.minutes[shown])) fewerMinutesAtLast++;
    }
    // The season has such moves, and some played less at the club they ended at (so minutes alone would mislead).
    expect(movers).toBeGreaterThan(0);
    expect(fewerMinutesAtLast).toBeGreaterThan(0);
  });

  it('shows Alexis Sánchez at Manchester United, where he moved from Arsenal in January 2018', () => {
    // Source: Manchester United, "Alexis Sanchez signs for Manchester United", 22 January 2018
    // (manutd.com); he played for Arsenal in the first half of the season.
    const r = engine.resolvePlayer({ name: 'Alexis Sánchez' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const id = r.value.player_id;
    const clubs = engine.rowsOfPlayer(id).map((row) => engine.teamById(engine.derived.team_id[row])?.name);
    expect(clubs).toHaveLength(2);
    expect(engine.teamById(engine.derived.team_id[engine.latestRowOf(id)])?.name).toMatch(/Manchester United/);
  });

  it("names the club he left, with his minutes there, in the built CLI's scouting report", async () => {
    ensureBuilt();
    const dir = mkdtempSync(join(tmpdir(), 'latest-row-'));
    try {
      datasetToDir(engine.dataset, dir);
      const r = engine.resolvePlayer({ name: 'Alexis Sánchez' });
      if (!r.ok) throw new Error(r.error.message);
      const [earlier] = engine.rowsOfPlayer(r.value.player_id);
      const left = engine.teamById(engine.derived.team_id[earlier])!.name;
      const run = await runBuilt(['scouting', '--name', 'Alexis Sánchez', '--dataset', dir]);
      expect(run.code).toBe(0);
      expect(run.stdout).toMatch(/^Shown at Manchester United, the club he played for last this season; also /m);
      expect(run.stdout).toContain(`also ${left} (${Math.round(engine.derived.minutes[earlier])} minutes)`);
      // A player with one club this season gets no such line.
      const single = await runBuilt(['scouting', '--name', 'Mohamed Salah', '--dataset', dir]);
      expect(single.stdout).not.toContain('Shown at');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('keeps the one row of a player with one club', () => {
    for (const [player, { teams }] of lastTeam) {
      const rows = engine.rowsOfPlayer(player);
      if (teams.size === 1 && rows.length === 1) expect(engine.latestRowOf(player)).toBe(rows[0]);
    }
  });
});

/**
 * `halfspace ingest csv export.csv --map …` on the BUILT binary: an analyst's export becomes an
 * Arrow dataset folder whose provider metrics reach the scouting report.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runBuiltSync } from '../helpers/built-cli.js';
import { wyscoutSearch } from '../providers/csv/export-samples.js';

let tmp: string;
beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-ingest-map-'));
  writeFileSync(join(tmp, 'wyscout.csv'), wyscoutSearch());
}, 180_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('ingest csv --map', () => {
  it('writes a dataset folder whose scouting report carries the provider metrics', () => {
    const out = join(tmp, 'ds');
    const r = runBuiltSync([
      'ingest',
      'csv',
      join(tmp, 'wyscout.csv'),
      '--map',
      'wyscout-search',
      '--as-of',
      '2025-06-01',
      '--out',
      out,
      '--json',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      tables: { players: 4, player_seasons: 4 },
      map: { map: 'wyscout-search', rows: 4 },
    });
    const s = runBuiltSync(['scouting', '--dataset', out, '--name', 'Tomás Rivera', '--json']);
    expect(s.stderr).toBe('');
    expect(s.code).toBe(0);
    const data = JSON.parse(s.stdout).data;
    // xG 8.5 in 1800 minutes → 0.425 → 0.43 rounded to two decimals; 75th percentile among the two attackers.
    // xG maps onto our own xg column (docs/methodology/event-values.md), so it is no provider metric.
    expect(data.per90_stats.xg_per90).toBe(0.43);
    expect(data.percentiles.xg_per90).toMatchObject({ percentile: 75 });
    expect(data.percentiles.xg_per90.provider).toBeUndefined();
    // "Touches in box per 90" has no column of ours: it reaches the report as a provider metric.
    expect(data.per90_stats.touches_in_box_per90).toBe(4.2);
    expect(data.percentiles.touches_in_box_per90).toMatchObject({ provider: true });
  });

  it('refuses --as-of without --map with one line', () => {
    const r = runBuiltSync(['ingest', 'csv', tmp, '--as-of', '2025-06-01', '--out', join(tmp, 'x')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('halfspace ingest csv: --as-of goes with --map (a CSV folder has its own dataset.json)\n');
  });
});

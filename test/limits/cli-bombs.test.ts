/**
 * Resource limits of the CLI readers (issue 24, defects 5 and 6) through the built binary: a gzip
 * bomb in a Wyscout folder, a giant CSV header line and a giant CSV field each end with exit 2
 * and one short line naming the file and the limit, within the peak RSS docs/deploy.md states.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_FIELD_MAX_CHARS, CSV_RECORD_MAX_CHARS } from '../../src/io/csv/parse.js';
import { WYSCOUT_GZIP_MAX_BYTES } from '../../src/providers/wyscout/read.js';
import { writeHandmadeWyscout } from '../providers/wyscout/handmade.js';
import { peakRssEnv, readPeakMb, writeGzipBomb } from '../helpers/bombs.js';
import { ensureBuilt, runBuilt } from '../helpers/built-cli.js';

/** Peak RSS of one CLI run refusing these inputs, in MB (docs/deploy.md#resource-limits). */
const CLI_RSS_CEILING_MB = 400;

const dir = mkdtempSync(join(tmpdir(), 'halfspace-limits-cli-'));
beforeAll(() => ensureBuilt(), 300_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the binary recording its peak RSS; returns the run and the peak in MB. */
async function runMeasured(name: string, argv: string[]) {
  const file = join(dir, `${name}.rss`);
  const r = await runBuilt(argv, { env: peakRssEnv(dir, file) });
  const peak = readPeakMb(file);
  console.info(`[limits/cli] ${name}: exit ${r.code}, peak RSS ${peak.toFixed(0)} MB`);
  return { ...r, peak };
}

/** Exit 2, one line on stderr of at most 400 characters matching `message`, within the ceiling. */
function expectRefused(r: { code: number | null; stderr: string; peak: number }, message: RegExp): void {
  expect(r.code, r.stderr.slice(0, 500)).toBe(2);
  expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(r.stderr.length).toBeLessThan(400);
  expect(r.stderr).toMatch(message);
  expect(r.peak).toBeLessThan(CLI_RSS_CEILING_MB);
}

describe('CLI readers under hostile input', () => {
  it('stops a Wyscout .json.gz that inflates past the cap, naming the file and the cap (defect 6)', async () => {
    const folder = writeHandmadeWyscout(join(dir, 'wyscout'));
    // 160 MiB of zeros in ~160 kB: over the 64 MiB cap.
    await writeGzipBomb(join(folder, 'events', 'testland', '5001.json.gz'), 160);
    const r = await runMeasured('gzip-bomb', [
      'ingest',
      'wyscout',
      folder,
      '--competition',
      'Testland',
      '--out',
      join(dir, 'out-w'),
    ]);
    expectRefused(
      r,
      new RegExp(`events/testland/5001\\.json\\.gz: inflates to more than ${WYSCOUT_GZIP_MAX_BYTES} bytes`),
    );
    // No partial output: the dataset folder is written only when complete.
    expect(existsSync(join(dir, 'out-w'))).toBe(false);
  });

  it('stops a CSV whose header line never ends at the record limit (defect 5)', async () => {
    const csv = join(dir, 'wide.csv');
    // 24 MB on one line, no delimiter the header would have.
    writeFileSync(csv, 'x'.repeat(24 * 1024 * 1024));
    const r = await runMeasured('giant-line', ['score', csv, '--out', join(dir, 'o1.csv')]);
    expectRefused(r, new RegExp(`wide\\.csv.*longer than ${CSV_RECORD_MAX_CHARS} characters`));
  });

  it('stops a CSV field longer than the field limit, without echoing it (defect 5)', async () => {
    const csv = join(dir, 'field.csv');
    const header = 'player_id,name,position,team,league,season,appearances,minutes,goals';
    writeFileSync(csv, `${header}\n1,${'n'.repeat(CSV_FIELD_MAX_CHARS + 10)},ST,A,L,2025/26,10,900,1\n`);
    const r = await runMeasured('giant-field', ['score', csv, '--out', join(dir, 'o2.csv')]);
    expectRefused(r, new RegExp(`field\\.csv.*line 2: field 2 is longer than ${CSV_FIELD_MAX_CHARS} characters`));
  });
});

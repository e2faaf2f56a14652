/**
 * `halfspace score` progress bars as a user sees them on a terminal: the built binary runs under
 * a pseudo-terminal (util-linux `script`), and every stage — read, score, write — draws a bar,
 * a Parquet input included (its read bar counts rows; a CSV's counts bytes).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt } from '../helpers/built-cli.js';

let tmp: string;
let csv: string;
let parquet: string;
const ROWS = 300;
beforeAll(async () => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-score-progress-'));
  csv = join(tmp, 'players.csv');
  const lines = ['name,position,team,league,season,appearances,minutes,goals'];
  for (let i = 0; i < ROWS; i++)
    lines.push(`Player ${i},${i % 2 ? 'ST' : 'CB'},Club ${i % 6},Liga,2025/26,20,${900 + i},${i % 9}`);
  writeFileSync(csv, `${lines.join('\n')}\n`);
  parquet = join(tmp, 'players.parquet');
  const con = await (await DuckDBInstance.create(':memory:')).connect();
  await con.run(`COPY (SELECT * FROM read_csv('${csv}', header = true)) TO '${parquet}' (FORMAT parquet)`);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs `halfspace score <input> --out <out>` on a pseudo-terminal; returns everything the terminal showed. */
function scoreOnTerminal(input: string, out: string): { code: number | null; screen: string } {
  const env = { ...process.env };
  delete env.CI;
  const command = [process.execPath, BIN, 'score', input, '--out', out, '--as-of', '2026-03-01']
    .map((a) => `'${a.replace(/'/g, "'\\''")}'`)
    .join(' ');
  const r = spawnSync('script', ['-qec', command, '/dev/null'], { encoding: 'utf8', env });
  return { code: r.status, screen: r.stdout };
}

/** The last frame a bar drew for `label` before its line ended. */
const finalFrame = (screen: string, label: string): string | undefined =>
  screen
    .split(/\r\n?|\n/)
    .filter((l) => l.startsWith(`${label} [`))
    .at(-1);

describe('score progress on a terminal', () => {
  it('draws read (in rows), score and write bars for a Parquet input', () => {
    const { code, screen } = scoreOnTerminal(parquet, join(tmp, 'out.csv'));
    expect(code).toBe(0);
    expect(finalFrame(screen, 'read ')).toMatch(/\] 100% {2}300\/300 rows/);
    expect(finalFrame(screen, 'score')).toMatch(/\] 100% {2}300\/300 player-seasons/);
    expect(finalFrame(screen, 'write')).toMatch(/\] 100% {2}300\/300 rows → csv/);
  });

  it('draws the read bar in bytes for a CSV input', () => {
    const { code, screen } = scoreOnTerminal(csv, join(tmp, 'out.parquet'));
    expect(code).toBe(0);
    expect(finalFrame(screen, 'read ')).toMatch(/\] 100% {2}[\d,]+\/[\d,]+ 0\.0 MB/);
    expect(finalFrame(screen, 'write')).toMatch(/\] 100% {2}300\/300 rows → parquet/);
  });

  it('draws nothing with CI set (the same run, not a terminal for bars)', () => {
    const r = spawnSync(
      process.execPath,
      [BIN, 'score', parquet, '--out', join(tmp, 'ci.csv'), '--as-of', '2026-03-01'],
      {
        encoding: 'utf8',
        env: { ...process.env, CI: '1' },
      },
    );
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
  });
});

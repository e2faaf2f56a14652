/**
 * A contract end joined by `halfspace enrich --values` (docs/enrich.md), as a user meets it: the
 * built binary writes it, `scouting` shows it in text and JSON, and a date not written YYYY-MM-DD
 * exits 2 with one line and writes nothing.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasetToDir } from '../../src/io/save.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';
import { ensureBuilt, hasStack, runBuilt } from '../helpers/built-cli.js';

let tmp: string;
beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-contract-end-'));
  datasetToDir(tinyDataset(), join(tmp, 'tiny'));
  writeFileSync(join(tmp, 'contracts.csv'), 'player_id,contract_end_date\n1,2027-06-30\n');
  writeFileSync(join(tmp, 'bad.csv'), 'player_id,contract_end_date\n1,30/06/2027\n');
}, 600_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('halfspace enrich --values with a contract end', () => {
  it('joins it, and scouting shows it in text and JSON', async () => {
    const out = join(tmp, 'with-contracts');
    const r = await runBuilt(['enrich', join(tmp, 'tiny'), '--values', join(tmp, 'contracts.csv'), '--out', out]);
    expect(r.code, r.stderr).toBe(0);
    const text = await runBuilt(['scouting', '--name', 'Jörg Müller-Weiß', '--dataset', out]);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout.split('\n')[0]).toContain('contract until 2027-06-30');
    const json = await runBuilt(['scouting', '--name', 'Jörg Müller-Weiß', '--dataset', out, '--json']);
    expect(JSON.parse(json.stdout).data.profile.contract_end_date).toBe('2027-06-30');
    // A player the file does not name has none, and his line says nothing about it.
    const other = await runBuilt(['scouting', '--name', 'Anton Berg', '--dataset', out]);
    expect(other.code, other.stderr).toBe(0);
    expect(other.stdout).not.toContain('contract until');
  });

  it('refuses a date not written YYYY-MM-DD: exit 2, one line naming the line, nothing written', async () => {
    const out = join(tmp, 'never');
    const r = await runBuilt(['enrich', join(tmp, 'tiny'), '--values', join(tmp, 'bad.csv'), '--out', out]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/contract_end_date: line 2: "30\/06\/2027" is not a date written YYYY-MM-DD/);
    expect(hasStack(r.stderr)).toBe(false);
    expect(existsSync(out)).toBe(false);
  });
});

/**
 * `halfspace keys create` prints the `export KEY=…` line the curl examples of docs/api.md need, with
 * the key itself (built binary, real SQLite file).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, runBuilt } from '../helpers/built-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-keys-export-'));
beforeAll(() => ensureBuilt(), 120_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('keys create', () => {
  it('prints an export KEY= line holding the key it created', async () => {
    const r = await runBuilt(['keys', 'create', '--credits', '5', '--db', join(dir, 'k.db')]);
    expect(r.code).toBe(0);
    const key = r.stdout.match(/^ {2}(svc_sk_\S+)$/m)?.[1];
    expect(key).toBeDefined();
    expect(r.stdout).toContain(`\n  export KEY=${key}\n`);
  });
});

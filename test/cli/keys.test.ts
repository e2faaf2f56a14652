import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { runCli } from '../../src/cli/run.js';
import { isWellFormedKey } from '../../src/service/billing/keys.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-cli-keys-'));
const db = join(dir, 'k.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function cli(...argv: string[]) {
  let out = '';
  let err = '';
  const code = await runCli(COMMANDS, [...argv, '--db', db], { stdout: (t) => (out += t), stderr: (t) => (err += t) });
  return { code, out, err };
}

describe('halfspace keys and wallet', () => {
  it('creates a key shown once, lists it without the secret, tops up and shows the ledger', async () => {
    const created = await cli('keys', 'create', '--credits', '25', '--label', 'team a', '--no-watermark', '--json');
    expect(created.code).toBe(0);
    const k = JSON.parse(created.out);
    expect(isWellFormedKey(k.key)).toBe(true);
    expect(k).toMatchObject({ label: 'team a', no_watermark: true, balance: 25 });

    const list = await cli('keys', 'list', '--json');
    const rows = JSON.parse(list.out);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: k.id, balance: 25, revoked_at: null });
    expect(list.out).not.toContain(k.key);

    // 25 + 10 = 35.
    expect((await cli('wallet', 'topup', k.id, '--credits', '10')).out).toBe(
      `Added 10 credits to ${k.id}: balance 35.\n`,
    );
    expect((await cli('wallet', 'balance', k.id)).out).toBe('35 (available 35, held 0)\n');
    const ledger = JSON.parse((await cli('wallet', 'ledger', k.id, '--json')).out);
    expect(ledger.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ['topup', 25],
      ['topup', 10],
    ]);

    const human = await cli('keys', 'create', '--credits', '0');
    expect(human.out).toMatch(/svc_sk_[0-9A-Za-z]{49}/);
    expect(human.out).toContain('only its hash is kept');
  });

  it('revokes once and reports mistakes as usage errors (exit 2)', async () => {
    const k = JSON.parse((await cli('keys', 'create', '--credits', '1', '--json')).out);
    expect((await cli('keys', 'revoke', k.id)).code).toBe(0);
    const again = await cli('keys', 'revoke', k.id);
    expect([again.code, again.err]).toEqual([2, `halfspace keys revoke: ${k.id} is already revoked\n`]);
    expect((await cli('keys', 'revoke', 'key_nobody')).err).toContain('no key key_nobody');
    expect((await cli('keys', 'create')).code).toBe(2);
    expect((await cli('keys', 'create', '--credits=-5')).err).toContain('--credits must be a non-negative integer');
    expect((await cli('wallet', 'topup', k.id, '--credits', '0')).code).toBe(2);
    expect((await cli('wallet', 'balance', 'key_nobody')).err).toContain('no wallet for key_nobody');
    expect((await cli('wallet', 'ledger')).code).toBe(2);
  });
});

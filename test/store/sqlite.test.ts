import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sqliteStore } from '../../src/store/sqlite/store.js';
import { storeSuite } from './wallet.case.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-store-'));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// synchronous=normal keeps the many small property-test databases fast; durability is a pragma, not logic.
storeSuite('sqlite', () => sqliteStore(join(dir, `s${n++}.db`), { synchronous: 'normal' }));

describe('sqlite store file', () => {
  it('keeps keys, balances and the ledger across reopen, and shares the file between two handles', async () => {
    const file = join(dir, 'shared.db');
    const a = sqliteStore(file);
    const b = sqliteStore(file);
    await a.wallets.open('w', '2026-03-01T00:00:00.000Z');
    await a.wallets.topup('w', 30, '2026-03-01T00:00:00.000Z');
    // A second handle (as the CLI next to a running server) sees and changes the same wallet: 30 + 12 = 42.
    await b.wallets.topup('w', 12, '2026-03-01T00:00:01.000Z');
    expect(await a.wallets.balance('w')).toBe(42);
    a.close();
    b.close();
    const c = sqliteStore(file);
    expect(await c.wallets.balance('w')).toBe(42);
    expect((await c.wallets.ledger('w')).map((e) => e.amount)).toEqual([30, 12]);
    c.close();
  });
});

/**
 * Billing invariants driven through the whole service (fast-check): non-2xx never changes the
 * balance, replays never charge twice, and concurrent calls never overspend (fc.scheduler).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { issueKey } from '../../../src/service/billing/accounts.js';
import { createService } from '../../../src/service/service.js';
import { memoryStore } from '../../../src/store/memory/store.js';
import type { ServiceStore } from '../../../src/store/ports.js';
import { sqliteStore } from '../../../src/store/sqlite/store.js';
import { expectLedgerBalanced } from '../../store/wallet.case.js';
import { fakeOperations, noEngine } from '../fake.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-billing-'));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const drivers: [string, () => ServiceStore][] = [
  ['memory', memoryStore],
  ['sqlite', () => sqliteStore(join(dir, `b${n++}.db`), { synchronous: 'normal' })],
];

const callArb = fc.record({
  outcome: fc.constantFrom('ok', 'ok', 'not_found', 'throw', 'unchargeable', 'invalid'),
  idem: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: undefined }),
  n: fc.integer({ min: 0, max: 2 }),
});

for (const [name, make] of drivers) {
  describe(`billing through the service (${name})`, () => {
    it('charges exactly the cost of first-time chargeable successes; everything else is free', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 30 }),
          fc.array(callArb, { maxLength: 25 }),
          async (credits, calls) => {
            const store = make();
            const service = createService({
              engine: noEngine,
              store,
              baseUrl: 'http://h',
              operations: fakeOperations(),
              onError: () => {},
            });
            const { key, record } = await issueKey(store, { credits });
            let balance = credits;
            const seen = new Map<string, string>();
            for (const c of calls) {
              const body = c.outcome === 'invalid' ? { outcome: 'ok', bogus: true } : { outcome: c.outcome, n: c.n };
              const before = balance;
              const r = await service.handle({
                method: 'POST',
                path: '/api/v1/test/echo',
                authorization: `Bearer ${key}`,
                body,
                idempotencyKey: c.idem,
              });
              const chargedNow = Number(r.headers['x-svc-credits-charged']);
              const fingerprint = JSON.stringify(body);
              const replayOrConflict = c.idem !== undefined && seen.has(c.idem);
              if (replayOrConflict || r.status >= 400 || c.outcome === 'unchargeable') expect(chargedNow).toBe(0);
              else expect(chargedNow).toBe(3);
              // invalid_request precedes idempotency_key_reused (docs/errors.md order).
              if (replayOrConflict && c.outcome !== 'invalid' && seen.get(c.idem!) !== fingerprint)
                expect(r.status).toBe(422);
              if (replayOrConflict && seen.get(c.idem!) === fingerprint)
                expect(r.headers['idempotent-replayed']).toBe('true');
              balance -= chargedNow;
              expect(Number(r.headers['x-svc-wallet-balance'])).toBe(balance);
              expect(balance).toBeGreaterThanOrEqual(0);
              if (r.status >= 400) expect(balance).toBe(before);
              // Only responses the service keeps make a key "seen": successes and the operation's own 404;
              // 400s are refused before the key is claimed, 402 and 5xx are not kept.
              if (c.idem !== undefined && !seen.has(c.idem) && (r.status < 400 || r.status === 404))
                seen.set(c.idem, fingerprint);
            }
            expect(await store.wallets.balance(record.id)).toBe(balance);
            expectLedgerBalanced(await store.wallets.ledger(record.id), balance);
            await store.close();
          },
        ),
        { numRuns: 40 },
      );
    });

    it('never overspends under any interleaving of concurrent calls (fc.scheduler)', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.scheduler(),
          fc.integer({ min: 0, max: 20 }),
          fc.array(fc.constantFrom('ok', 'not_found'), { minLength: 1, maxLength: 10 }),
          async (s, credits, outcomes) => {
            const store = make();
            const service = createService({
              engine: noEngine,
              store,
              baseUrl: 'http://h',
              operations: fakeOperations(() => s.schedule(Promise.resolve())),
              onError: () => {},
            });
            const { key, record } = await issueKey(store, { credits });
            const pending = outcomes.map((outcome) =>
              service.handle({
                method: 'POST',
                path: '/api/v1/test/echo',
                authorization: `Bearer ${key}`,
                body: { outcome },
              }),
            );
            const all = Promise.all(pending);
            await s.waitFor(all);
            const responses = await all;
            const charged = responses.reduce((sum, r) => sum + Number(r.headers['x-svc-credits-charged']), 0);
            const successes = responses.filter((r) => r.status === 200).length;
            // Each success costs 3; nothing else is charged; the total never exceeds the credits.
            expect(charged).toBe(3 * successes);
            expect(charged).toBeLessThanOrEqual(credits);
            const final = (await store.wallets.balance(record.id))!;
            expect(final).toBe(credits - charged);
            expectLedgerBalanced(await store.wallets.ledger(record.id), final);
            // A call was refused for credits only if, when it asked, the in-flight holds left too little.
            for (const r of responses.filter((x) => x.status === 402))
              expect(JSON.parse(r.body as string).balance).toBeLessThan(3);
            await store.close();
          },
        ),
        { numRuns: 60 },
      );
    });
  });
}

/**
 * The fuzz suite (issue 24, "Keep it so"): seeded, time-bounded random bodies shaped to every paid
 * operation's schema: its example request (the OpenAPI one, on the demo universe) with fields
 * replaced, removed or added, or its property names with values of every JSON type (wrong types,
 * huge and odd numbers, long and hostile strings, prototype keys), sent to a real server on 127.0.0.1 with
 * an API key or the demo channel. Every answer must be below 500, every non-2xx an
 * application/problem+json body with a `code` and charging 0, and the wallet must equal its ledger.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Engine } from '../../src/engine.js';
import { listen, type Listening } from '../../src/http/node.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { OPERATIONS } from '../../src/service/contract/operations.js';
import { createService } from '../../src/service/service.js';
import { memoryStore } from '../../src/store/memory/store.js';
import type { ServiceStore } from '../../src/store/ports.js';
import { REQUEST_EXAMPLES } from '../../src/service/contract/examples/requests.js';

/** Fixed seed (a failure reproduces) and a wall-clock bound that keeps the suite lean. */
const SEED = 24;
const TIME_LIMIT_MS = 8_000;

let store: ServiceStore;
let server: Listening;
let service: ReturnType<typeof createService>;
let auth = '';
let keyId = '';

beforeAll(async () => {
  store = memoryStore();
  service = createService({
    engine: Engine.open({ dataset: 'demo' }),
    store,
    baseUrl: 'http://127.0.0.1:9',
    rateLimit: { perSecond: 100_000, burst: 100_000 },
    demoDailyLimit: 100_000,
  });
  server = await listen(service, { port: 0 });
  const issued = await issueKey(store, { credits: 1_000_000 });
  auth = `Bearer ${issued.key}`;
  keyId = issued.record.id;
});
afterAll(async () => {
  await server.close();
  await store.close();
});

/** The property names of an operation's body schema (its JSON Schema, top level and one level down). */
function propertyNamesOf(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as {
    properties?: Record<string, { properties?: Record<string, unknown> }>;
  };
  const names = Object.keys(json.properties ?? {});
  for (const p of Object.values(json.properties ?? {})) names.push(...Object.keys(p.properties ?? {}));
  return [...new Set(names)];
}

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    'Anton Berg',
    'Ferrante',
    'collage',
    'player_card',
    'GK',
    '2025/26',
    '\u0000',
    '\ud800',
    '𝕏',
    'a'.repeat(5000),
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const oddNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.constantFrom(0, -1, 1, 1e308, -1e308, 2 ** 53, 0.1, 1e-320, 15, 40),
);
const leaf = fc.oneof(hostileString, oddNumber, fc.boolean(), fc.constant(null));
const value = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    leaf,
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('v'), { maxKeys: 3 }),
  ),
})).v;

/** A body shaped to `names`: some of them with values of any type, sometimes a prototype key or a stray key. */
const bodyOf = (names: string[]) =>
  fc
    .tuple(
      fc.subarray(names),
      fc.array(value, { minLength: names.length, maxLength: names.length }),
      fc.constantFrom(null, '__proto__', 'constructor', 'stray'),
      value,
    )
    .map(([keys, values, extra, extraValue]) => {
      const body: Record<string, unknown> = {};
      keys.forEach((k, i) => {
        body[k] = values[i];
      });
      if (extra) Object.defineProperty(body, extra, { value: extraValue, enumerable: true });
      return body;
    });

/** The operation's example body with up to two fields replaced by random values, dropped or added. */
const mutatedExampleOf = (example: Record<string, unknown>, names: string[]) =>
  fc
    .array(fc.tuple(fc.constantFrom(...names), fc.option(value, { nil: undefined })), { maxLength: 2 })
    .map((changes) => {
      const body: Record<string, unknown> = { ...example };
      for (const [k, v] of changes) {
        if (v === undefined) delete body[k];
        else body[k] = v;
      }
      return body;
    });

const paid = OPERATIONS.filter((op) => op.method === 'POST');

describe('schema-shaped random bodies', () => {
  it('never answer 5xx, always problem+json with a code off 2xx, never charge off 2xx', async () => {
    let calls = 0;
    let charged = 0;
    const inflight = new Set<Promise<void>>();
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paid).chain((op) =>
          fc.tuple(
            fc.constant(op),
            fc.oneof(
              mutatedExampleOf(REQUEST_EXAMPLES[op.id]?.body ?? {}, propertyNamesOf(op.body)),
              bodyOf(propertyNamesOf(op.body)),
            ),
            fc.boolean(),
            fc.integer({ min: 0, max: 9 }).map((n) => n === 0),
          ),
        ),
        ([op, body, demo, rawText]) => {
          // fast-check's time limit can end the assertion while this call is in flight: it is
          // tracked so the wallet is read only after its charge is counted.
          const call = (async () => {
            const headers: Record<string, string> = { 'content-type': 'application/json' };
            if (demo) headers['x-svc-demo-channel'] = 'mcp';
            else headers.authorization = auth;
            const text = JSON.stringify(body);
            const res = await fetch(`${server.url}${op.path}`, {
              method: 'POST',
              headers,
              // Sometimes the JSON cut short, as a client that gets it wrong sends it.
              body: rawText ? text.slice(0, Math.max(1, text.length - 1)) : text,
            });
            const answer = await res.text();
            calls++;
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            expect(res.status, `${op.path} ${text.slice(0, 300)}`).toBeLessThan(500);
            const spent = Number(res.headers.get('x-svc-credits-charged') ?? 0);
            if (res.status < 200 || res.status >= 300) {
              expect(res.headers.get('content-type'), answer).toContain('application/problem+json');
              expect(typeof JSON.parse(answer).code, answer).toBe('string');
              expect(spent, answer).toBe(0);
            }
            charged += spent;
          })();
          inflight.add(call);
          return call.finally(() => inflight.delete(call));
        },
      ),
      { seed: SEED, numRuns: 2_000, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: false },
    );
    await Promise.allSettled([...inflight]);
    console.info(
      `[fuzz] ${calls} calls, statuses ${JSON.stringify(Object.fromEntries(statuses))}, ${charged} credits charged`,
    );
    expect(calls).toBeGreaterThan(50);
    // Once queued hd jobs are done nothing stays held, the wallet equals its ledger, and what left
    // it is what 2xx answers charged plus what finished jobs captured.
    await service.idle();
    const ledger = await store.wallets.ledger(keyId);
    expect(await store.wallets.openHolds(keyId)).toEqual([]);
    const balance = (await store.wallets.balance(keyId))!;
    expect(ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(balance);
    const jobHolds = new Set(
      ledger.filter((e) => e.kind === 'hold' && e.note?.endsWith(' job')).map((e) => e.entry_id),
    );
    const jobCaptured = ledger
      .filter((e) => e.kind === 'capture' && jobHolds.has(e.hold_id!))
      .reduce((sum, e) => sum + -(ledger.find((h) => h.entry_id === e.hold_id)?.amount ?? 0), 0);
    expect(1_000_000 - balance).toBe(charged + jobCaptured);
  });
});

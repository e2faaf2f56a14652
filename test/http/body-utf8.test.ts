/**
 * A JSON body that is not valid UTF-8 is refused (400 `invalid_request`, `param: body`) and
 * charged nothing, on a real server: decoded leniently, its bad bytes would become U+FFFD and a
 * request the client never sent would run and be charged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { listen, type Listening } from '../../src/http/node.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { createService } from '../../src/service/service.js';
import { memoryStore } from '../../src/store/memory/store.js';
import type { ServiceStore } from '../../src/store/ports.js';

let store: ServiceStore;
let server: Listening;
let auth = '';
let keyId = '';

beforeAll(async () => {
  store = memoryStore();
  server = await listen(
    createService({ engine: Engine.open({ dataset: 'demo' }), store, baseUrl: 'http://127.0.0.1' }),
    {
      port: 0,
    },
  );
  const issued = await issueKey(store, { credits: 100 });
  auth = `Bearer ${issued.key}`;
  keyId = issued.record.id;
});
afterAll(async () => {
  await server.close();
  await store.close();
});

const post = (body: Uint8Array) =>
  fetch(`${server.url}/api/v1/intelligence/player`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body,
  });

describe('a JSON body with bytes that are not UTF-8', () => {
  it.each([
    ['a lone continuation byte', [0x80]],
    ['0xff', [0xff]],
    ['a truncated 3-byte sequence', [0xe2, 0x82]],
    ['an overlong slash', [0xc0, 0xaf]],
    ['a UTF-16 surrogate in UTF-8', [0xed, 0xa0, 0x80]],
  ])('%s inside a string is 400 invalid_request, charged 0', async (_name, bad) => {
    const before = await store.wallets.balance(keyId);
    const body = Buffer.concat([Buffer.from('{"name":"Anton'), Buffer.from(bad), Buffer.from(' Berg"}')]);
    const res = await post(body);
    const problem = (await res.json()) as { code: string; param: string; detail: string };
    expect([res.status, problem.code, problem.param]).toEqual([400, 'invalid_request', 'body']);
    expect(problem.detail).toMatch(/UTF-8/);
    expect(res.headers.get('x-svc-credits-charged')).toBe('0');
    expect(await store.wallets.balance(keyId)).toBe(before);
  });

  it('still reads valid UTF-8, a byte-order mark first included', async () => {
    const res = await post(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"name":"Anton Berg"}')]));
    expect(res.status).not.toBe(400);
    expect(res.status).toBeLessThan(500);
  });
});

/**
 * The Node listener (src/http/node.ts) writes a fresh answer's text, and a repeated request's
 * answer from the response cache as the UTF-8 bytes stored there: whatever the text, and whatever
 * came before it (the same request again, or another text of the same length), the bytes and
 * Content-Length on the wire are the text's own.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ok } from '../../src/errors.js';
import { listen, type Listening } from '../../src/http/node.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import type { Operation } from '../../src/service/contract/operations.js';
import { createService } from '../../src/service/service.js';
import { memoryStore } from '../../src/store/memory/store.js';
import { noEngine } from '../service/fake.js';

const TextRequest = z.object({ s: z.string() }).strict();

/** Answers `{ s }` as sent: a pure operation, so a repeated request is answered from the response cache. */
const echoText: Operation = {
  id: 'test.text',
  method: 'POST',
  path: '/api/v1/test/text',
  summary: 'Echo text',
  tag: 'test',
  beta: false,
  cost: () => 1,
  demo: () => false,
  cacheable: true,
  body: TextRequest,
  query: z.object({}).strict(),
  response: z.object({ s: z.string() }),
  catalog: () => ({}),
  async run({ body }) {
    return ok({ body: { s: TextRequest.parse(body).s } });
  },
};

let server: Listening;
let key: string;

beforeAll(async () => {
  const store = memoryStore();
  key = (await issueKey(store, { credits: 1_000_000 })).key;
  const service = createService({
    engine: noEngine,
    store,
    baseUrl: 'http://127.0.0.1',
    operations: [echoText],
    rateLimit: { perSecond: 1e9, burst: 1e9 },
  });
  server = await listen(service, { port: 0 });
});
afterAll(() => server.close(0));

/** The body bytes and Content-Length of one call sending `s`. */
async function call(s: string): Promise<{ status: number; bytes: Buffer; length: string | null }> {
  const res = await fetch(`${server.url}/api/v1/test/text`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ s }),
  });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()), length: res.headers.get('content-length') };
}

describe('string answers on the wire', () => {
  it('are the UTF-8 bytes of the text, repeated or not, with their Content-Length', async () => {
    // Texts of one length in characters but not in bytes, ASCII and not: the encoded copy of one is never sent for another.
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ unit: 'binary-ascii', minLength: 3, maxLength: 3 }),
      fc.constantFrom('é–x', 'abc', 'ü😀', 'a😀'),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(text, { minLength: 1, maxLength: 6 }), async (texts) => {
        for (const s of [...texts, ...texts]) {
          const expected = Buffer.from(JSON.stringify({ s }));
          const got = await call(s);
          expect(got.status).toBe(200);
          expect(got.bytes.equals(expected)).toBe(true);
          expect(got.length).toBe(String(expected.length));
        }
      }),
      { numRuns: 40 },
    );
  });
});

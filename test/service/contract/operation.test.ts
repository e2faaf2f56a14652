/**
 * defineOperation types an operation from its schemas, and the service hands `run` and `precheck`
 * what those schemas parsed (defaults filled in, unknown keys of a loose object dropped), not the
 * body as sent: the same value whether the call runs now or as a job.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { ok } from '../../../src/errors.js';
import { issueKey } from '../../../src/service/billing/accounts.js';
import { defineOperation, type Operation } from '../../../src/service/contract/operations.js';
import { createService } from '../../../src/service/service.js';
import { memoryStore } from '../../../src/store/memory/store.js';
import { noEngine } from '../fake.js';

const Body = z.object({ n: z.number().int().default(7), hd: z.boolean().default(false) });
const Query = z.object({ enhance: z.enum(['narrative']).optional() }).strict();
const NOON = new Date('2026-03-01T12:00:00Z');

/** An operation that records what `run` and `precheck` received; `{ hd: true }` runs as a job. */
function recording() {
  const seen: { run: unknown[]; precheck: unknown[] } = { run: [], precheck: [] };
  const op = defineOperation({
    id: 'test.parsed',
    method: 'POST',
    path: '/api/v1/test/parsed',
    summary: 'Parsed',
    tag: 'test',
    beta: false,
    cost: 2,
    demo: false,
    isJob: (body) => typeof body === 'object' && body !== null && 'hd' in body && body.hd === true,
    body: Body,
    query: Query,
    response: z.object({ twice: z.number() }),
    precheck(body) {
      expectTypeOf(body).toEqualTypeOf<{ n: number; hd: boolean }>();
      seen.precheck.push(body);
      return body.n < 0 ? { code: 'invalid_request', message: 'n: must not be negative', param: 'n' } : null;
    },
    run({ body, query }) {
      expectTypeOf(body).toEqualTypeOf<{ n: number; hd: boolean }>();
      expectTypeOf(query).toEqualTypeOf<{ enhance?: 'narrative' | undefined }>();
      seen.run.push({ body, query });
      return ok({ body: { twice: body.n * 2 } });
    },
  });
  return { op, seen };
}

async function setup(op: Operation) {
  const store = memoryStore();
  const service = createService({ engine: noEngine, store, baseUrl: 'http://h', clock: () => NOON, operations: [op] });
  const issued = await issueKey(store, { credits: 100, now: NOON });
  const call = (body: unknown, query: Record<string, string> = {}) =>
    service.handle({ method: 'POST', path: op.path, authorization: `Bearer ${issued.key}`, body, query });
  return { service, call };
}

describe('defineOperation', () => {
  it('returns the definition itself, so the table, catalogs and OpenAPI read the same fields', () => {
    const { op } = recording();
    expect(op.id).toBe('test.parsed');
    expect(op.body).toBe(Body);
    expect(op.query).toBe(Query);
  });

  it('gives run and precheck the parsed body and query: defaults filled in, unknown keys dropped', async () => {
    const { op, seen } = recording();
    const { call } = await setup(op);
    const r = await call({ extra: 'dropped' }, { enhance: 'narrative' });
    expect(r.status).toBe(200);
    // n defaults to 7: 7 × 2 = 14.
    expect(JSON.parse(r.body as string)).toEqual({ twice: 14 });
    expect(seen.precheck).toEqual([{ n: 7, hd: false }]);
    expect(seen.run).toEqual([{ body: { n: 7, hd: false }, query: { enhance: 'narrative' } }]);
  });

  it('answers a precheck failure with its param before running', async () => {
    const { op, seen } = recording();
    const { call } = await setup(op);
    const r = await call({ n: -1 });
    expect(r.status).toBe(400);
    expect(JSON.parse(r.body as string)).toMatchObject({ code: 'invalid_request', param: 'n' });
    expect(seen.run).toEqual([]);
  });

  it('keeps the schema error of an invalid body (param and message) and never runs', async () => {
    const { op, seen } = recording();
    const { call } = await setup(op);
    const r = await call({ n: 1.5 });
    expect(r.status).toBe(400);
    const problem = JSON.parse(r.body as string);
    expect(problem.param).toBe('n');
    expect(problem.detail).toMatch(/^n: /);
    expect(seen.precheck).toEqual([]);
    expect(seen.run).toEqual([]);
  });

  it('gives a job the parsed body of its stored request', async () => {
    const { op, seen } = recording();
    const { service, call } = await setup(op);
    const r = await call({ hd: true });
    expect(r.status).toBe(202);
    await service.idle();
    expect(seen.run).toEqual([{ body: { n: 7, hd: true }, query: {} }]);
  });
});

/**
 * Validation messages read as ours (issue #25 item 8): zod's own wording ("Too small: expected
 * array to have >=1 items") never reaches a caller. Worked examples on small schemas, a property
 * over every operation's real request schema with arbitrary JSON bodies, and the console's failing
 * case (best-xi/lineup `{"player_ids":[]}`) through a real server.
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startServer, type RunningServer } from '../src/cli/commands/serve.js';
import { issueKey } from '../src/service/billing/accounts.js';
import { OPERATIONS } from '../src/service/contract/operations.js';
import { parseWith } from '../src/validation.js';

/** The openings of zod's built-in messages (zod 4): none may reach a caller. */
const ZOD_WORDING =
  /^(Too small|Too big|Invalid input|Invalid option|Invalid string|Invalid URL|Invalid|Unrecognized key|Expected|Required)/;

const messageOf = (schema: z.ZodType, input: unknown) => {
  const result = parseWith(schema, input);
  if (result.ok) throw new Error('expected a failure');
  return result.error;
};

describe('parseWith words every issue itself', () => {
  const S = z
    .object({
      ids: z.array(z.number().int()).min(1).max(3),
      name: z.string().min(1).max(5),
      n: z.number().min(0).max(5),
      mode: z.enum(['recent', 'all']),
      url: z.url().optional(),
      even: z.number().multipleOf(2).optional(),
      own: z.string().refine((v) => v !== 'x', 'own may not be "x"'),
    })
    .strict();
  const good = { ids: [1], name: 'a', n: 1, mode: 'all', own: 'y' };
  // Each case: the input that breaks one field, and the message worked out from the rule above.
  const cases: [string, unknown, string][] = [
    ['empty array', { ...good, ids: [] }, 'ids: needs at least 1 item, got 0'],
    ['long array', { ...good, ids: [1, 2, 3, 4] }, 'ids: takes at most 3 items, got 4'],
    ['empty string', { ...good, name: '' }, 'name: must not be empty'],
    ['long string', { ...good, name: 'abcdef' }, 'name: takes at most 5 characters, got 6'],
    ['number over', { ...good, n: 9 }, 'n: must be at most 5'],
    ['number under', { ...good, n: -1 }, 'n: must be at least 0'],
    ['wrong type', { ...good, n: 'nine' }, 'n: must be a number, not a string'],
    ['not an integer', { ...good, ids: [1.5] }, 'ids.0: must be an integer, not a number'],
    // JSON's 1e400 parses to Infinity: a number, so never "must be a number, not a number".
    ['beyond doubles', { ...good, n: JSON.parse('1e400') }, 'n: must be a finite number, not one beyond ±1.8e308'],
    ['missing', { ...good, mode: undefined }, 'mode: is required (one of "recent" or "all")'],
    ['enum', { ...good, mode: 'soon' }, 'mode: must be one of "recent" or "all", not "soon"'],
    ['url', { ...good, url: 'nope' }, 'url: must be a valid url'],
    ['multiple', { ...good, even: 3 }, 'even: must be a multiple of 2'],
    ['unknown key', { ...good, zz: 1 }, 'zz: unknown field "zz"'],
    ['own message kept', { ...good, own: 'x' }, 'own: own may not be "x"'],
  ];
  for (const [name, input, message] of cases)
    it(name, () => expect(messageOf(S, input)).toMatchObject({ code: 'invalid_request', message }));

  it('a body that is not an object', () => {
    expect(messageOf(S, null).message).toBe('must be an object, not null');
    expect(messageOf(S, [1]).message).toBe('must be an object, not an array');
  });
});

describe('every operation request schema answers in our words (property)', () => {
  const value = fc.letrec((tie) => ({
    any: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom(null, true, false, 0, -1, 1.5, 1e9, '', 'x', 'recent', 'player_card', 'u23'),
      fc.integer(),
      fc.string(),
      fc.array(tie('any'), { maxLength: 14 }),
      fc.dictionary(fc.string(), tie('any'), { maxKeys: 3 }),
    ),
  })).any;
  const keys = [...new Set(OPERATIONS.flatMap((op) => Object.keys((op.body as z.ZodObject).shape ?? {})))];
  const body = fc.dictionary(fc.constantFrom(...keys, 'unknown_field'), value, { maxKeys: 5 });

  it('never passes zod wording through, and names a param for every field issue', () => {
    fc.assert(
      fc.property(fc.constantFrom(...OPERATIONS), fc.oneof(body, value), (op, input) => {
        const result = parseWith(op.body, input);
        if (result.ok) return;
        const { message, param } = result.error;
        const own = param ? message.slice(param.length + 2) : message;
        expect(own, `${op.id} ${JSON.stringify(input)}: ${message}`).not.toMatch(ZOD_WORDING);
        if (param) expect(message.startsWith(`${param}: `)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});

describe('through a real server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'halfspace-validation-'));
  let server: RunningServer;
  let key: string;
  beforeAll(async () => {
    server = await startServer({ dataset: 'demo', db: join(dir, 'v.db'), port: 0, renderWorkers: 0 });
    key = (await issueKey(server.store, { credits: 10 })).key;
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('best-xi/lineup with no player answers 400 in our words, charging nothing', async () => {
    const res = await fetch(`${server.listening.url}/api/v1/best-xi/lineup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ player_ids: [] }),
    });
    const problem = (await res.json()) as { code: string; param: string; detail: string };
    expect([res.status, problem.code, problem.param]).toEqual([400, 'invalid_request', 'player_ids']);
    expect(problem.detail).toBe('player_ids: needs at least 1 item, got 0');
    expect(res.headers.get('x-svc-credits-charged')).toBe('0');
  });
});

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERRORS, errorInfoOf, problemOf } from '../../../src/service/contract/errors.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

describe('error table', () => {
  it('has an entry for every ErrorCode of src/errors.ts', () => {
    const source = readFileSync(join(root, 'src/errors.ts'), 'utf8');
    const union = source.slice(
      source.indexOf('export type ErrorCode'),
      source.indexOf(';', source.indexOf('export type ErrorCode')),
    );
    const codes = [...union.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
    expect(codes.length).toBeGreaterThan(10);
    expect(codes.filter((c) => !(c in ERRORS))).toEqual([]);
  });

  it('documents every code in docs/errors.md, one heading each, in table order', () => {
    const doc = readFileSync(join(root, 'docs/errors.md'), 'utf8');
    const headings = [...doc.matchAll(/^## `([a-z_]+)`/gm)].map((m) => m[1]);
    expect(headings).toEqual(Object.keys(ERRORS));
  });

  it('builds RFC 9457 bodies with extra members, and hides details of 5xx', () => {
    const p = problemOf('http://h', 'req_1', {
      code: 'insufficient_credits',
      message: 'costs 5',
      required_credits: 5,
      balance: 2,
    });
    expect(p).toEqual({
      type: 'http://h/docs#error-insufficient_credits',
      title: 'Insufficient credits',
      status: 402,
      detail: 'costs 5',
      code: 'insufficient_credits',
      request_id: 'req_1',
      required_credits: 5,
      balance: 2,
    });
    const e = problemOf('http://h', 'req_2', { code: 'internal_error', message: 'TypeError at line 3', stack: 'x' });
    expect(e.detail).not.toContain('TypeError');
    expect(e).not.toHaveProperty('stack');
    expect(errorInfoOf('some_future_code')).toEqual({ status: 400, title: 'Request failed' });
  });
});

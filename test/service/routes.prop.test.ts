/**
 * The one route table (src/service/routes.ts) over arbitrary methods and paths: a paid route is
 * exactly a POST on an operation's path (trailing slashes aside), reads never reach a paid route,
 * every 405 names the methods the path answers and every refusal is 404 or 405.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '../../src/service/contract/errors.js';
import { OPERATIONS } from '../../src/service/contract/operations.js';
import { operationNameOf, routeTable } from '../../src/service/routes.js';

const routes = routeTable(OPERATIONS);
const segment = fc.constantFrom(
  'api',
  'v1',
  'cards',
  'jobs',
  'job_1',
  'verdict',
  'images',
  'mcp',
  'docs',
  'x',
  '',
  '..',
);
const path = fc.oneof(
  fc.array(segment, { maxLength: 5 }).map((parts) => `/${parts.join('/')}`),
  fc.constantFrom(...OPERATIONS.map((o) => o.path)).chain((p) => fc.constantFrom(p, `${p}/`, `${p}//`)),
);
const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS');

describe('route table', () => {
  it('routes a POST on an operation path, and only that, to the paid call', () => {
    fc.assert(
      fc.property(method, path, (m, p) => {
        const route = routes.match(m, p);
        const op = OPERATIONS.find((o) => o.path === (p.replace(/\/+$/, '') || '/'));
        expect(route.kind === 'paid').toBe(m === 'POST' && op !== undefined);
        if (route.kind === 'paid') expect(route.op).toBe(op);
        if (op && (m === 'GET' || m === 'HEAD')) expect(route.kind).toBe('catalog');
      }),
    );
  });

  it('refuses with 404 or 405, and every 405 says which methods the path answers', () => {
    fc.assert(
      fc.property(method, path, (m, p) => {
        const route = routes.match(m, p);
        if (route.kind !== 'refused') return;
        expect([ERRORS.not_found.status, ERRORS.method_not_allowed.status]).toContain(
          ERRORS[route.failure.code as keyof typeof ERRORS].status,
        );
        if (route.failure.code === 'method_not_allowed') {
          expect(route.allow).toMatch(/^GET, HEAD/);
          expect(route.allow!.split(', ')).not.toContain(m);
        } else expect(route.allow).toBeUndefined();
        expect(operationNameOf(route)).toBe(route.operation);
      }),
    );
  });
});

/**
 * @module Parsing caller input with zod into a Result: the first issue becomes `invalid_request`
 * with `param` set to its dot path (docs/design.md#errors).
 */
import type { z } from 'zod';
import { fail, ok, type Failure, type Result } from './errors.js';

/**
 * Parses `input` with `schema`; on failure returns `invalid_request` naming the first offending field.
 * @example parseWith(z.object({ limit: z.number().max(50) }), { limit: 99 }) // => { ok: false, error: { code: 'invalid_request', param: 'limit', … } }
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): Result<z.infer<S>> {
  const parsed = schema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  const issue = parsed.error.issues[0];
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys.length > 0) path.push(issue.keys[0]);
  const param = path.join('.') || undefined;
  const message = issue.code === 'unrecognized_keys' ? `unknown field "${issue.keys.join('", "')}"` : issue.message;
  return fail('invalid_request', param ? `${param}: ${message}` : message, param ? { param } : {});
}

/**
 * Puts a parse with `schema` in front of `run`, which trusts a parsed request: the result takes
 * unknown input and answers `invalid_request` (as {@link parseWith}) for a bad one, else what `run`
 * answers. Domain modules export both, `xOf = parsingWith(XRequest, xOfParsed)`.
 * @example parsingWith(z.object({ n: z.number() }), (ctx: null, r) => ok(r.n))(null, { n: 1 }) // => { ok: true, value: 1 }
 */
export function parsingWith<S extends z.ZodType, C, A extends unknown[], R>(
  schema: S,
  run: (ctx: C, request: z.output<S>, ...rest: A) => R,
): (ctx: C, input: unknown, ...rest: A) => R | { ok: false; error: Failure } {
  return (ctx, input, ...rest) => {
    const parsed = parseWith(schema, input);
    return parsed.ok ? run(ctx, parsed.value, ...rest) : parsed;
  };
}

/**
 * @module Parsing caller input with zod into a Result: the first issue becomes `invalid_request`
 * with `param` set to its dot path (docs/design.md#errors), worded by us rather than by zod.
 */
import type { z } from 'zod';
import { fail, ok, type Result } from './errors.js';
import { listInProse } from './prose.js';

/** Words of a collection bound: what is counted in an array, a string, a map. */
const UNITS: Record<string, [one: string, many: string]> = {
  array: ['item', 'items'],
  set: ['item', 'items'],
  string: ['character', 'characters'],
  file: ['byte', 'bytes'],
};

/** What a received value is, in words: "a string", "null", "nothing". */
function kindOf(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number' && Number.isNaN(value)) return 'NaN';
  const type = typeof value;
  return type === 'object' || type === 'undefined' ? `an ${type}` : `a ${type}`;
}

/** A bound "at least 1 item" / "at most 11 items" / "at least 0" for a too_small or too_big issue. */
function boundOf(origin: string, limit: number | bigint, inclusive: boolean | undefined, least: boolean): string {
  const unit = UNITS[origin];
  if (unit) return `${least ? 'at least' : 'at most'} ${limit} ${Number(limit) === 1 ? unit[0] : unit[1]}`;
  if (inclusive === false) return `${least ? 'greater than' : 'less than'} ${limit}`;
  return `${least ? 'at least' : 'at most'} ${limit}`;
}

/** A value list as a sentence: "a", "b" or "c". */
const oneOf = (values: readonly unknown[]) =>
  values.length === 1 ? JSON.stringify(values[0]) : `one of ${listInProse(values.map((v) => JSON.stringify(v)))}`;

/**
 * Our wording of a zod issue zod would word itself (a schema's own message is kept: zod asks this
 * map only when the schema gave none). Each reads after the field's name: "player_ids: needs at
 * least 1 item, got 0".
 * @example ourMessage({ code: 'too_small', origin: 'array', minimum: 1, inclusive: true, input: [] }) // => 'needs at least 1 item, got 0'
 */
function ourMessage(issue: z.core.$ZodRawIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      // 1e400 in JSON parses to Infinity, which zod calls "not a number": the value is a number, just out of range.
      if (typeof issue.input === 'number' && !Number.isFinite(issue.input) && !Number.isNaN(issue.input))
        return 'must be a finite number, not one beyond ±1.8e308';
      return `must be ${issue.expected === 'int' ? 'an integer' : /^[aeiou]/.test(issue.expected) ? `an ${issue.expected}` : `a ${issue.expected}`}, not ${kindOf(issue.input)}`;
    case 'too_small': {
      const size = Array.isArray(issue.input) || typeof issue.input === 'string' ? `, got ${issue.input.length}` : '';
      if (issue.origin === 'array' && Number(issue.minimum) === 1) return `needs at least 1 item, got 0`;
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'must not be empty';
      return `${UNITS[issue.origin] ? 'needs' : 'must be'} ${boundOf(issue.origin, issue.minimum, issue.inclusive, true)}${size}`;
    }
    case 'too_big': {
      const size = Array.isArray(issue.input) || typeof issue.input === 'string' ? `, got ${issue.input.length}` : '';
      return `${UNITS[issue.origin] ? 'takes' : 'must be'} ${boundOf(issue.origin, issue.maximum, issue.inclusive, false)}${size}`;
    }
    case 'invalid_value':
      if (issue.input === undefined) return `is required (${oneOf(issue.values)})`;
      return `must be ${oneOf(issue.values)}, not ${JSON.stringify(issue.input) ?? 'nothing'}`;
    case 'invalid_format':
      return issue.format === 'regex' ? 'has the wrong format' : `must be a valid ${issue.format}`;
    case 'not_multiple_of':
      return `must be a multiple of ${issue.divisor}`;
    case 'unrecognized_keys':
      return `unknown field "${issue.keys.join('", "')}"`;
    case 'invalid_union':
      return 'matches none of the accepted forms';
    case 'invalid_key':
      return 'has a key that is not allowed';
    case 'invalid_element':
      return 'has an element that is not allowed';
    default:
      return 'is not valid';
  }
}

/** The parse context that words issues our way ({@link ourMessage}). */
const WORDED = { error: ourMessage };

/**
 * Parses `input` with `schema`; on failure returns `invalid_request` naming the first offending field.
 * @example parseWith(z.object({ limit: z.number().max(50) }), { limit: 99 }) // => { ok: false, error: { code: 'invalid_request', message: 'limit: must be at most 50', param: 'limit' } }
 */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): Result<z.infer<S>> {
  // zod parses markedly slower with any context object, an error map included, even when the input
  // is valid; so the input is parsed bare, and parsed again with our wording only when it fails.
  const parsed = schema.safeParse(input);
  if (parsed.success) return ok(parsed.data);
  const worded = schema.safeParse(input, WORDED);
  // A schema is pure, so the second parse fails as the first did; its first issue is the one answered.
  const issue = (worded.success ? parsed.error : worded.error).issues[0];
  const path = issue.path.map(String);
  if (issue.code === 'unrecognized_keys' && issue.keys.length > 0) path.push(issue.keys[0]);
  const param = path.join('.') || undefined;
  return fail('invalid_request', param ? `${param}: ${issue.message}` : issue.message, param ? { param } : {});
}

/**
 * True when `value` is one of `list`'s members: narrows a string read from a flag or a file name to
 * the list's literal type.
 * @example isOneOf(['csv', 'arrow'] as const, 'csv') // => true
 */
export function isOneOf<T extends string>(list: readonly T[], value: string): value is T {
  return list.some((member) => member === value);
}

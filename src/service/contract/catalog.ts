/**
 * @module GET catalogs (docs/design.md#operations, docs/design.md#service): each GET twin of a paid POST describes its
 * surface — cost, demo channel, the request's JSON Schema (enums and bounds) and endpoint
 * specifics such as vibes, styles and stat keys by position group. No auth, never charged.
 */
import * as z from 'zod';
import { costOf, demoAllowed, type Operation } from './operations.js';

/**
 * The catalog body of `op`.
 * @example catalogOf(OPERATIONS[0]).credits // => 1
 */
export function catalogOf(op: Operation): Record<string, unknown> {
  return {
    operation: op.id,
    method: op.method,
    path: op.path,
    summary: op.summary,
    credits: costOf(op, {}),
    demo_channel: demoAllowed(op, {}),
    beta: op.beta,
    auth: ['bearer', ...(demoAllowed(op, {}) ? ['demo_channel'] : [])],
    request_schema: z.toJSONSchema(op.body, { io: 'input', unrepresentable: 'any' }),
    query_schema: z.toJSONSchema(op.query, { io: 'input', unrepresentable: 'any' }),
    ...op.catalog?.(),
  };
}

/**
 * The response cache (src/service/response-cache.ts) against a plain least-recently-used list:
 * after any sequence of gets and sets (texts beyond ASCII too, counted by their UTF-8 bytes), the same
 * entries, in the same order of use, within budget.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textOf } from '../../src/service/context.js';
import { ResponseCache } from '../../src/service/response-cache.js';

const text = (bytes: Uint8Array | undefined) => (bytes === undefined ? undefined : textOf(bytes));

/** The reference: entries oldest first, evicted from the front while over budget. */
class ListLru {
  entries: [string, string][] = [];
  constructor(readonly maxBytes: number) {}
  private sizeOf = ([k, v]: [string, string]) => 2 * k.length + Buffer.byteLength(v);
  get(key: string): string | undefined {
    const i = this.entries.findIndex(([k]) => k === key);
    if (i < 0) return undefined;
    const [entry] = this.entries.splice(i, 1);
    this.entries.push(entry!);
    return entry![1];
  }
  set(key: string, text: string): void {
    if (this.sizeOf([key, text]) > this.maxBytes) return;
    this.entries = this.entries.filter(([k]) => k !== key);
    this.entries.push([key, text]);
    while (this.entries.reduce((n, e) => n + this.sizeOf(e), 0) > this.maxBytes) this.entries.shift();
  }
}

const op = fc.oneof(
  fc.record({ kind: fc.constant('get' as const), key: fc.constantFrom('a', 'b', 'c', 'd', 'e') }),
  fc.record({
    kind: fc.constant('set' as const),
    key: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
    text: fc.string({ maxLength: 12, unit: 'grapheme' }),
  }),
);

describe('ResponseCache', () => {
  it('answers and evicts as a plain least-recently-used list does', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 80 }), fc.array(op, { maxLength: 60 }), (budget, ops) => {
        const cache = new ResponseCache(budget);
        const model = new ListLru(budget);
        for (const o of ops) {
          if (o.kind === 'get') expect(text(cache.get(o.key))).toBe(model.get(o.key));
          else {
            cache.set(o.key, o.text);
            model.set(o.key, o.text);
          }
          expect(cache.size).toBe(model.entries.length);
          expect(cache.usedBytes).toBeLessThanOrEqual(budget);
        }
        // The order of use: reading every model entry oldest first leaves both in the same order.
        for (const [key, value] of [...model.entries]) expect(text(cache.get(key))).toBe(value);
      }),
      { numRuns: 300 },
    );
  });
});

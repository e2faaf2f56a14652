/**
 * Lengths on the pitch (docs/methodology/wyscout.md#workers). `Math.hypot` is a variadic builtin
 * that V8 does not inline: it copies its arguments into a fresh array on every call, and the ingest
 * calls it for most of 2.5 million events (pass lengths, distances to goal). {@link hypot2} is the
 * same computation for two numbers written out, so it is inlined and allocates nothing.
 */

/**
 * `Math.hypot(a, b)`, bit for bit as V8 computes it (its builtins/math.tq: infinity wins over NaN,
 * both values are scaled by the larger, their squares summed with Kahan's compensation, which is
 * still zero after the first of two terms, and the root scaled back). A property test holds it to
 * `Math.hypot` on random, pitch and special values.
 * @example hypot2(3, 4) // => 5
 */
export function hypot2(a: number, b: number): number {
  const x = Math.abs(a);
  const y = Math.abs(b);
  if (x === Number.POSITIVE_INFINITY || y === Number.POSITIVE_INFINITY) return Number.POSITIVE_INFINITY;
  if (Number.isNaN(x) || Number.isNaN(y)) return Number.NaN;
  const max = x > y ? x : y;
  if (max === 0) return 0;
  const u = x / max;
  const v = y / max;
  return Math.sqrt(u * u + v * v) * max;
}

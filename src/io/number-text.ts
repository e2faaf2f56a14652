/**
 * Numbers as text for the table writers (CSV, JSON lines): doubles in JavaScript's shortest
 * round-trip form, single-precision floats with 9 significant digits (always enough to read back
 * the same float32), built with integer arithmetic because `toPrecision` costs ten times more.
 */

/**
 * The text of a float32 value (held widened in a double) with at most 9 significant digits,
 * trailing zeros dropped, in plain notation between 1e-7 and 1e9 and `toPrecision(9)` outside.
 * `Math.fround(Number(text)) === x` for every finite float32 `x`.
 * @example float32Text(Math.fround(0.1)) // => '0.100000001'
 */
export function float32Text(x: number): string {
  if (x === 0) return '0';
  const a = x < 0 ? -x : x;
  if (!(a >= 1e-7 && a < 1e9)) return String(Number(x.toPrecision(9)));
  let e = Math.floor(Math.log10(a));
  let m = Math.round(a * 10 ** (8 - e));
  // log10 can land one off next to a power of ten; the mantissa must have exactly 9 digits.
  if (m >= 1e9) m = Math.round(a * 10 ** (8 - ++e));
  else if (m < 1e8) m = Math.round(a * 10 ** (8 - --e));
  let digits = 9;
  while (m % 10 === 0) {
    m /= 10;
    digits--;
  }
  const s = String(m);
  const point = e + 1;
  const body =
    point <= 0
      ? `0.${'0'.repeat(-point)}${s}`
      : point >= digits
        ? s + '0'.repeat(point - digits)
        : `${s.slice(0, point)}.${s.slice(point)}`;
  return x < 0 ? `-${body}` : body;
}

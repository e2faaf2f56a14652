/**
 * Strict JSON over bytes (RFC 8259, exactly what `JSON.parse` accepts): the primitives the event
 * scanner (./event-scan.ts) walks a per-match file with, so the 2.5 million events of a season are
 * read without decoding the file to a string or building an object per event. Every function
 * returns the index just past what it read, or {@link MALFORMED}; it never throws.
 */

/** Returned for bytes that are not JSON: the caller hands the file to `JSON.parse` for the exact error. */
export const MALFORMED = -1;

export const QUOTE = 0x22;
export const COMMA = 0x2c;
export const COLON = 0x3a;
export const LBRACE = 0x7b;
export const RBRACE = 0x7d;
export const LBRACK = 0x5b;
export const RBRACK = 0x5d;
const BACKSLASH = 0x5c;
const MINUS = 0x2d;
const DOT = 0x2e;
const ZERO = 0x30;
const NINE = 0x39;

/** JSON's four whitespace bytes (a BOM or U+2028 is not whitespace to `JSON.parse` either). */
export function skipWs(b: Uint8Array, i: number): number {
  let c = b[i];
  if (c !== undefined && c > 0x20) return i;
  if (c === 0x20 && (c = b[i + 1]) !== undefined && c > 0x20) return i + 1;
  for (;;) {
    const c = b[i];
    if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
    else return i;
  }
}

/**
 * {@link skipWs} where there is usually no whitespace (after a key, after a value): small enough
 * that V8 inlines it into the scanner's hot loop, where a call per member was a sixth of its time.
 */
export const skipNoWs = (b: Uint8Array, i: number): number => (b[i]! > 0x20 ? i : skipWs(b, i));
/** {@link skipWs} where there is usually one space (after a colon or a comma), inlined likewise. */
export const skipOneSpace = (b: Uint8Array, i: number): number =>
  b[i] === 0x20 && b[i + 1]! > 0x20 ? i + 1 : skipWs(b, i);

const isDigit = (c: number | undefined): boolean => c !== undefined && c >= ZERO && c <= NINE;
const isHex = (c: number | undefined): boolean =>
  c !== undefined && ((c >= ZERO && c <= NINE) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66));

/** The escapes after a backslash that JSON allows besides `\uXXXX`: `"` `\` `/` b f n r t. */
const SIMPLE_ESCAPES = new Set([0x22, 0x5c, 0x2f, 0x62, 0x66, 0x6e, 0x72, 0x74]);

/**
 * End of the string opening at `i` (`b[i]` is `"`): the index past its closing quote. Bytes from
 * 0x80 up are taken as they are (the `JSON.parse` path decodes them as UTF-8, replacement
 * characters included, and accepts them), control bytes and bad escapes are malformed.
 * `plain` is set to whether the string is ASCII without escapes (its bytes are its text).
 */
export function stringEnd(b: Uint8Array, i: number, out: { plain: boolean }): number {
  let plain = true;
  // Most strings are short ASCII: a tight loop over their bytes, then the careful one.
  let c = b[++i];
  while (c !== undefined && c >= 0x20 && c < 0x80 && c !== QUOTE && c !== BACKSLASH) c = b[++i];
  for (;;) {
    c = b[i++];
    if (c === QUOTE) break;
    if (c === undefined || c < 0x20) return MALFORMED;
    if (c >= 0x80) plain = false;
    else if (c === BACKSLASH) {
      plain = false;
      const e = b[i++];
      if (e === 0x75) {
        if (!(isHex(b[i]) && isHex(b[i + 1]) && isHex(b[i + 2]) && isHex(b[i + 3]))) return MALFORMED;
        i += 4;
      } else if (e === undefined || !SIMPLE_ESCAPES.has(e)) return MALFORMED;
    }
  }
  out.plain = plain;
  return i;
}

/** End of the number starting at `i`: `-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?`. */
export function numberEnd(b: Uint8Array, i: number): number {
  if (b[i] === MINUS) i++;
  if (b[i] === ZERO) i++;
  else if (isDigit(b[i])) while (isDigit(b[i])) i++;
  else return MALFORMED;
  if (b[i] === DOT) {
    if (!isDigit(b[++i])) return MALFORMED;
    while (isDigit(b[i])) i++;
  }
  if (b[i] === 0x65 || b[i] === 0x45) {
    i++;
    if (b[i] === 0x2b || b[i] === MINUS) i++;
    if (!isDigit(b[i])) return MALFORMED;
    while (isDigit(b[i])) i++;
  }
  return i;
}

/** Powers of ten that are exact doubles (10^0 … 10^22). */
const EXACT_TENS = Array.from({ length: 23 }, (_, k) => 10 ** k);

/** A number token's value; `long` when the caller must read it as text (`value` is then NaN). */
export interface NumberToken {
  value: number;
  long: boolean;
}

/**
 * Reads the number token at `i` (`-` or a digit) in one pass: its end, and its value as
 * `JSON.parse` gives it into `out`. Up to 15 digits without an exponent the value is computed
 * here: the digits are an exact double and so is 10^k, so one division is correctly rounded
 * (Clinger's fast path). 16 to 30 digits without sign or exponent (a clock time with all its
 * decimals) are `long`: finite and ≥ 0, left to the caller to convert in a batch. Any other
 * token goes through `Number` on its text, which rounds as `JSON.parse` does.
 */
export function numberToken(b: Buffer, i: number, out: NumberToken): number {
  const start = i;
  let c = b[i];
  const negative = c === MINUS;
  if (negative) c = b[++i];
  let mantissa = 0;
  let digits = 0;
  let fraction = 0;
  if (c === ZERO) {
    digits = 1;
    c = b[++i];
  } else if (!isDigit(c)) return MALFORMED;
  else for (; c !== undefined && c >= ZERO && c <= NINE; c = b[++i], digits++) mantissa = mantissa * 10 + (c - ZERO);
  if (c === DOT) {
    if (!isDigit((c = b[++i]))) return MALFORMED;
    for (; c !== undefined && c >= ZERO && c <= NINE; c = b[++i], digits++, fraction++)
      mantissa = mantissa * 10 + (c - ZERO);
  }
  out.long = false;
  if (c === 0x65 || c === 0x45) {
    const end = numberEnd(b, start);
    if (end !== MALFORMED) out.value = Number(b.toString('latin1', start, end));
    return end;
  }
  if (digits <= 15) {
    const value = fraction > 0 ? mantissa / EXACT_TENS[fraction] : mantissa;
    out.value = negative ? -value : value;
  } else if (!negative && digits <= 30) {
    out.value = Number.NaN;
    out.long = true;
  } else out.value = Number(b.toString('latin1', start, i));
  return i;
}

/** End of the literal `word` (true, false, null) at `i`. */
function literalEnd(b: Uint8Array, i: number, word: readonly number[]): number {
  for (let k = 0; k < word.length; k++) if (b[i + k] !== word[k]) return MALFORMED;
  return i + word.length;
}
const TRUE = [0x74, 0x72, 0x75, 0x65];
const FALSE = [0x66, 0x61, 0x6c, 0x73, 0x65];
const NULL = [0x6e, 0x75, 0x6c, 0x6c];

/** True when the literal `null` starts at `i`. */
export const isNullAt = (b: Uint8Array, i: number): boolean => literalEnd(b, i, NULL) !== MALFORMED;

const scratch = { plain: true };
/** End of the string, number or literal at `i`. */
function scalarEnd(b: Uint8Array, i: number): number {
  const c = b[i];
  if (c === QUOTE) return stringEnd(b, i, scratch);
  if (c === 0x74) return literalEnd(b, i, TRUE);
  if (c === 0x66) return literalEnd(b, i, FALSE);
  if (c === 0x6e) return literalEnd(b, i, NULL);
  return numberEnd(b, i);
}

/** Past the `"key" :` at `i` (whitespace after the colon skipped). */
export function memberValueAt(b: Uint8Array, i: number): number {
  if (b[i] !== QUOTE) return MALFORMED;
  i = stringEnd(b, i, scratch);
  if (i === MALFORMED) return MALFORMED;
  i = skipWs(b, i);
  return b[i] === COLON ? skipWs(b, i + 1) : MALFORMED;
}

/** Open containers of {@link valueEnd}: a byte each (`{` or `[`), grown on demand, so depth is unbounded. */
let open = new Uint8Array(64);
function push(depth: number, c: number): void {
  if (depth === open.length) {
    const grown = new Uint8Array(open.length * 2);
    grown.set(open);
    open = grown;
  }
  open[depth] = c;
}

/**
 * After a value inside `depth` open containers: past the commas, closing brackets and the next
 * key, to where the next value starts; `depth` is updated in `at`.
 */
function nextValueAt(b: Uint8Array, i: number, at: { depth: number }): number {
  while (at.depth > 0) {
    i = skipWs(b, i);
    const top = open[at.depth - 1];
    const c = b[i];
    if (c === COMMA) return top === LBRACE ? memberValueAt(b, skipWs(b, i + 1)) : skipWs(b, i + 1);
    if (c !== (top === LBRACE ? RBRACE : RBRACK)) return MALFORMED;
    at.depth--;
    i++;
  }
  return i;
}

const level = { depth: 0 };
/** End of the JSON value at `i` (after any whitespace), nested to any depth without recursion. */
export function valueEnd(b: Uint8Array, i: number): number {
  level.depth = 0;
  do {
    i = skipWs(b, i);
    const c = b[i];
    if (c === LBRACE || c === LBRACK) {
      const close = c === LBRACE ? RBRACE : RBRACK;
      i = skipWs(b, i + 1);
      if (b[i] === close) i = nextValueAt(b, i + 1, level);
      else {
        push(level.depth++, c);
        if (c === LBRACE) i = memberValueAt(b, i);
      }
    } else {
      i = scalarEnd(b, i);
      if (i !== MALFORMED) i = nextValueAt(b, i, level);
    }
  } while (i !== MALFORMED && level.depth > 0);
  return i;
}

/**
 * Text to value for each column kind of the CSV layout (docs/csv.md#values). Reading is strict:
 * `12abc`, ` 12` or `1.5` in an integer column is an error, never a silently truncated number.
 */
import type { ColumnKind } from '../../model/schema.js';

const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:\d{2})$/;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;

/** A parsed CSV value, or why the text is not one. */
type CsvValue = { ok: true; value: number | string | boolean } | { ok: false; problem: string };

function timestampOf(text: string): number | null {
  const m = TIMESTAMP.exec(text);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = [m[1], m[2], m[3], m[4], m[5], m[6] ?? '0'].map(Number);
  const ms = Number((m[7] ?? '').padEnd(3, '0'));
  const local = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const check = new Date(local);
  // Date.UTC rolls 2025-02-30 over into March; a real date and time survive the round trip.
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    check.getUTCHours() !== h ||
    check.getUTCMinutes() !== mi ||
    check.getUTCSeconds() !== s
  )
    return null;
  const zone = m[8];
  if (zone === 'Z') return local;
  const sign = zone[0] === '-' ? -1 : 1;
  const offsetMin = Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6));
  return local - sign * offsetMin * 60_000;
}

/**
 * Parses the text of one non-empty CSV field as a value of `kind`.
 * @example valueOfCsv('int32', '12abc') // => { ok: false, problem: '"12abc" is not an integer' }
 */
export function valueOfCsv(kind: ColumnKind, text: string): CsvValue {
  switch (kind) {
    case 'utf8':
      return { ok: true, value: text };
    case 'int32': {
      const n = INTEGER.test(text) ? Number(text) : Number.NaN;
      if (!Number.isInteger(n)) return { ok: false, problem: `"${text}" is not an integer` };
      if (n < INT32_MIN || n > INT32_MAX) return { ok: false, problem: `${text} is outside the 32-bit integer range` };
      return { ok: true, value: n };
    }
    case 'float64': {
      const x = DECIMAL.test(text) ? Number(text) : Number.NaN;
      if (!Number.isFinite(x)) return { ok: false, problem: `"${text}" is not a finite decimal number` };
      return { ok: true, value: x };
    }
    case 'bool':
      if (text === 'true') return { ok: true, value: true };
      if (text === 'false') return { ok: true, value: false };
      return { ok: false, problem: `"${text}" is not true or false` };
    case 'timestamp': {
      const ms = timestampOf(text);
      if (ms === null)
        return { ok: false, problem: `"${text}" is not an ISO-8601 date and time with a zone (2025-08-16T14:00:00Z)` };
      return { ok: true, value: ms };
    }
  }
}

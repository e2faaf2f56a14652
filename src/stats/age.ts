/**
 * Age in whole years on a given day (docs/methodology/stats.md#age).
 */
import { isIsoDate } from '../model/column-checks.js';

function ymdOf(date: string | Date): { y: number; m: number; d: number } | null {
  if (date instanceof Date) {
    if (Number.isNaN(date.getTime())) return null;
    return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
  }
  // isIsoDate refuses dates such as 2025-02-30 that Date.UTC would silently roll over.
  if (!isIsoDate(date)) return null;
  return { y: Number(date.slice(0, 4)), m: Number(date.slice(5, 7)), d: Number(date.slice(8, 10)) };
}

/**
 * Completed years between `birthDate` and `onDate` (both ISO `YYYY-MM-DD`, or a Date read in UTC).
 * A birthday counts from the day itself; someone born on 29 February turns a year older on
 * 1 March in non-leap years. Null when either date is invalid or `onDate` is before `birthDate`.
 * @example ageOn('2000-05-10', '2026-05-09') // => 25
 * @example ageOn('2000-02-29', '2025-03-01') // => 25
 */
export function ageOn(birthDate: string, onDate: string | Date): number | null {
  const b = ymdOf(birthDate);
  const o = ymdOf(onDate);
  if (!b || !o) return null;
  const beforeBirthday = o.m < b.m || (o.m === b.m && o.d < b.d);
  const age = o.y - b.y - (beforeBirthday ? 1 : 0);
  return age < 0 ? null : age;
}

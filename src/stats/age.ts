/**
 * Age in whole years on a given day (docs/methodology/stats.md#age).
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

interface YMD {
  y: number;
  m: number;
  d: number;
}

function ymdOf(date: string | Date): YMD | null {
  if (date instanceof Date) {
    if (Number.isNaN(date.getTime())) return null;
    return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
  }
  const m = ISO_DATE.exec(date);
  if (!m) return null;
  const ymd = { y: Number(m[1]), m: Number(m[2]), d: Number(m[3]) };
  // Reject dates such as 2025-02-30 that Date.UTC would silently roll over.
  const t = new Date(Date.UTC(ymd.y, ymd.m - 1, ymd.d));
  if (t.getUTCFullYear() !== ymd.y || t.getUTCMonth() !== ymd.m - 1 || t.getUTCDate() !== ymd.d) return null;
  return ymd;
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

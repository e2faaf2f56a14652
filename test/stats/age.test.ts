import { describe, expect, it } from 'vitest';
import { ageOn } from '../../src/stats/age.js';

describe('ageOn', () => {
  it('counts completed years, turning older on the birthday itself', () => {
    // born 2000-05-10: on 2026-05-09 still 25 (birthday tomorrow), on 2026-05-10 26
    expect(ageOn('2000-05-10', '2026-05-09')).toBe(25);
    expect(ageOn('2000-05-10', '2026-05-10')).toBe(26);
    expect(ageOn('2000-05-10', '2026-12-31')).toBe(26);
    // earlier month in the year is before the birthday: 2026-01-15 → 25
    expect(ageOn('2000-05-10', '2026-01-15')).toBe(25);
    expect(ageOn('2000-05-10', '2000-05-10')).toBe(0);
  });

  it('handles 29 February birthdays', () => {
    // non-leap 2025: still 24 on 28 Feb, 25 from 1 March
    expect(ageOn('2000-02-29', '2025-02-28')).toBe(24);
    expect(ageOn('2000-02-29', '2025-03-01')).toBe(25);
    // leap 2024: 24 on 29 Feb itself
    expect(ageOn('2000-02-29', '2024-02-28')).toBe(23);
    expect(ageOn('2000-02-29', '2024-02-29')).toBe(24);
  });

  it('reads a Date in UTC', () => {
    // 2026-05-10T00:30Z is already the birthday in UTC
    expect(ageOn('2000-05-10', new Date(Date.UTC(2026, 4, 10, 0, 30)))).toBe(26);
    expect(ageOn('2000-05-10', new Date(Date.UTC(2026, 4, 9, 23, 59)))).toBe(25);
  });

  it('is null for invalid dates or a date before birth', () => {
    expect(ageOn('2000-02-30', '2026-01-01')).toBeNull();
    expect(ageOn('10/05/2000', '2026-01-01')).toBeNull();
    expect(ageOn('2000-05-10', new Date(Number.NaN))).toBeNull();
    expect(ageOn('2000-05-10', '1999-01-01')).toBeNull();
  });
});

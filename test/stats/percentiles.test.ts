import { describe, expect, it } from 'vitest';
import {
  lowerBound,
  upperBound,
  AVERAGE_MIN,
  BELOW_AVERAGE_MIN,
  ELITE_MIN,
  labelOf,
  ordinal,
  ordinalOf,
  orientPercentile,
  percentile,
  percentileFromCounts,
  percentileSorted,
  STRONG_MIN,
  topPercentile,
} from '../../src/stats/percentiles.js';

describe('percentile', () => {
  it('counts below plus half the equal values, over n, rounded half up', () => {
    // x = 3 in [1, 2, 3, 4]: below 2, equal 1 → 100 × (2 + 0.5) / 4 = 62.5 → 63
    expect(percentileSorted([1, 2, 3, 4], 3)).toBe(63);
    // x = 1: 100 × (0 + 0.5) / 4 = 12.5 → 13
    expect(percentileSorted([1, 2, 3, 4], 1)).toBe(13);
    // x = 4: 100 × (3 + 0.5) / 4 = 87.5 → 88
    expect(percentileSorted([1, 2, 3, 4], 4)).toBe(88);
    // order of the input does not matter
    expect(percentile([4, 1, 3, 2], 3)).toBe(63);
  });

  it('handles ties', () => {
    // x = 2 in [1, 2, 2, 2, 5]: below 1, equal 3 → 100 × (1 + 1.5) / 5 = 50
    expect(percentile([2, 5, 2, 1, 2], 2)).toBe(50);
    // all equal: 100 × (0 + n/2) / n = 50
    expect(percentile([7, 7, 7], 7)).toBe(50);
    // x = 0 in [0, 0, 1]: 100 × (0 + 1) / 3 = 33.33 → 33
    expect(percentile([0, 0, 1], 0)).toBe(33);
    // x = 1 in [0, 0, 1]: 100 × (2 + 0.5) / 3 = 83.33 → 83
    expect(percentile([0, 0, 1], 1)).toBe(83);
  });

  it('ranks a value outside the sample by the values below it', () => {
    // 5 above [1, 2, 3, 4]: 100 × 4 / 4 = 100; 0 below all: 0; 2.5: 100 × 2 / 4 = 50
    expect(percentileSorted([1, 2, 3, 4], 5)).toBe(100);
    expect(percentileSorted([1, 2, 3, 4], 0)).toBe(0);
    expect(percentileSorted([1, 2, 3, 4], 2.5)).toBe(50);
  });

  it('a single-value sample puts its own value at 50', () => {
    // 100 × (0 + 0.5) / 1 = 50
    expect(percentileSorted([3], 3)).toBe(50);
  });

  it('ignores null and NaN in the sample; NaN x or empty sample gives NaN', () => {
    // sample [1, 2, 3, 4] after dropping null/NaN
    expect(percentile([1, null, 2, Number.NaN, 3, 4], 3)).toBe(63);
    expect(percentile([], 3)).toBeNaN();
    expect(percentile([null], 3)).toBeNaN();
    expect(percentile([1, 2], Number.NaN)).toBeNaN();
  });

  it('rounds exact halves up in integer arithmetic', () => {
    // below 0, equal 1, n 8: 100 × 0.5 / 8 = 6.25 → 6
    expect(percentileFromCounts(0, 1, 8)).toBe(6);
    // below 1, equal 0, n 8: 12.5 → 13
    expect(percentileFromCounts(1, 0, 8)).toBe(13);
    // below 2, equal 1, n 200: 100 × 2.5 / 200 = 1.25 → 1
    expect(percentileFromCounts(2, 1, 200)).toBe(1);
    // below 0, equal 1, n 200: 0.25 → 0
    expect(percentileFromCounts(0, 1, 200)).toBe(0);
  });

  it('inverts lower-is-better metrics as 100 − p of the raw value', () => {
    // goals conceded per 90 of 1.0 in [0.8, 1.0, 1.4, 2.0]: raw 100 × (1 + 0.5) / 4 = 37.5 → 38; inverted 100 − 38 = 62
    const raw = percentile([0.8, 1.0, 1.4, 2.0], 1.0);
    expect(raw).toBe(38);
    expect(orientPercentile(raw, true)).toBe(62);
    // the fewest conceded, 0.8: raw 100 × 0.5 / 4 = 12.5 → 13, inverted 87
    expect(orientPercentile(percentile([0.8, 1.0, 1.4, 2.0], 0.8), true)).toBe(87);
    expect(orientPercentile(38, false)).toBe(38);
  });
});

describe('labels', () => {
  it('uses the documented thresholds', () => {
    expect([ELITE_MIN, STRONG_MIN, AVERAGE_MIN, BELOW_AVERAGE_MIN]).toEqual([90, 75, 40, 20]);
  });

  it('switches exactly at every boundary', () => {
    expect(labelOf(100)).toBe('elite');
    expect(labelOf(90)).toBe('elite');
    expect(labelOf(89)).toBe('strong');
    expect(labelOf(75)).toBe('strong');
    expect(labelOf(74)).toBe('average');
    expect(labelOf(40)).toBe('average');
    expect(labelOf(39)).toBe('below average');
    expect(labelOf(20)).toBe('below average');
    expect(labelOf(19)).toBe('weak');
    expect(labelOf(0)).toBe('weak');
    expect(labelOf(Number.NaN)).toBeNull();
  });
});

describe('ordinals', () => {
  it('uses st/nd/rd/th with the 11–13 exception', () => {
    const cases: [number, string][] = [
      [0, '0th'],
      [1, '1st'],
      [2, '2nd'],
      [3, '3rd'],
      [4, '4th'],
      [10, '10th'],
      [11, '11th'],
      [12, '12th'],
      [13, '13th'],
      [14, '14th'],
      [21, '21st'],
      [22, '22nd'],
      [23, '23rd'],
      [93, '93rd'],
      [100, '100th'],
      [101, '101st'],
      [111, '111th'],
      [112, '112th'],
    ];
    for (const [n, text] of cases) expect(ordinal(n)).toBe(text);
  });

  it('writes percentile text', () => {
    expect(ordinalOf(93)).toBe('93rd percentile');
    expect(ordinalOf(11)).toBe('11th percentile');
    expect(ordinalOf(Number.NaN)).toBe('unranked');
  });
});

describe('topPercentile (highlight)', () => {
  const ps: Record<string, number> = {
    goals_per90: 71,
    shots_per90: 93,
    assists_per90: 93,
    dribbles_per90: Number.NaN,
  };
  it('picks the highest percentile; ties go to the key listed first', () => {
    expect(topPercentile(['goals_per90', 'shots_per90', 'assists_per90'], (k) => ps[k])).toEqual({
      key: 'shots_per90',
      percentile: 93,
    });
    expect(topPercentile(['assists_per90', 'shots_per90'], (k) => ps[k])).toEqual({
      key: 'assists_per90',
      percentile: 93,
    });
  });
  it('skips NaN and is null when nothing is known', () => {
    expect(topPercentile(['dribbles_per90', 'goals_per90'], (k) => ps[k])).toEqual({
      key: 'goals_per90',
      percentile: 71,
    });
    expect(topPercentile(['dribbles_per90'], (k) => ps[k])).toBeNull();
  });
});

describe('binary search bounds', () => {
  it('find the first index ≥ x and > x within a range', () => {
    const a = [1, 2, 2, 3];
    expect(lowerBound(a, 0, 4, 2)).toBe(1);
    expect(upperBound(a, 0, 4, 2)).toBe(3);
    expect(lowerBound(a, 0, 4, 9)).toBe(4);
    expect(upperBound(a, 0, 4, 0)).toBe(0);
    // within [2, 4) only: first value ≥ 2 is at 2
    expect(lowerBound(a, 2, 4, 2)).toBe(2);
  });
});

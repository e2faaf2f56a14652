/**
 * The tables keyed by the metric list (docs/contributing.md, "A new stat column"): tsc makes each
 * one decide every metric or counting column; these tests check that each decision is also true at
 * run time (a metric said to be unrated weighs nothing, a column said to be not provided is null).
 */
import { describe, expect, it } from 'vitest';
import { CALIBRATED_METRICS, UNCALIBRATED_METRICS } from '../../src/data/generate/calibration-targets.js';
import { COLUMN, COLUMNS_NOT_GENERATED } from '../../src/data/generate/drawn-columns.js';
import {
  emptyTotals,
  notProvidedCoverageOf,
  providedTotalsOf,
  type ProviderColumn,
} from '../../src/data/providers/counting-totals.js';
import { STATSBOMB_COVERAGE } from '../../src/data/providers/statsbomb/dataset.js';
import { STATSBOMB_COLUMNS } from '../../src/data/providers/statsbomb/mapping.js';
import { WYSCOUT_COVERAGE } from '../../src/data/providers/wyscout/dataset.js';
import { WYSCOUT_COLUMNS } from '../../src/data/providers/wyscout/mapping.js';
import { COUNTING_COLUMNS, POSITION_GROUPS, type CountingColumn } from '../../src/data/schema.js';
import { NOT_STYLE_FEATURES, STYLE_FEATURES } from '../../src/dna/features.js';
import { ROLE_RULES, TRAIT_RULES, UNTAGGED_METRICS } from '../../src/dna/tags.js';
import {
  COLUMNS_WITHOUT_METRIC,
  GROUP_METRICS,
  METRIC_KEYS,
  METRICS,
  METRICS_IN_NO_GROUP,
  type MetricKey,
} from '../../src/stats/metrics.js';
import { RATING_WEIGHTS, UNRATED_METRICS } from '../../src/stats/rating.js';

const keysOf = (o: object): string[] => Object.keys(o).sort();

describe('every metric is decided once in each table', () => {
  it('group lists: a metric is in some group or in METRICS_IN_NO_GROUP, never both', () => {
    const grouped = new Set(POSITION_GROUPS.flatMap((g) => GROUP_METRICS[g]));
    for (const key of METRIC_KEYS) expect(grouped.has(key) !== key in METRICS_IN_NO_GROUP, key).toBe(true);
  });

  it('rating: an unrated metric weighs nothing in any group, every other one weighs in some group', () => {
    const weighted = new Set(POSITION_GROUPS.flatMap((g) => Object.keys(RATING_WEIGHTS[g])));
    for (const key of METRIC_KEYS) expect(weighted.has(key) !== key in UNRATED_METRICS, key).toBe(true);
    expect(keysOf(UNRATED_METRICS)).toEqual(['crosses_per90', 'rating']);
  });

  it('DNA: a metric is a style feature of some group or in NOT_STYLE_FEATURES, never both', () => {
    const features = new Set(POSITION_GROUPS.flatMap((g) => STYLE_FEATURES[g].map((f) => f.metric)));
    for (const key of METRIC_KEYS) expect(features.has(key) !== key in NOT_STYLE_FEATURES, key).toBe(true);
    expect(keysOf(NOT_STYLE_FEATURES)).toEqual(['rating']);
  });

  it('style tags: a metric is read by some rule or in UNTAGGED_METRICS, never both', () => {
    const rules = [...POSITION_GROUPS.flatMap((g) => ROLE_RULES[g]), ...TRAIT_RULES];
    const read = new Set<MetricKey>(rules.flatMap((r) => r.conditions.map((c) => c.metric)));
    for (const key of METRIC_KEYS) expect(read.has(key) !== key in UNTAGGED_METRICS, key).toBe(true);
  });

  it('demo generator: a metric is calibrated or in UNCALIBRATED_METRICS, never both', () => {
    const calibrated = new Set<string>(CALIBRATED_METRICS);
    for (const key of METRIC_KEYS) expect(calibrated.has(key) !== key in UNCALIBRATED_METRICS, key).toBe(true);
  });

  it('demo generator: every counting column is drawn (a Poisson column or an own rule) unless listed as not generated', () => {
    const ownRule = ['goals', 'assists', 'passes_completed', 'crosses_completed', 'goals_conceded', 'clean_sheets'];
    const drawn = new Set<string>([...Object.values(COLUMN), ...ownRule]);
    for (const c of COUNTING_COLUMNS) expect(drawn.has(c) !== c in COLUMNS_NOT_GENERATED, c).toBe(true);
  });

  it('metrics: every counting column is read by some metric unless listed in COLUMNS_WITHOUT_METRIC', () => {
    const read = new Set<string>(
      Object.values(METRICS).flatMap((d) =>
        d.kind === 'per90' ? [d.total] : d.kind === 'pct' ? [d.completed, d.attempted] : [],
      ),
    );
    for (const c of COUNTING_COLUMNS) expect(read.has(c) !== c in COLUMNS_WITHOUT_METRIC, c).toBe(true);
  });
});

describe('event providers say how they fill every counting column', () => {
  const providers: Array<[string, Record<CountingColumn, ProviderColumn>, Readonly<Record<string, string>>]> = [
    ['StatsBomb', STATSBOMB_COLUMNS, STATSBOMB_COVERAGE],
    ['Wyscout', WYSCOUT_COLUMNS, WYSCOUT_COVERAGE],
  ];
  for (const [name, columns, coverage] of providers) {
    it(`${name}: one entry per counting column, and each column it does not provide has a coverage note`, () => {
      expect(keysOf(columns)).toEqual([...COUNTING_COLUMNS].sort());
      for (const c of COUNTING_COLUMNS) {
        const how = columns[c];
        if ('notProvided' in how) expect(coverage[`player_seasons.${c}`], c).toBeTypeOf('string');
        else expect(how.counted.length, c).toBeGreaterThan(0);
      }
    });
  }

  it('a column marked not provided is written as null with a coverage note, never as a zero', () => {
    const columns = { ...STATSBOMB_COLUMNS, punches: { notProvided: 'no punch event' } };
    const totals = { ...emptyTotals(), goals: 3 };
    const row = providedTotalsOf(totals, columns);
    expect(row.punches).toBeNull();
    expect(row.goals).toBe(3);
    expect(row.saves).toBe(0);
    expect(notProvidedCoverageOf(columns, 'X')).toEqual({
      'player_seasons.punches': 'not in X: null (no punch event)',
    });
    expect(notProvidedCoverageOf(STATSBOMB_COLUMNS, 'X')).toEqual({});
  });
});

/**
 * The tables keyed by the metric list (docs/contributing.md, "A new stat column"): tsc makes each
 * one decide every metric or counting column; these tests check that each decision is also true at
 * run time (a metric said to be unrated weighs nothing, a column said to be not provided is null).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CALIBRATED_METRICS,
  COLUMN,
  COLUMNS_NOT_GENERATED,
  UNCALIBRATED_METRICS,
} from '../../src/demo/calibration-targets.js';
import {
  emptyTotals,
  notProvidedCoverageOf,
  providedTotalsOf,
  type ProviderColumn,
} from '../../src/providers/counting-totals.js';
import { datasetFromStatsBomb, STATSBOMB_COVERAGE } from '../../src/providers/statsbomb/dataset.js';
import { STATSBOMB_COLUMNS } from '../../src/providers/statsbomb/mapping.js';
import { WYSCOUT_COVERAGE } from '../../src/providers/wyscout/coverage.js';
import { wyscoutIngest } from '../../src/providers/wyscout/dataset.js';
import { WYSCOUT_COLUMNS } from '../../src/providers/wyscout/mapping.js';
import { metricaCoverageOf } from '../../src/providers/metrica/dataset.js';
import { metricaColumnsOf } from '../../src/providers/metrica/mapping.js';
import { datasetFromOptaMatches, feedCoverageOf, OPTA_SOURCES } from '../../src/providers/opta/dataset.js';
import { OPTA_COLUMNS } from '../../src/providers/opta/mapping.js';
import { xmlDocumentOf } from '../../src/providers/xml.js';
import { SPORTEC_COLUMNS, SPORTEC_SOURCE } from '../../src/providers/sportec/mapping.js';
import { sportecMatchOf } from '../../src/providers/sportec/read.js';
import { DATAFACTORY_COLUMNS, DATAFACTORY_SOURCE } from '../../src/providers/datafactory/mapping.js';
import { dataFactoryDocumentOf, dataFactoryMatchOf } from '../../src/providers/datafactory/read.js';
import { PARTIAL_MATCH_UNSUPPORTED } from '../../src/providers/event-feed-dataset.js';
import { PADJ_COLUMNS } from '../../src/providers/event-values.js';
import {
  COUNTING_COLUMNS,
  POSITION_GROUPS,
  rowsOf,
  type CountingColumn,
  type Dataset,
} from '../../src/model/schema.js';
import { NOT_STYLE_FEATURES, STYLE_FEATURES } from '../../src/dna/features.js';
import { ROLE_RULES, TRAIT_RULES, UNTAGGED_METRICS } from '../../src/dna/tag-rules.js';
import {
  COLUMNS_WITHOUT_METRIC,
  GROUP_METRICS,
  METRIC_KEYS,
  METRICS,
  METRICS_IN_NO_GROUP,
} from '../../src/stats/metrics.js';
import { RATING_STAND_INS, RATING_WEIGHTS, UNRATED_METRICS } from '../../src/stats/rating.js';
import { ROLES } from '../../src/stats/roles.js';
import { writeHandmadeWyscout } from '../providers/wyscout/handmade.js';
import { DOC as DATAFACTORY_DOC } from '../providers/datafactory/handmade.js';
import { KICK_OFF as SPORTEC_KICK_OFF, META as SPORTEC_META } from '../providers/sportec/handmade.js';

const keysOf = (o: object): string[] => Object.keys(o).sort();

describe('every metric is decided once in each table', () => {
  it('group lists: a metric is in some group or in METRICS_IN_NO_GROUP, never both', () => {
    const grouped = new Set(POSITION_GROUPS.flatMap((g) => GROUP_METRICS[g]));
    for (const key of METRIC_KEYS) expect(grouped.has(key) !== key in METRICS_IN_NO_GROUP, key).toBe(true);
  });

  it('rating: an unrated metric weighs nothing in any role and stands in for nothing, every other one does one of those', () => {
    const weighted = new Set<string>(ROLES.flatMap((r) => Object.keys(RATING_WEIGHTS[r])));
    for (const k of Object.values(RATING_STAND_INS)) weighted.add(k);
    for (const key of METRIC_KEYS) expect(weighted.has(key) !== key in UNRATED_METRICS, key).toBe(true);
  });

  it('DNA: a metric is a style feature of some group or in NOT_STYLE_FEATURES, never both', () => {
    const features = new Set(POSITION_GROUPS.flatMap((g) => STYLE_FEATURES[g].map((f) => f.metric)));
    for (const key of METRIC_KEYS) expect(features.has(key) !== key in NOT_STYLE_FEATURES, key).toBe(true);
  });

  it('style tags: a metric is read by some rule or in UNTAGGED_METRICS, never both', () => {
    const rules = [...ROLES.flatMap((r) => ROLE_RULES[r]), ...TRAIT_RULES];
    const read = new Set<string>(rules.flatMap((r) => r.conditions.flatMap((c) => [c.metric, c.standIn ?? c.metric])));
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
    ['Metrica CSV', metricaColumnsOf(false), metricaCoverageOf(false, true)],
    ['Metrica JSON', metricaColumnsOf(true), metricaCoverageOf(true, false)],
    ['Stats Perform MA1/MA3', OPTA_COLUMNS, feedCoverageOf(OPTA_SOURCES.statsperform!)],
    ['Opta F7/F24', OPTA_COLUMNS, feedCoverageOf(OPTA_SOURCES.opta!)],
    ['Sportec', SPORTEC_COLUMNS, feedCoverageOf(SPORTEC_SOURCE)],
    ['DataFactory', DATAFACTORY_COLUMNS, feedCoverageOf(DATAFACTORY_SOURCE)],
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

  it('a PAdj column is provided exactly when its raw column is (it scales that column)', () => {
    for (const [name, columns] of providers)
      for (const [raw, padj] of PADJ_COLUMNS)
        expect('counted' in columns[padj], `${name}: ${padj} follows ${raw}`).toBe('counted' in columns[raw]);
  });

  it('a column marked not provided is written as null with a coverage note, never as a zero', () => {
    const allCounted = Object.fromEntries(COUNTING_COLUMNS.map((c) => [c, { counted: 'events' }])) as Record<
      CountingColumn,
      ProviderColumn
    >;
    const columns = { ...allCounted, punches: { notProvided: 'no punch event' } };
    const totals = { ...emptyTotals(), goals: 3 };
    const row = providedTotalsOf(totals, columns);
    expect(row.punches).toBeNull();
    expect(row.goals).toBe(3);
    expect(row.saves).toBe(0);
    expect(notProvidedCoverageOf(columns, 'X')).toEqual({
      'player_seasons.punches': 'not in X: null (no punch event)',
    });
    expect(notProvidedCoverageOf(allCounted, 'X')).toEqual({});
  });

  // The hand-made fixtures of the providers, ingested: what the mapping says is what the dataset holds.
  // The Sportec and DataFactory fixtures are a few events, partial matches: the columns a partial
  // match cannot support (PARTIAL_MATCH_UNSUPPORTED) are null there too, with a coverage note.
  const tmp = mkdtempSync(join(tmpdir(), 'halfspace-decisions-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));
  const ingested: Array<[string, () => Dataset, Record<CountingColumn, ProviderColumn>, boolean?]> = [
    [
      'StatsBomb',
      () =>
        datasetFromStatsBomb(fileURLToPath(new URL('../files/statsbomb/', import.meta.url)), {
          competitionId: 9,
          seasonId: 99,
        }),
      STATSBOMB_COLUMNS,
    ],
    [
      'Wyscout',
      () => wyscoutIngest(writeHandmadeWyscout(join(tmp, 'public')), { competition: 'Testland' }).dataset,
      WYSCOUT_COLUMNS,
    ],
    [
      'Sportec',
      () =>
        datasetFromOptaMatches(
          [
            sportecMatchOf(
              xmlDocumentOf(SPORTEC_META, 'meta.xml'),
              xmlDocumentOf(`<PutDataRequest>${SPORTEC_KICK_OFF}</PutDataRequest>`, 'events.xml'),
              ['meta.xml', 'events.xml'],
            ),
          ],
          SPORTEC_SOURCE,
        ).dataset,
      SPORTEC_COLUMNS,
      true,
    ],
    [
      'DataFactory',
      () =>
        datasetFromOptaMatches(
          [dataFactoryMatchOf(dataFactoryDocumentOf(JSON.stringify(DATAFACTORY_DOC), 'hand.json'), 'hand.json')],
          DATAFACTORY_SOURCE,
        ).dataset,
      DATAFACTORY_COLUMNS,
      true,
    ],
  ];
  for (const [name, load, columns, partial] of ingested) {
    it(`${name} ingest: columns not provided are null everywhere with a coverage note; counted ones are numbers`, () => {
      const dataset = load();
      const rows = rowsOf(dataset.tables.player_seasons, 'player_seasons');
      expect(rows.length).toBeGreaterThan(0);
      for (const c of COUNTING_COLUMNS) {
        if ('notProvided' in columns[c] || (partial && PARTIAL_MATCH_UNSUPPORTED.includes(c))) {
          expect(
            rows.every((r) => r[c] === null),
            `${c} is not provided, so it must be null`,
          ).toBe(true);
          expect(dataset.meta.coverage?.[`player_seasons.${c}`], c).toBeTypeOf('string');
        } else
          expect(
            rows.every((r) => typeof r[c] === 'number'),
            `${c} is counted`,
          ).toBe(true);
      }
    });
  }
});

describe('the docs name every stat', () => {
  const read = (rel: string): string => readFileSync(fileURLToPath(new URL(`../../${rel}`, import.meta.url)), 'utf8');
  const named = (text: string, word: string): boolean => new RegExp(`\\b${word}\\b`).test(text);
  const columnDocs = [
    'docs/methodology/stats.md',
    'docs/methodology/statsbomb.md',
    'docs/methodology/wyscout.md',
    'docs/methodology/vocabulary.md',
    'docs/csv.md',
    'docs/scoring.md',
  ];
  for (const doc of columnDocs) {
    it(`${doc} names every counting column`, () => {
      const text = read(doc);
      expect(COUNTING_COLUMNS.filter((c) => !named(text, c))).toEqual([]);
    });
  }
  it('docs/methodology/demo-data.md names every metric key (its calibration table)', () => {
    const text = read('docs/methodology/demo-data.md');
    expect(METRIC_KEYS.filter((k) => !named(text, k))).toEqual([]);
  });
});

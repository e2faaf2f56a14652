/**
 * Provider metrics from an export (docs/scoring.md#provider-metrics): carried as float64 columns,
 * ranked per 90 by derive, reported in the scouting report marked `provider: true`, kept through
 * an Arrow dataset folder, and never allowed to collide with our columns.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatasetError } from '../../src/model/dataset-error.js';
import { datasetFromDir } from '../../src/io/load.js';
import { withProviderMetrics } from '../../src/model/provider-metrics.js';
import { datasetFromExport } from '../../src/providers/csv/export-dataset.js';
import { datasetToDir } from '../../src/io/save.js';
import { DNA_DIMS } from '../../src/dna/features.js';
import { Engine } from '../../src/engine.js';
import { ScoutingResponse } from '../../src/reports/scouting.js';
import { deriveSeasons } from '../../src/stats/derive.js';
import { fbrefStandard } from '../providers/csv/export-samples.js';

const tmp = mkdtempSync(join(tmpdir(), 'halfspace-provider-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const { dataset } = datasetFromExport([{ file: 'standard.csv', text: fbrefStandard() }], {
  asOf: '2025-06-01',
  map: 'fbref',
});

describe('provider metrics', () => {
  it('adds float64 columns declared in dataset.json', () => {
    // xG, npxG, xAG and progressive passes/carries are our own columns now (docs/methodology/event-values.md#csv-presets).
    expect(dataset.meta.provider_metrics?.map((m) => m.key)).toEqual(['progressive_passes_received']);
    const field = dataset.tables.player_seasons.schema.fields.find((f) => f.name === 'xg')!;
    expect(String(field.type)).toBe('Float64');
  });

  it('derives per 90 and cohort percentiles with our rule (FBref xG is our xg column)', () => {
    const d = deriveSeasons(dataset);
    // Rows in file order: Ana 9.0 xG / 1800 min → 0.45; Carl 18.0 / 2700 → 0.6; Bo 0.9 / 900 → 0.09; Dan 0 / 3060 → 0.
    expect([...d.values.xg_per90]).toEqual([0.45, 0.6, 0.09, 0]);
    // Attackers {0.45, 0.6}: 25 and 75; Bo and Dan are alone in their cohorts: 50.
    expect([...d.percentiles.xg_per90]).toEqual([25, 75, 50, 50]);
  });

  it("puts them in the scouting report's per90_stats and percentiles, marked provider, and the response still validates", () => {
    const engine = Engine.open({ dataset });
    const r = engine.scouting({ name: 'Ana Alves' });
    if (!r.ok) throw new Error(r.error.message);
    const data = r.value.data;
    expect(data.per90_stats.xg_per90).toBe(0.45);
    expect(data.per90_stats.goals_per90).toBe(0.5);
    expect(data.percentiles.xg_per90).toMatchObject({ value: 0.45, percentile: 25 });
    expect(data.percentiles.xg_per90.provider).toBeUndefined();
    expect(data.percentiles.goals_per90.provider).toBeUndefined();
    expect(data.stats[0].totals.xg).toBe(9);
    expect(ScoutingResponse.safeParse(r.value).success).toBe(true);
    // DNA vectors keep their documented features: the same length with or without provider metrics.
    expect(engine.dna.dims).toBe(DNA_DIMS);
  });

  it('survives an Arrow dataset folder round trip', () => {
    datasetToDir(dataset, join(tmp, 'ds'));
    const back = datasetFromDir(join(tmp, 'ds'));
    expect(back.meta.provider_metrics).toEqual(dataset.meta.provider_metrics);
    expect(back.tables.player_seasons.getChild('xg')?.toArray()).toEqual(
      dataset.tables.player_seasons.getChild('xg')?.toArray(),
    );
  });

  it('refuses keys that collide with our columns and undeclared extra columns', () => {
    expect(() => withProviderMetrics(dataset, [{ spec: { key: 'goals' }, totals: new Float64Array(4) }])).toThrow(
      DatasetError,
    );
    expect(() => withProviderMetrics(dataset, [{ spec: { key: 'xg' }, totals: new Float64Array(4) }])).toThrow(
      /our own columns/,
    );
    expect(() =>
      withProviderMetrics(dataset, [{ spec: { key: 'progressive_passes_received' }, totals: new Float64Array(4) }]),
    ).toThrow(/declared twice/);
    const undeclared = { ...dataset, meta: { ...dataset.meta, provider_metrics: [] } };
    expect(() => Engine.open({ dataset: undeclared })).toThrow(/unknown column/);
    // A hand-edited dataset.json is checked too: a key that would shadow a derived column, or one declared twice.
    const shadowing = {
      ...dataset,
      meta: { ...dataset.meta, provider_metrics: [...dataset.meta.provider_metrics!, { key: 'team' }] },
    };
    expect(() => Engine.open({ dataset: shadowing })).toThrow(
      'dataset.json, column provider_metrics: provider metric "team" is a column halfspace derives',
    );
    const twice = {
      ...dataset,
      meta: {
        ...dataset.meta,
        provider_metrics: [...dataset.meta.provider_metrics!, { key: 'progressive_passes_received' }],
      },
    };
    expect(() => Engine.open({ dataset: twice })).toThrow(/declared twice/);
  });
});

describe('provider metric keys', () => {
  it('can never shadow a score-table column or one of our metric keys', async () => {
    const { SCORE_COLUMNS } = await import('../../src/scoring/score-table.js');
    const { METRIC_KEYS } = await import('../../src/stats/metrics.js');
    const { providerMetricKeyProblem } = await import('../../src/model/provider-metrics.js');
    // A key k adds columns k, k_per90 and k_per90_percentile: none may already exist.
    for (const c of SCORE_COLUMNS) expect(providerMetricKeyProblem(c), c).not.toBeNull();
    for (const k of METRIC_KEYS) expect(providerMetricKeyProblem(k.replace(/_per90$/, '')), k).not.toBeNull();
    expect(providerMetricKeyProblem('xg')).not.toBeNull();
    expect(providerMetricKeyProblem('xg_chain')).toBeNull();
  });
});

/**
 * Provider (custom) metrics: numeric season totals beyond our 23 counting columns — xG, xA,
 * progressive passes — carried as extra float64 `player_seasons` columns and declared in
 * `dataset.json` `provider_metrics` (docs/scoring.md#provider-metrics). Derivation ranks them per
 * 90 like our own metrics; DNA vectors keep their documented features.
 */
import { Table, type Vector } from 'apache-arrow';
import { float64VectorOf, ownTable } from './arrow.js';
import { DatasetError } from './dataset-error.js';
import { providerMetricKeyProblem } from './provider-metric-key.js';
import type { Dataset, ProviderMetricSpec } from './schema.js';
import { validateDataset } from './validate.js';

export { providerMetricKeyProblem };

/** One provider metric with its season total per `player_seasons` row (NaN = no value). */
export interface ProviderMetricColumn {
  spec: ProviderMetricSpec;
  totals: Float64Array;
}

/**
 * The dataset with provider metric columns appended to `player_seasons` (Arrow float64, NaN →
 * null) and declared in `meta.provider_metrics`, validated again. `totals` must have one value per
 * `player_seasons` row, in table order. Throws {@link DatasetError} for a bad key, a key given
 * twice or a wrong length.
 * @example withProviderMetrics(ds, [{ spec: { key: 'xg', label: 'xG' }, totals: Float64Array.of(3.7) }]).meta.provider_metrics // => [{ key: 'xg', label: 'xG' }]
 */
export function withProviderMetrics(dataset: Dataset, metrics: readonly ProviderMetricColumn[]): Dataset {
  if (metrics.length === 0) return dataset;
  const ps = ownTable(dataset.tables.player_seasons);
  const columns: Record<string, Vector> = {};
  for (const f of ps.schema.fields) columns[f.name] = ps.getChild(f.name)!;
  const declared = [...(dataset.meta.provider_metrics ?? [])];
  for (const { spec, totals } of metrics) {
    const problem = providerMetricKeyProblem(spec.key);
    if (problem) throw new DatasetError('dataset.json', 'provider_metrics', null, problem);
    if (declared.some((d) => d.key === spec.key))
      throw new DatasetError(
        'dataset.json',
        'provider_metrics',
        null,
        `provider metric "${spec.key}" is declared twice`,
      );
    if (totals.length !== ps.numRows)
      throw new DatasetError('player_seasons.arrow', spec.key, null, `${totals.length} values for ${ps.numRows} rows`);
    columns[spec.key] = float64VectorOf(totals);
    declared.push(spec);
  }
  const out: Dataset = {
    meta: { ...dataset.meta, provider_metrics: declared },
    tables: { ...dataset.tables, player_seasons: new Table(columns) },
  };
  validateDataset(out);
  return out;
}

/**
 * The provider metrics a dataset declares, in declaration order (empty when none).
 * @example providerMetricsOf(dataset).map((m) => m.key) // => ['xg', 'npxg']
 */
export function providerMetricsOf(dataset: Dataset): readonly ProviderMetricSpec[] {
  return dataset.meta.provider_metrics ?? [];
}

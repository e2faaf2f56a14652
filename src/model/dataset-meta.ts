/**
 * `dataset.json` (docs/design.md#data-model): what a dataset is, when it was taken, whom to credit, and the
 * provider metrics it carries; plus the attribution and entity `meta` members responses build from it.
 */
import * as z from 'zod';

/**
 * A provider (custom) metric declared by a column map (docs/scoring.md#provider-metrics): a
 * float64 season total column `key` in `player_seasons`, ranked per 90 like our own metrics.
 */
export const ProviderMetricSpec = z.strictObject({
  /** Column name in `player_seasons`: snake_case, not a schema column. */
  key: z.string().regex(/^[a-z][a-z0-9_]*$/),
  /** Display label, e.g. "xG"; default the key. */
  label: z.string().min(1).optional(),
  /** True when a smaller value ranks higher (percentile inverted); default false. */
  lower_is_better: z.boolean().optional(),
});
export type ProviderMetricSpec = z.infer<typeof ProviderMetricSpec>;

/**
 * One dataset a merged dataset was made of (docs/merging.md): its own name, source, credit and id
 * space, the id offset `--namespace` gave its ids, and the leagues and seasons it brought. A row's
 * provenance is the source whose `league_ids` hold the row's league (a player's: his seasons').
 */
export const DatasetSource = z.object({
  name: z.string().min(1),
  source: z.string().min(1),
  attribution: z.string().optional(),
  licence: z.string().optional(),
  /** Whose ids these are: rows of two sources with one id space and one id are one entity. */
  id_space: z.string().min(1),
  /** Added to every id of this source (0 unless merged under `--namespace`). */
  id_offset: z.number().int().nonnegative(),
  league_ids: z.array(z.number().int()),
  season_ids: z.array(z.number().int()),
});
export type DatasetSource = z.infer<typeof DatasetSource>;

/** `dataset.json`: what the dataset is, when it was taken and whom to credit. */
export const DatasetMeta = z.object({
  name: z.string().min(1),
  /** Date the dataset describes ("today" for upcoming/recent fixtures), `YYYY-MM-DD`. */
  as_of: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  source: z.string().min(1),
  synthetic: z.boolean(),
  licence: z.string().optional(),
  /** Line integrators must show where the source requires credit. */
  attribution: z.string().optional(),
  description: z.string().optional(),
  generator: z.object({ name: z.string(), version: z.string(), seed: z.number().int() }).optional(),
  /** Column → note, for columns a provider cannot derive (left null, never invented). */
  coverage: z.record(z.string(), z.string()).optional(),
  /** Provider metrics carried as extra float64 `player_seasons` columns (docs/scoring.md#provider-metrics). */
  provider_metrics: z.array(ProviderMetricSpec).optional(),
  /** The datasets a merged dataset was made of, in merge order (docs/merging.md). */
  sources: z.array(DatasetSource).optional(),
});
export type DatasetMeta = z.infer<typeof DatasetMeta>;

/**
 * The attribution member every response built from a dataset carries (docs/design.md#the-api-contract: integrators credit
 * the source where required); empty when the dataset has no attribution line.
 * @example attributionOf({ ...meta, attribution: 'Data: StatsBomb' }) // => { attribution: 'Data: StatsBomb' }
 */
export function attributionOf(meta: DatasetMeta): { attribution?: string } {
  return meta.attribution ? { attribution: meta.attribution } : {};
}

/**
 * `meta` of a response about one resolved player: which entity, how it matched, as of when, from
 * which dataset, and its attribution line.
 */
export function entityMetaOf<R>(
  ctx: { dataset: { meta: DatasetMeta }; asOf: string },
  entityId: number,
  resolution: R,
) {
  return {
    entity_id: entityId,
    resolution,
    as_of: ctx.asOf,
    dataset: ctx.dataset.meta.name,
    ...attributionOf(ctx.dataset.meta),
  };
}

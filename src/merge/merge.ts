/**
 * Several datasets made one (docs/merging.md), each input's provenance in `meta.sources`. Inputs
 * that share an id space (one provider) share their entities; ids shared across id spaces are a
 * collision, refused or, with `namespace`, moved apart. Pure: datasets in, validated dataset out.
 */
import type { Table } from 'apache-arrow';
import { DatasetError } from '../model/dataset-error.js';
import type { DatasetSource } from '../model/dataset-meta.js';
import { withProviderMetrics } from '../model/provider-metrics.js';
import {
  type Dataset,
  type DatasetMeta,
  type ProviderMetricSpec,
  recordsOf,
  SCHEMA,
  type TableName,
  type TableSpec,
  tableFromRows,
} from '../model/schema.js';
import { validateDataset } from '../model/validate.js';

/** One input of {@link mergeDatasets}: the dataset and the label errors name it by (its folder). */
export interface MergeInput {
  label: string;
  dataset: Dataset;
}

/** Options of {@link mergeDatasets}. */
export interface MergeOptions {
  /** Move each id space's ids by `k × NAMESPACE_STRIDE` (k = 0, 1, … in order of first appearance) instead of refusing a collision. */
  namespace?: boolean;
  /** Name of the merged dataset; default the inputs' names joined with " + ". */
  name?: string;
}

/** The id offset between two id spaces under `namespace`: ids must stay below it. */
export const NAMESPACE_STRIDE = 100_000_000;

/** Id columns of a table: its key and its foreign keys (all ids of one input shift together). */
function idColumnsOf(name: TableName): string[] {
  const spec: TableSpec = SCHEMA[name];
  return [...(spec.key ? [spec.key] : []), ...spec.foreignKeys.map((fk) => fk.column)];
}
/** What makes two rows of a table the same row. */
const ROW_KEY: { [T in TableName]: readonly string[] } = {
  leagues: ['league_id'],
  seasons: ['season_id'],
  teams: ['team_id'],
  rivalries: ['team_a', 'team_b'],
  players: ['player_id'],
  player_seasons: ['player_id', 'season_id', 'team_id'],
  player_zones: ['player_id', 'season_id', 'team_id'],
  fixtures: ['fixture_id'],
  appearances: ['fixture_id', 'player_id'],
  // A shot has no id: every column that tells two shots of one match apart.
  shots: ['fixture_id', 'player_id', 'team_id', 'minute', 'x', 'y', 'body_part', 'situation', 'outcome'],
};
/** Tables whose ids name entities (a shared id across id spaces is a collision). */
const ENTITY_TABLES = ['leagues', 'seasons', 'teams', 'players', 'fixtures'] as const;

type AnyRow = Record<string, unknown>;

/** The sources a dataset stands for: its own `sources` when it is a merge, else itself. */
function sourcesOf(dataset: Dataset): DatasetSource[] {
  const meta = dataset.meta;
  if (meta.sources && meta.sources.length > 0) return meta.sources;
  const column = (table: 'leagues' | 'seasons', col: string): number[] =>
    recordsOf(dataset.tables[table]).map((r) => Number(r[col]));
  return [
    {
      name: meta.name,
      source: meta.source,
      ...(meta.attribution ? { attribution: meta.attribution } : {}),
      ...(meta.licence ? { licence: meta.licence } : {}),
      id_space: idSpaceOf(meta),
      id_offset: 0,
      league_ids: column('leagues', 'league_id'),
      season_ids: column('seasons', 'season_id'),
    },
  ];
}

/**
 * Whose ids a dataset's rows carry: its attribution line (one per provider, e.g. Wyscout's), else its
 * source. Two datasets with one id space name one player by one id.
 * @example idSpaceOf({ attribution: 'Data: StatsBomb', source: 'x' }) // => 'Data: StatsBomb'
 */
export function idSpaceOf(meta: Pick<DatasetMeta, 'attribution' | 'source'>): string {
  return meta.attribution?.trim() || meta.source;
}

/** The one id space of an input, or null when it is itself a merge of several. */
function singleIdSpaceOf(input: MergeInput): string | null {
  const spaces = new Set(sourcesOf(input.dataset).map((s) => s.id_space));
  return spaces.size === 1 ? [...spaces][0] : null;
}

/** Rows of table `name` of an input (none when it lacks the table), ids shifted by the input's offset. */
function shiftedTableRows(input: MergeInput, offset: number, name: TableName): AnyRow[] | undefined {
  const table = input.dataset.tables[name];
  if (!table) return undefined;
  const rows: AnyRow[] = recordsOf(table);
  if (offset === 0) return rows;
  const columns = idColumnsOf(name);
  for (const row of rows)
    for (const col of columns) {
      const v = row[col];
      if (typeof v !== 'number') continue;
      if (v < 0 || v >= NAMESPACE_STRIDE)
        throw new DatasetError(
          input.label,
          `${name}.${col}`,
          null,
          `id ${v} is outside 0…${NAMESPACE_STRIDE - 1}, so --namespace cannot move it`,
        );
      row[col] = v + offset;
    }
  return rows;
}

/** The offset of each input: 0 without `namespace`, else k × stride for the k-th id space met. */
function offsetsOf(inputs: readonly MergeInput[], namespace: boolean): number[] {
  if (!namespace) return inputs.map(() => 0);
  const order: string[] = [];
  return inputs.map((input) => {
    const space = singleIdSpaceOf(input) ?? `${input.label} (merged)`;
    if (!order.includes(space)) order.push(space);
    return order.indexOf(space) * NAMESPACE_STRIDE;
  });
}

/** Throws naming the colliding ids when two inputs of different id spaces use one id. */
function assertNoCollisions(inputs: readonly MergeInput[], rows: { [T in TableName]?: AnyRow[] }[]): void {
  const spaces = inputs.map(singleIdSpaceOf);
  const problems: string[] = [];
  for (const table of ENTITY_TABLES) {
    const owner = new Map<number, number>();
    const colliding = new Set<number>();
    const pairs = new Set<string>();
    rows.forEach((r, i) => {
      for (const row of r[table] ?? []) {
        const id = Number(row[ROW_KEY[table][0]]);
        const j = owner.get(id);
        if (j === undefined) owner.set(id, i);
        else if (j !== i && (spaces[i] === null || spaces[i] !== spaces[j])) {
          colliding.add(id);
          pairs.add(`${inputs[j].label} / ${inputs[i].label}`);
        }
      }
    });
    if (colliding.size > 0) {
      const ids = [...colliding].sort((a, b) => a - b);
      problems.push(
        `${table} ids ${ids.slice(0, 10).join(', ')}${ids.length > 10 ? ` and ${ids.length - 10} more` : ''} (${[...pairs].join(', ')})`,
      );
    }
  }
  if (problems.length > 0)
    throw new DatasetError(
      '(merge)',
      null,
      null,
      `ids collide across providers: ${problems.join('; ')}; merge with --namespace to keep them apart (docs/merging.md)`,
    );
}

const keyOf = (table: TableName, row: AnyRow): string => ROW_KEY[table].map((c) => String(row[c])).join(':');
const sameRow = (a: AnyRow, b: AnyRow): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Teams: one row per id, each column from the first input that fills it. */
function mergedTeams(lists: AnyRow[][]): AnyRow[] {
  const byId = new Map<string, AnyRow>();
  for (const list of lists)
    for (const row of list) {
      const key = keyOf('teams', row);
      const seen = byId.get(key);
      if (!seen) byId.set(key, { ...row });
      else for (const [col, v] of Object.entries(row)) if (seen[col] === null && v !== null) seen[col] = v;
    }
  return [...byId.values()];
}

/**
 * Players: one row per id. The row kept is the one whose team plays in a club competition (not an
 * international one), the last such input winning; its empty columns are filled from the others.
 */
function mergedPlayers(lists: AnyRow[][], kindOfTeam: (teamId: unknown) => string | null): AnyRow[] {
  const byId = new Map<string, AnyRow[]>();
  for (const list of lists)
    for (const row of list) {
      const key = keyOf('players', row);
      byId.set(key, [...(byId.get(key) ?? []), row]);
    }
  return [...byId.values()].map((rows) => {
    const clubRows = rows.filter((r) => kindOfTeam(r.team_id) !== 'international');
    const chosen = { ...(clubRows.length > 0 ? clubRows[clubRows.length - 1] : rows[rows.length - 1]) };
    for (const other of rows)
      for (const [col, v] of Object.entries(other)) if (chosen[col] === null && v !== null) chosen[col] = v;
    return chosen;
  });
}

/** Rows of a table with no column to reconcile: equal duplicates kept once, different ones refused. */
function mergedExact(table: TableName, lists: AnyRow[][], labels: readonly string[]): AnyRow[] {
  const byKey = new Map<string, { row: AnyRow; from: number }>();
  lists.forEach((list, i) => {
    for (const row of list) {
      const key = keyOf(table, row);
      const seen = byKey.get(key);
      if (!seen) byKey.set(key, { row, from: i });
      else if (!sameRow(seen.row, row))
        throw new DatasetError(
          '(merge)',
          table,
          null,
          `${ROW_KEY[table].join(' + ')} ${key} is in ${labels[seen.from]} and ${labels[i]} with different values; merge each season once`,
        );
    }
  });
  return [...byKey.values()].map((v) => v.row);
}

/** Unique non-empty values in first-seen order. */
const uniqueOf = (values: readonly (string | undefined)[]): string[] => [
  ...new Set(values.filter((v): v is string => !!v && v.trim() !== '')),
];

/** Coverage notes of every input: a note the inputs word differently keeps each wording, labelled. */
function mergedCoverage(inputs: readonly MergeInput[]): Record<string, string> | undefined {
  const notes = new Map<string, { label: string; text: string }[]>();
  for (const input of inputs)
    for (const [key, text] of Object.entries(input.dataset.meta.coverage ?? {}))
      notes.set(key, [...(notes.get(key) ?? []), { label: input.dataset.meta.name, text }]);
  if (notes.size === 0) return undefined;
  const coverage: Record<string, string> = {};
  for (const [key, list] of notes) {
    const texts = uniqueOf(list.map((n) => n.text));
    coverage[key] = texts.length === 1 ? texts[0] : list.map((n) => `${n.label}: ${n.text}`).join(' | ');
  }
  return coverage;
}

/** The merged `dataset.json`: latest as_of, sources in order, attribution lines and licences combined. */
function mergedMeta(inputs: readonly MergeInput[], offsets: readonly number[], options: MergeOptions): DatasetMeta {
  const metas = inputs.map((i) => i.dataset.meta);
  const sources = inputs.flatMap((input, i) =>
    sourcesOf(input.dataset).map((s) => ({
      ...s,
      id_offset: s.id_offset + offsets[i],
      league_ids: s.league_ids.map((id) => id + offsets[i]),
      season_ids: s.season_ids.map((id) => id + offsets[i]),
    })),
  );
  const attribution = uniqueOf(sources.map((s) => s.attribution)).join('; ');
  const licence = uniqueOf(sources.map((s) => s.licence)).join('; ');
  const coverage = mergedCoverage(inputs);
  return {
    name: options.name?.trim() || uniqueOf(metas.map((m) => m.name)).join(' + '),
    as_of: metas.map((m) => m.as_of).sort()[metas.length - 1],
    source: `Merged by halfspace from ${sources.length} sources: ${sources.map((s) => s.source).join(' | ')}`,
    synthetic: metas.some((m) => m.synthetic),
    ...(licence ? { licence } : {}),
    ...(attribution ? { attribution } : {}),
    description: `${sources.length} datasets merged (docs/merging.md); a row's provenance is the source in \`sources\` whose league_ids hold its league.`,
    ...(coverage ? { coverage } : {}),
    sources,
  };
}

/**
 * The provider metrics of every input, each key once (the first input's label wins: one key is one
 * meaning, whatever the source; docs/scoring.md#provider-metrics).
 */
function mergedProviderMetrics(inputs: readonly MergeInput[]): ProviderMetricSpec[] {
  const byKey = new Map<string, ProviderMetricSpec>();
  for (const input of inputs)
    for (const spec of input.dataset.meta.provider_metrics ?? []) if (!byKey.has(spec.key)) byKey.set(spec.key, spec);
  return [...byKey.values()];
}

/**
 * A table whose rows are kept once or refused, never reconciled ({@link mergedExact}), with its
 * rows; undefined when no input has it.
 */
function mergedExactTable(
  name: TableName,
  inputs: readonly MergeInput[],
  offsets: readonly number[],
  labels: readonly string[],
): { table: Table; rows: AnyRow[] } | undefined {
  if (inputs.every((input) => input.dataset.tables[name] === undefined)) return undefined;
  const lists = inputs.map((input, i) => shiftedTableRows(input, offsets[i], name) ?? []);
  const rows = mergedExact(name, lists, labels);
  return { table: tableFromRows(name, rows), rows };
}

/**
 * Merges datasets into one (docs/merging.md). Throws {@link DatasetError} when ids collide across
 * providers (naming them; `namespace` moves them apart instead), when one key holds different rows
 * of the same provider (a season given twice with different numbers), or when the result fails
 * validation. Provider metrics are kept: a row of an input without one of them has no value (null).
 * @example mergeDatasets([{ label: 'pl', dataset: pl }, { label: 'wc', dataset: wc }]).meta.sources?.length // => 2
 */
export function mergeDatasets(inputs: readonly MergeInput[], options: MergeOptions = {}): Dataset {
  if (inputs.length < 2)
    throw new DatasetError('(merge)', null, null, `give at least two datasets (got ${inputs.length})`);
  const offsets = offsetsOf(inputs, options.namespace ?? false);
  // Each input's entity tables, ids shifted by its offset.
  const rows = inputs.map((input, i) =>
    Object.fromEntries(ENTITY_TABLES.map((name) => [name, shiftedTableRows(input, offsets[i], name)])),
  );
  assertNoCollisions(inputs, rows);
  const labels = inputs.map((i) => i.label);
  const lists = (table: TableName): AnyRow[][] => rows.map((r) => r[table] ?? []);
  const leagues = mergedExact('leagues', lists('leagues'), labels);
  const leagueKind = new Map(leagues.map((l) => [l.league_id, String(l.kind)]));
  const teams = mergedTeams(lists('teams'));
  const teamLeague = new Map(teams.map((t) => [t.team_id, t.league_id]));
  const kindOfTeam = (teamId: unknown): string | null => leagueKind.get(teamLeague.get(teamId)) ?? null;
  const exact = (table: TableName) => mergedExactTable(table, inputs, offsets, labels);
  const playerSeasons = exact('player_seasons');
  if (!playerSeasons) throw new DatasetError('(merge)', 'player_seasons', null, 'no input has player_seasons');
  const dataset: Dataset = {
    meta: mergedMeta(inputs, offsets, options),
    tables: {
      leagues: tableFromRows('leagues', leagues),
      seasons: tableFromRows('seasons', mergedExact('seasons', lists('seasons'), labels)),
      teams: tableFromRows('teams', teams),
      rivalries: exact('rivalries')?.table,
      players: tableFromRows('players', mergedPlayers(lists('players'), kindOfTeam)),
      player_seasons: playerSeasons.table,
      fixtures: tableFromRows('fixtures', mergedExact('fixtures', lists('fixtures'), labels)),
      player_zones: exact('player_zones')?.table,
      appearances: exact('appearances')?.table,
      shots: exact('shots')?.table,
    },
  };
  validateDataset(dataset, { source: 'memory' });
  // Provider metric columns are not in the schema, so the merged tables left them out: put them back.
  const metrics = mergedProviderMetrics(inputs).map((spec) => ({
    spec,
    totals: Float64Array.from(playerSeasons.rows, (row) => {
      const v = row[spec.key];
      return typeof v === 'number' ? v : Number.NaN;
    }),
  }));
  return withProviderMetrics(dataset, metrics);
}

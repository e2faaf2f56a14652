/**
 * Dataset validation (docs/design.md#data-model): every table and column present with its Arrow type, no nulls
 * where the schema forbids them, enumerations respected, unique keys, plausible minutes and
 * totals, and every foreign key pointing at a row. Each column is read once as a typed array.
 */
import { Table } from 'apache-arrow';
import { valuesAs } from './arrow.js';
import {
  checkColumn,
  checkNonNegative,
  checkProviderMetric,
  KIND_LABEL,
  typeMatches,
  type ColumnData,
  type FloatBounds,
} from './column-checks.js';
import { DatasetError } from './dataset-error.js';
import { checkForeignKeys, checkUnique, type Checked } from './key-checks.js';
import { providerMetricKeyProblem } from './provider-metric-key.js';
import {
  COUNTING_COLUMNS,
  DatasetMeta,
  SCHEMA,
  TABLE_NAMES,
  type Dataset,
  type TableName,
  type TableSpec,
  tableFileOf,
} from './schema.js';
import { counted } from '../prose.js';

/**
 * Most minutes one appearance can add: 90 plus 30 of extra time, stoppage time not counted
 * (docs/methodology/dataset-validation.md#minutes).
 */
export const MAX_MINUTES_PER_APPEARANCE = 120;

/** Columns that count something and therefore can never be negative (docs/methodology/dataset-validation.md#ranges). */
const NON_NEGATIVE: Partial<Record<TableName, readonly string[]>> = {
  // xT added is a difference of threat: a season of backward passes can add less than nothing.
  player_seasons: ['appearances', 'starts', 'minutes', ...COUNTING_COLUMNS.filter((c) => c !== 'xt')],
  appearances: ['minutes', 'team_possession'],
  fixtures: ['home_goals', 'away_goals', 'home_possession', 'away_possession'],
  shots: ['minute', 'xg'],
};

/** Unique column combinations beyond the primary key (docs/methodology/dataset-validation.md#keys). */
const UNIQUE_TOGETHER: Partial<Record<TableName, readonly (readonly string[])[]>> = {
  player_seasons: [['player_id', 'season_id', 'team_id']],
  appearances: [['fixture_id', 'player_id']],
};

/** `player_seasons.minutes` ≤ 120 × appearances (appearances rows are bounded while their column is read). */
function checkSeasonMinutes(file: string, columns: Map<string, ColumnData>, rows: number): void {
  const minutes = valuesAs(columns.get('minutes')!.values, Float64Array, 'minutes');
  const apps = valuesAs(columns.get('appearances')!.values, Int32Array, 'appearances');
  for (let i = 0; i < rows; i++) {
    if (minutes[i] > MAX_MINUTES_PER_APPEARANCE * apps[i]) {
      throw new DatasetError(
        file,
        'minutes',
        i,
        `${minutes[i]} minutes in ${counted(apps[i], 'appearance')} (at most ${MAX_MINUTES_PER_APPEARANCE} × ${apps[i]} = ${MAX_MINUTES_PER_APPEARANCE * apps[i]})`,
      );
    }
  }
}

/** Options of {@link validateDataset}. */
export interface ValidateOptions {
  /** Where the tables came from, for error messages; default `files` (`players.arrow`), `memory` names the table (`players table`). */
  source?: 'files' | 'memory';
}

/**
 * Checks a dataset and its `meta` against the schema (docs/methodology/dataset-validation.md) and
 * throws {@link DatasetError} on the first problem, naming the Arrow file (`players.arrow`), or with
 * `{ source: 'memory' }` the table (`players table`), the column and the zero-based row.
 * @example validateDataset(tinyDataset()) // => undefined (throws DatasetError on a bad dataset)
 */
export function validateDataset(dataset: Dataset, options: ValidateOptions = {}): void {
  const inMemory = options.source === 'memory';
  const where = (name: TableName): string => (inMemory ? `${name} table` : tableFileOf(name));
  const meta = DatasetMeta.safeParse(dataset.meta);
  if (!meta.success) {
    const issue = meta.error.issues[0];
    throw new DatasetError(
      inMemory ? 'dataset.meta' : 'dataset.json',
      issue.path.join('.') || null,
      null,
      issue.message,
    );
  }
  const checked: Checked = {};
  for (const name of TABLE_NAMES) {
    const spec: TableSpec = SCHEMA[name];
    const file = where(name);
    const table: unknown = dataset.tables[name];
    if (table === undefined || table === null) {
      if (spec.optional) continue;
      throw new DatasetError(file, null, null, `required table "${name}" is missing`);
    }
    // Any copy of apache-arrow: its Table brand is shared (docs/design.md#arrow-loading).
    if (!(table instanceof Table)) throw new DatasetError(file, null, null, 'not an Arrow table');
    // Provider metrics declared in dataset.json are the only columns allowed beyond the schema.
    if (name === 'player_seasons') checkProviderColumns(file, table, spec, meta.data.provider_metrics ?? []);
    else checkNoExtraColumns(file, name, table, spec, new Set());
    const columns = checkedColumnsOf(file, name, table, spec);
    if (name === 'player_seasons') checkSeasonMinutes(file, columns, table.numRows);
    if (spec.key) checkUnique(file, [spec.key], columns, table.numRows);
    for (const names of UNIQUE_TOGETHER[name] ?? []) checkUnique(file, names, columns, table.numRows);
    checked[name] = { rows: table.numRows, columns };
  }
  checkForeignKeys(checked, where);
}

/** Throws on a column beyond the schema of `name`, except the `provider` metric columns (which are checked). */
function checkNoExtraColumns(file: string, name: TableName, table: Table, spec: TableSpec, provider: Set<string>) {
  for (const field of table.schema.fields) {
    if (provider.has(field.name) && !(field.name in spec.columns)) {
      checkProviderMetric(file, field.name, table);
      continue;
    }
    if (!(field.name in spec.columns))
      throw new DatasetError(file, field.name, null, `unknown column (not in the schema of ${name})`);
  }
}

/** The provider metrics of `player_seasons`: declared once each, well-named, present, Float64 and finite. */
function checkProviderColumns(file: string, table: Table, spec: TableSpec, declared: readonly { key: string }[]): void {
  const provider = new Set(declared.map((m) => m.key));
  checkNoExtraColumns(file, 'player_seasons', table, spec, provider);
  if (provider.size !== declared.length)
    throw new DatasetError('dataset.json', 'provider_metrics', null, 'a provider metric is declared twice');
  for (const key of provider) {
    const problem = providerMetricKeyProblem(key);
    if (problem) throw new DatasetError('dataset.json', 'provider_metrics', null, `provider metric ${problem}`);
    if (!table.getChild(key))
      throw new DatasetError(file, key, null, 'missing column (declared in provider_metrics of dataset.json)');
  }
}

/** Checks every schema column of table `name` (presence, type, values) and returns their values. */
function checkedColumnsOf(file: string, name: TableName, table: Table, spec: TableSpec): Map<string, ColumnData> {
  const columns = new Map<string, ColumnData>();
  const nonNegativeColumns = new Set(NON_NEGATIVE[name]);
  for (const [colName, colSpec] of Object.entries(spec.columns)) {
    const vector = table.getChild(colName);
    if (!vector) throw new DatasetError(file, colName, null, 'missing column');
    if (!typeMatches(vector.type, colSpec.kind)) {
      throw new DatasetError(file, colName, null, `type ${String(vector.type)}, expected ${KIND_LABEL[colSpec.kind]}`);
    }
    const nonNegative = nonNegativeColumns.has(colName);
    const perAppearance = name === 'appearances' && colName === 'minutes';
    const bounds: FloatBounds = {
      min: nonNegative ? 0 : null,
      max: perAppearance ? MAX_MINUTES_PER_APPEARANCE : null,
      above: (x) => `${x} minutes in one appearance (at most ${MAX_MINUTES_PER_APPEARANCE})`,
    };
    columns.set(colName, checkColumn(file, colName, colSpec, vector, bounds));
    if (nonNegative && colSpec.kind === 'int32') checkNonNegative(file, colName, columns.get(colName)!);
  }
  return columns;
}

/**
 * The dataset schema (docs/design.md#data-model): every table, its columns, Arrow types, keys and foreign keys,
 * in one place. Loading, saving, validation, the generator and the provider adapters all read it.
 */
import {
  Bool,
  type DataType,
  Float64,
  Int32,
  Table,
  TimestampMillisecond,
  Utf8,
  type Vector,
  vectorFromArray,
} from 'apache-arrow';
import { POSITION_CODES } from './positions.js';
import type { DatasetMeta } from './dataset-meta.js';
import { ACTION_COLUMNS, ZONE_COLUMNS } from './location-profile.js';
import { isOneOf } from '../validation.js';
import { recordOf } from './record-of.js';
import { COUNTING_COLUMNS, isDecimalColumn } from './counting-columns.js';

// Positions and dataset.json live in their own modules; re-exported so importers of the schema keep working.
export {
  POSITION_CODES,
  POSITION_GROUPS,
  positionGroupOf,
  positionLabelOf,
  type PositionCode,
  type PositionGroup,
} from './positions.js';
export { attributionOf, DatasetMeta, entityMetaOf, ProviderMetricSpec } from './dataset-meta.js';
export {
  ADDED_COLUMNS,
  COUNTING_COLUMNS,
  type CountingColumn,
  DECIMAL_COLUMNS,
  type DecimalColumn,
} from './counting-columns.js';

/** Column kinds used by the schema. Dates are ISO `YYYY-MM-DD` strings; `timestamp` is UTC milliseconds. */
export type ColumnKind = 'int32' | 'float64' | 'utf8' | 'bool' | 'timestamp';

export interface ColumnSpec {
  kind: ColumnKind;
  /** False when every row must carry a value. */
  nullable: boolean;
  /** Allowed values for enumerated text columns. */
  values?: readonly string[];
}

export interface ForeignKey {
  column: string;
  table: string;
  /** Column in the referenced table; defaults to that table's key. */
  references?: string;
}

export interface TableSpec {
  /** Primary-key column (unique, non-null), or null when the table has none. */
  key: string | null;
  /** Optional tables may be absent from a dataset; features that need them degrade. */
  optional: boolean;
  columns: Record<string, ColumnSpec>;
  foreignKeys: ForeignKey[];
}

interface Col<K extends ColumnKind, N extends boolean> extends ColumnSpec {
  kind: K;
  nullable: N;
}
const col = <K extends ColumnKind, N extends boolean>(kind: K, nullable: N, values?: readonly string[]): Col<K, N> =>
  values ? { kind, nullable, values } : { kind, nullable };
/** The column factory of one kind: `int()` is a nullable Int32 column, `int(false)` a required one. */
function columnsOf<K extends ColumnKind>(kind: K) {
  function make(): Col<K, true>;
  function make<N extends boolean>(nullable: N, values?: readonly string[]): Col<K, N>;
  function make(nullable = true, values?: readonly string[]): Col<K, boolean> {
    return col(kind, nullable, values);
  }
  return make;
}
const int = columnsOf('int32');
const num = columnsOf('float64');
const text = columnsOf('utf8');
const bool = columnsOf('bool');
const timestamp = columnsOf('timestamp');

/** Every table of a dataset (docs/design.md#data-model). */
export const SCHEMA = {
  leagues: {
    key: 'league_id',
    optional: false,
    columns: {
      league_id: int(false),
      name: text(false),
      country: text(),
      tier: int(false),
      kind: text(false, ['league', 'cup', 'international']),
    },
    foreignKeys: [],
  },
  seasons: {
    key: 'season_id',
    optional: false,
    columns: {
      season_id: int(false),
      league_id: int(false),
      name: text(false),
      start_date: text(false),
      end_date: text(false),
    },
    foreignKeys: [{ column: 'league_id', table: 'leagues' }],
  },
  teams: {
    key: 'team_id',
    optional: false,
    columns: {
      team_id: int(false),
      name: text(false),
      short_name: text(),
      league_id: int(),
      city: text(),
      region: text(),
      primary_color: text(),
      secondary_color: text(),
    },
    foreignKeys: [{ column: 'league_id', table: 'leagues' }],
  },
  rivalries: {
    key: null,
    optional: true,
    columns: {
      team_a: int(false),
      team_b: int(false),
      kind: text(false, ['city', 'regional', 'historic']),
    },
    foreignKeys: [
      { column: 'team_a', table: 'teams' },
      { column: 'team_b', table: 'teams' },
    ],
  },
  players: {
    key: 'player_id',
    optional: false,
    columns: {
      player_id: int(false),
      name: text(false),
      known_as: text(),
      birth_date: text(),
      nationality: text(),
      position: text(false, POSITION_CODES),
      team_id: int(),
      market_value_eur: num(),
      preferred_foot: text(true, ['left', 'right', 'both']),
      height_cm: int(),
      wc2026_nation: text(),
      /** Last day of his contract, YYYY-MM-DD: from the user's values file (docs/enrich.md); null when unknown. */
      contract_end_date: text(),
    },
    foreignKeys: [{ column: 'team_id', table: 'teams' }],
  },
  player_seasons: {
    key: null,
    optional: false,
    columns: {
      player_id: int(false),
      season_id: int(false),
      team_id: int(false),
      league_id: int(false),
      appearances: int(false),
      starts: int(),
      minutes: num(false),
      rating: num(),
      ...recordOf(COUNTING_COLUMNS, (c) => (isDecimalColumn(c) ? num() : int())),
    },
    foreignKeys: [
      { column: 'player_id', table: 'players' },
      { column: 'season_id', table: 'seasons' },
      { column: 'team_id', table: 'teams' },
      { column: 'league_id', table: 'leagues' },
    ],
  },
  fixtures: {
    key: 'fixture_id',
    optional: false,
    columns: {
      fixture_id: int(false),
      season_id: int(false),
      league_id: int(false),
      round: text(),
      kickoff: timestamp(false),
      home_team_id: int(false),
      away_team_id: int(false),
      home_goals: int(),
      away_goals: int(),
      status: text(false, ['scheduled', 'finished']),
      venue: text(),
      /** Share of the match's passes, in % (docs/methodology/event-values.md#possession); null without events. */
      home_possession: num(),
      away_possession: num(),
    },
    foreignKeys: [
      { column: 'season_id', table: 'seasons' },
      { column: 'league_id', table: 'leagues' },
      { column: 'home_team_id', table: 'teams' },
      { column: 'away_team_id', table: 'teams' },
    ],
  },
  /**
   * Where each player-season acted, from event data (docs/methodology/dna.md#location-features):
   * one row per `player_seasons` row of an event provider, zone counts in ZONE_COLUMNS order.
   * Absent from CSV and season-table datasets, whose DNA stays stats-only.
   */
  player_zones: {
    key: null,
    optional: true,
    columns: {
      player_id: int(false),
      season_id: int(false),
      team_id: int(false),
      ...recordOf(
        ZONE_COLUMNS.filter((c) => !isOneOf(ACTION_COLUMNS, c)),
        () => int(false),
      ),
      // Added later (ADDED_COLUMNS): null in a dataset written before them.
      ...recordOf(ACTION_COLUMNS, () => int()),
    },
    foreignKeys: [
      { column: 'player_id', table: 'players' },
      { column: 'season_id', table: 'seasons' },
      { column: 'team_id', table: 'teams' },
    ],
  },
  appearances: {
    key: null,
    optional: true,
    columns: {
      fixture_id: int(false),
      player_id: int(false),
      team_id: int(false),
      started: bool(false),
      minutes: num(false),
      position: text(true, POSITION_CODES),
      /** His team's possession in the match, in % (docs/methodology/event-values.md#possession). */
      team_possession: num(),
    },
    foreignKeys: [
      { column: 'fixture_id', table: 'fixtures' },
      { column: 'player_id', table: 'players' },
      { column: 'team_id', table: 'teams' },
    ],
  },
  /** One row per shot of an event dataset (docs/methodology/event-values.md#shots); absent for season tables. */
  shots: {
    key: null,
    optional: true,
    columns: {
      fixture_id: int(false),
      player_id: int(false),
      team_id: int(false),
      minute: int(false),
      /** Pitch fractions: x toward the goal attacked (1 = its goal line), y from the attacking team's left. */
      x: num(false),
      y: num(false),
      body_part: text(false, ['foot', 'head', 'other']),
      situation: text(false, [
        'open_play',
        'counter_attack',
        'direct_free_kick',
        'penalty',
        'corner',
        'other_set_piece',
      ]),
      xg: num(false),
      xg_source: text(false, ['provider', 'model']),
      outcome: text(false, ['goal', 'on_target', 'off_target', 'blocked']),
    },
    foreignKeys: [
      { column: 'fixture_id', table: 'fixtures' },
      { column: 'player_id', table: 'players' },
      { column: 'team_id', table: 'teams' },
    ],
  },
} as const satisfies Record<string, TableSpec>;

export type TableName = keyof typeof SCHEMA;
/** True when `name` names a table of the schema. @example isTableName('players') // => true */
export const isTableName = (name: string): name is TableName => Object.hasOwn(SCHEMA, name);
export const TABLE_NAMES: TableName[] = Object.keys(SCHEMA).filter(isTableName);

/** File name of a table inside an Arrow dataset folder. @example tableFileOf('players') // => 'players.arrow' */
export const tableFileOf = (table: string): string => `${table}.arrow`;

/** Plain-JS value of one column kind. */
type ValueOf<K extends ColumnKind> = K extends 'int32' | 'float64' | 'timestamp'
  ? number
  : K extends 'bool'
    ? boolean
    : string;
type ColumnsOf<T extends TableName> = (typeof SCHEMA)[T]['columns'];
/** One row of table `T` as plain JS values (`null` for missing). */
export type RowOf<T extends TableName> = {
  [C in keyof ColumnsOf<T>]: ColumnsOf<T>[C] extends { kind: infer K extends ColumnKind; nullable: false }
    ? ValueOf<K>
    : ColumnsOf<T>[C] extends { kind: infer K extends ColumnKind }
      ? ValueOf<K> | null
      : never;
};

/** The Arrow data type used for a column kind. */
export function arrowTypeOf(kind: ColumnKind): DataType {
  switch (kind) {
    case 'int32':
      return new Int32();
    case 'float64':
      return new Float64();
    case 'utf8':
      return new Utf8();
    case 'bool':
      return new Bool();
    case 'timestamp':
      return new TimestampMillisecond('UTC');
  }
}

/**
 * Builds an Arrow table for `name` from plain rows, with exactly the schema's columns and types
 * (extra row fields are ignored, missing ones become null).
 * @example tableFromRows('leagues', [{ league_id: 1, name: 'A', country: 'X', tier: 1, kind: 'league' }]).numRows // => 1
 */
export function tableFromRows<T extends TableName>(name: T, rows: ReadonlyArray<Partial<RowOf<T>>>): Table {
  const spec: TableSpec = SCHEMA[name];
  const vectors: Record<string, Vector> = {};
  for (const [col, c] of Object.entries(spec.columns))
    vectors[col] = vectorFromArray(
      rows.map((r): unknown => Reflect.get(r, col) ?? null),
      arrowTypeOf(c.kind),
    );
  return new Table(vectors);
}

/** Reads the rows `from` to `to` (every row by default) of an Arrow table as plain objects keyed by column (timestamps as epoch milliseconds). */
export function recordsOf(table: Table, from = 0, to = table.numRows): Record<string, unknown>[] {
  const cols = table.schema.fields.map((f) => f.name);
  // Each column is read once by its iterator, which walks its chunks in order; a `get` per cell
  // would look the chunk up again for every cell.
  const values = cols.map((c) => {
    const column = table.getChild(c)!;
    return [...(from === 0 && to === table.numRows ? column : column.slice(from, to))];
  });
  const out: Record<string, unknown>[] = new Array(to - from);
  for (let i = 0; i < to - from; i++) {
    const row: Record<string, unknown> = {};
    for (let j = 0; j < cols.length; j++) {
      const v = values[j][i];
      row[cols[j]] = typeof v === 'bigint' ? Number(v) : (v ?? null);
    }
    out[i] = row;
  }
  return out;
}

/** Reads the rows `from` to `to` (every row by default) of a table of the schema as plain objects (timestamps as epoch milliseconds). */
export function rowsOf<T extends TableName>(table: Table, _name?: T, from = 0, to = table.numRows): RowOf<T>[] {
  // cast: a table is validated against its schema when loaded, so each record has the columns of RowOf<T>.
  return recordsOf(table, from, to) as RowOf<T>[];
}

/**
 * Reads only the columns `columns` of every row of a table of the schema, as plain objects: a
 * question that needs a few columns decodes no others.
 * @example rowsPickedOf(players, 'players', ['player_id', 'name'])[0] // => { player_id: 1, name: 'Ada Ferrante' }
 */
export function rowsPickedOf<T extends TableName, K extends keyof RowOf<T> & string>(
  table: Table,
  name: T,
  columns: readonly K[],
): Pick<RowOf<T>, K>[] {
  return rowsOf(table.select([...columns]), name);
}

/** Tables every dataset must have. */
type RequiredTableName = { [K in TableName]: (typeof SCHEMA)[K]['optional'] extends true ? never : K }[TableName];

/** A dataset in memory: its metadata and one Arrow table per schema table (optional ones may be left out). */
export interface Dataset {
  meta: DatasetMeta;
  tables: { [K in RequiredTableName]: Table } & { [K in Exclude<TableName, RequiredTableName>]?: Table };
}

/**
 * The library imports apache-arrow like any user (docs/design.md#arrow-loading): tables a user
 * builds with `import … from 'apache-arrow'` go into every public function that takes one, every
 * table a public function returns goes through his `tableToIPC` / `tableFromIPC`, and a table of
 * another copy of the package is read, never misread when written: refused with a TypeError.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Table } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { datasetFromDir, withAddedColumns } from '../../src/io/load.js';
import { datasetToDir } from '../../src/io/save.js';
import { tableFromFile, tableToFile } from '../../src/io/table-file.js';
import { recordsOfTable, tableFromParquetFile } from '../../src/io/parquet.js';
import { tableToCsv, tableToCsvFile, tableToJsonlFile } from '../../src/io/csv/table-csv.js';
import { tableFromCsv } from '../../src/io/csv/read.js';
import { withProviderMetrics } from '../../src/model/provider-metrics.js';
import { TABLE_NAMES, type Dataset } from '../../src/model/schema.js';
import { validateDataset } from '../../src/model/validate.js';
import { scoreTableOf } from '../../src/scoring/score-table.js';
import { demoDatasetDir } from '../../src/io/paths.js';
import { mergeDatasets } from '../../src/merge/merge.js';
import { enrichPlayers } from '../../src/identity/enrich.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

/** The user's apache-arrow, imported as a user would. */
const Arrow = await import('apache-arrow');
const tmp = mkdtempSync(join(tmpdir(), 'halfspace-arrow-copies-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** True when `table` is a table of the user's copy, which his own functions fully understand. */
const isUsers = (table: Table) => Object.getPrototypeOf(table) === Arrow.Table.prototype;

/** `table` through the user's IPC writer and reader: what he does with a table we return. */
function viaUsersIpc(table: Table): Table {
  expect(isUsers(table)).toBe(true);
  return Arrow.tableFromIPC(Arrow.tableToIPC(table, 'file'));
}

/** Row `row` of `table` as JSON (bigint timestamps as text), for comparing two copies. */
const rowJson = (table: Table, row: number) =>
  JSON.stringify(table.get(row)?.toJSON(), (_k, v) => (typeof v === 'bigint' ? String(v) : v));

let demo: Dataset;
/** The demo rebuilt table by table by the user's own apache-arrow, from IPC bytes. */
let users: Dataset;
beforeAll(() => {
  demo = datasetFromDir(demoDatasetDir());
  const tables: Record<string, Table> = {};
  for (const name of TABLE_NAMES) {
    const t = demo.tables[name];
    if (t) tables[name] = Arrow.tableFromIPC(Arrow.tableToIPC(t, 'stream'));
  }
  users = { meta: demo.meta, tables: { ...demo.tables, ...tables } };
});

describe('one copy of apache-arrow', () => {
  it('the engine decodes the demo into tables of the user’s copy and answers as from his tables', () => {
    const engine = Engine.open({ dataset: 'demo' });
    expect(isUsers(engine.dataset.tables.players)).toBe(true);
    const fromUsers = Engine.open({ dataset: users });
    expect(fromUsers.scouting({ name: 'Bilal Trabelsi' })).toEqual(engine.scouting({ name: 'Bilal Trabelsi' }));
    expect(fromUsers.verdict({ player_name: 'Bilal Trabelsi' })).toEqual(
      engine.verdict({ player_name: 'Bilal Trabelsi' }),
    );
  });

  it('validateDataset takes user tables and refuses what is not a table', () => {
    expect(() => validateDataset(users)).not.toThrow();
    const notTable = { ...users, tables: { ...users.tables, leagues: { numRows: 0 } } };
    // @ts-expect-error: a plain object where a table belongs, as untyped callers may pass
    expect(() => validateDataset(notTable)).toThrow(/not an Arrow table/);
  });

  it('scoreTableOf returns a user table, from user tables and from the engine’s', () => {
    const a = viaUsersIpc(scoreTableOf(users));
    const b = viaUsersIpc(scoreTableOf(Engine.open({ dataset: 'demo' }).dataset));
    expect(a.numRows).toBe(users.tables.player_seasons.numRows);
    expect(b.numRows).toBe(a.numRows);
    for (const row of [0, 1, a.numRows - 1]) expect(rowJson(b, row)).toBe(rowJson(a, row));
  });

  it('withProviderMetrics and datasetFromDir return user tables', () => {
    const ps = users.tables.player_seasons;
    const totals = Float64Array.from({ length: ps.numRows }, (_, i) => i / 10);
    const out = withProviderMetrics(users, [{ spec: { key: 'prog_carries', label: 'Progressive carries' }, totals }]);
    expect(viaUsersIpc(out.tables.player_seasons).getChild('prog_carries')?.get(3)).toBeCloseTo(0.3);
    const engines = Engine.open({ dataset: 'demo' }).dataset;
    const fromEngine = withProviderMetrics(engines, [
      { spec: { key: 'prog_carries', label: 'Progressive carries' }, totals },
    ]);
    expect(viaUsersIpc(fromEngine.tables.player_seasons).getChild('prog_carries')?.get(3)).toBeCloseTo(0.3);
    expect(viaUsersIpc(demo.tables.players).numRows).toBe(users.tables.players.numRows);
  });

  it('datasetToDir writes the same bytes from user tables and from the engine’s', () => {
    datasetToDir(users, join(tmp, 'users'));
    datasetToDir(Engine.open({ dataset: 'demo' }).dataset, join(tmp, 'engine'));
    for (const file of ['players.arrow', 'player_seasons.arrow', 'leagues.arrow'])
      expect(readFileSync(join(tmp, 'engine', file)).equals(readFileSync(join(tmp, 'users', file))), file).toBe(true);
  });

  it('table files: user tables written in every format, tables read back are user tables', async () => {
    const leagues = users.tables.leagues;
    for (const format of ['arrow', 'csv', 'parquet', 'jsonl'] as const)
      await tableToFile(leagues, join(tmp, `leagues.${format}`), format);
    tableToCsvFile(leagues, join(tmp, 'leagues-2.csv'));
    tableToJsonlFile(leagues, join(tmp, 'leagues-2.jsonl'));
    expect(readFileSync(join(tmp, 'leagues-2.csv'), 'utf8')).toBe(readFileSync(join(tmp, 'leagues.csv'), 'utf8'));
    for (const file of ['leagues.arrow', 'leagues.parquet']) {
      const back = viaUsersIpc(tableFromFile(join(tmp, file)));
      expect(back.numRows, file).toBe(leagues.numRows);
      expect(String(back.getChild('name')?.get(0)), file).toBe(String(leagues.getChild('name')?.get(0)));
    }
    expect(viaUsersIpc(tableFromParquetFile(join(tmp, 'leagues.parquet'))).numRows).toBe(leagues.numRows);
    const records: string[][] = [];
    recordsOfTable(leagues, 'leagues', (fields) => records.push(fields.map(String)));
    // The header row, then one record per row.
    expect(records).toHaveLength(leagues.numRows + 1);
    expect(records[0]).toEqual(leagues.schema.fields.map((f) => f.name));
  });

  it('tableFromCsv returns a user table', () => {
    const { table } = tableFromCsv('leagues', 'league_id,name,country,tier,kind\n1,A,X,1,league\n');
    expect(viaUsersIpc(table).getChild('name')?.get(0)).toBe('A');
  });

  it('mergeDatasets, enrichPlayers and tableToCsv take user tables; merged and enriched tables are user tables', () => {
    const tiny = tinyDataset();
    const own: Record<string, Table> = {};
    for (const [name, t] of Object.entries(tiny.tables)) if (t) own[name] = Arrow.tableFromIPC(Arrow.tableToIPC(t));
    const mine: Dataset = { meta: tiny.meta, tables: { ...tiny.tables, ...own } };
    const merged = mergeDatasets(
      [
        { label: 'a', dataset: mine },
        { label: 'b', dataset: mine },
      ],
      { namespace: true },
    );
    for (const name of ['players', 'player_seasons', 'teams'] as const) {
      expect(merged.tables[name].numRows, name).toBeGreaterThanOrEqual(mine.tables[name].numRows);
      expect(rowJson(viaUsersIpc(merged.tables[name]), 0), name).toBe(rowJson(merged.tables[name], 0));
    }
    const id = Number(mine.tables.players.getChild('player_id')?.get(0));
    const { dataset, report } = enrichPlayers(
      mine,
      [{ line: 2, cells: { player_id: String(id), market_value_eur: '12000000' } }],
      'values.csv',
    );
    expect(report.matched).toBe(1);
    expect(viaUsersIpc(dataset.tables.players).getChild('market_value_eur')?.get(0)).toBe(12_000_000);
    expect(tableToCsv('players', mine.tables.players)).toBe(tableToCsv('players', tiny.tables.players));
  });
});

/**
 * Another copy: apache-arrow's CommonJS build, a module instance of its own, as a second installed
 * version or a bundler's inlined copy is. Its tables are read like the user's; where the library
 * would build beside one or write it, apache-arrow would misread its types, so it refuses with a
 * TypeError that says how to get one copy.
 */
describe('another copy of apache-arrow', () => {
  const other: typeof Arrow = createRequire(import.meta.url)('apache-arrow');
  const otherOf = (dataset: Dataset): Dataset => {
    const tables: Record<string, Table> = {};
    for (const [name, t] of Object.entries(dataset.tables))
      if (t) tables[name] = other.tableFromIPC(Arrow.tableToIPC(t, 'stream'));
    return { meta: dataset.meta, tables: { ...dataset.tables, ...tables } };
  };
  const ANOTHER_COPY = /another copy of apache-arrow/;
  let theirs: Dataset;
  beforeAll(() => {
    theirs = otherOf(users);
  });

  it('is a module of its own', () => {
    expect(other.Table).not.toBe(Arrow.Table);
    expect(Object.getPrototypeOf(theirs.tables.players)).toBe(other.Table.prototype);
  });

  it('the engine and validateDataset read its tables as the user’s', () => {
    expect(() => validateDataset(theirs)).not.toThrow();
    const engine = Engine.open({ dataset: theirs });
    const fromUsers = Engine.open({ dataset: users });
    expect(engine.scouting({ name: 'Bilal Trabelsi' })).toEqual(fromUsers.scouting({ name: 'Bilal Trabelsi' }));
    expect(engine.verdict({ player_name: 'Bilal Trabelsi' })).toEqual(
      fromUsers.verdict({ player_name: 'Bilal Trabelsi' }),
    );
  });

  it('CSV, JSON lines and records read its tables as the user’s', async () => {
    await tableToFile(users.tables.leagues, join(tmp, 'mine.csv'), 'csv');
    tableToCsvFile(theirs.tables.leagues, join(tmp, 'theirs.csv'));
    expect(readFileSync(join(tmp, 'theirs.csv'), 'utf8')).toBe(readFileSync(join(tmp, 'mine.csv'), 'utf8'));
    expect(tableToCsv('players', theirs.tables.players)).toBe(tableToCsv('players', users.tables.players));
  });

  it('what builds beside or writes its tables refuses them with a TypeError, never a misread', async () => {
    const cut = theirs.tables.fixtures.selectAt([0, 1, 2]);
    expect(() => withAddedColumns('fixtures', cut)).toThrow(ANOTHER_COPY);
    expect(() => scoreTableOf(theirs)).toThrow(ANOTHER_COPY);
    const totals = new Float64Array(users.tables.player_seasons.numRows);
    expect(() => withProviderMetrics(theirs, [{ spec: { key: 'x', label: 'X' }, totals }])).toThrow(ANOTHER_COPY);
    expect(() => datasetToDir(theirs, join(tmp, 'theirs'))).toThrow(ANOTHER_COPY);
    expect(existsSync(join(tmp, 'theirs'))).toBe(false);
    for (const format of ['arrow', 'parquet'] as const)
      await expect(tableToFile(theirs.tables.leagues, join(tmp, `theirs.${format}`), format)).rejects.toThrow(
        ANOTHER_COPY,
      );
  });
});

/**
 * The library loads apache-arrow's single-file build for the engine and the user's own ESM copy
 * for everything it builds or returns (docs/design.md#arrow-loading). A user keeps working with
 * `import … from 'apache-arrow'`: tables he builds go into every public function that takes one,
 * and every table a public function returns goes through his `tableToIPC` / `tableFromIPC`.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Table, Vector } from 'apache-arrow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { datasetFromDir, withAddedColumns } from '../../src/io/load.js';
import { datasetToDir } from '../../src/io/save.js';
import { tableFromFile, tableToFile } from '../../src/io/table-file.js';
import { recordsOfTable, tableFromParquetFile } from '../../src/io/parquet.js';
import { tableToCsvFile, tableToJsonlFile } from '../../src/io/csv/table-csv.js';
import { tableFromCsv } from '../../src/io/csv/read.js';
import { isLeanTable, lean, shared } from '../../src/model/arrow/arrow.js';
import { withProviderMetrics } from '../../src/model/provider-metrics.js';
import { TABLE_NAMES, type Dataset } from '../../src/model/schema.js';
import { validateDataset } from '../../src/model/validate.js';
import { scoreTableOf } from '../../src/dna/score-table.js';
import { demoDatasetDir } from '../../src/io/paths.js';
import { mergeDatasets } from '../../src/model/merge.js';
import { enrichPlayers } from '../../src/identity/enrich.js';
import { tableToCsv } from '../../src/io/csv/write.js';
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

describe('two copies of apache-arrow', () => {
  it('the shared copy is the very module the user imports, the lean one another', () => {
    expect(shared().Table).toBe(Arrow.Table);
    expect(lean.Table).not.toBe(Arrow.Table);
    // Objects of the two copies cannot be mixed: a type of one copy is no type to the other's
    // writer, which throws or writes a table that reads back as something else.
    const leanTable = lean.tableFromIPC(Arrow.tableToIPC(users.tables.leagues));
    let back: Table | null;
    try {
      back = Arrow.tableFromIPC(Arrow.tableToIPC(leanTable));
    } catch {
      back = null;
    }
    expect(back !== null && back.numRows === leanTable.numRows && rowJson(back, 0) === rowJson(leanTable, 0)).toBe(
      false,
    );
  });

  it('the engine decodes the demo with the lean copy and answers as from the user tables', () => {
    const engine = Engine.open({ dataset: 'demo' });
    expect(isLeanTable(engine.dataset.tables.players)).toBe(true);
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

  it('scoreTableOf returns a user table, from user tables and from the engine’s lean ones', () => {
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
    const lean = Engine.open({ dataset: 'demo' }).dataset;
    const fromLean = withProviderMetrics(lean, [
      { spec: { key: 'prog_carries', label: 'Progressive carries' }, totals },
    ]);
    expect(viaUsersIpc(fromLean.tables.player_seasons).getChild('prog_carries')?.get(3)).toBeCloseTo(0.3);
    expect(viaUsersIpc(demo.tables.players).numRows).toBe(users.tables.players.numRows);
  });

  it('datasetToDir writes the same bytes from user tables and from lean ones', () => {
    datasetToDir(users, join(tmp, 'users'));
    datasetToDir(Engine.open({ dataset: 'demo' }).dataset, join(tmp, 'lean'));
    for (const file of ['players.arrow', 'player_seasons.arrow', 'leagues.arrow'])
      expect(readFileSync(join(tmp, 'lean', file)).equals(readFileSync(join(tmp, 'users', file))), file).toBe(true);
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
 * A third copy: apache-arrow's CommonJS build, a module instance of its own, as the user's
 * `import 'apache-arrow'` is under the tsx loader or from another installed version. Its tables are
 * adopted by the shared copy wherever the library builds beside them or writes them, so every
 * public function gives what it gives for the user's own tables.
 */
describe('a third copy of apache-arrow', () => {
  const other: typeof Arrow = createRequire(import.meta.url)('apache-arrow');
  /** `dataset` with every table rebuilt by the third copy. */
  const thirdOf = (dataset: Dataset): Dataset => {
    const tables: Record<string, Table> = {};
    for (const [name, t] of Object.entries(dataset.tables))
      if (t) tables[name] = other.tableFromIPC(Arrow.tableToIPC(t, 'stream'));
    return { meta: dataset.meta, tables: { ...dataset.tables, ...tables } };
  };
  const isThird = (table: Table) => Object.getPrototypeOf(table) === other.Table.prototype;
  /** The IPC file bytes of a table the library returned, written by the user's own copy. */
  const bytesOf = (table: Table) => Buffer.from(Arrow.tableToIPC(viaUsersIpc(table), 'file'));
  const sameFile = (a: string, b: string) => readFileSync(a).equals(readFileSync(b));
  let third: Dataset;
  beforeAll(() => {
    third = thirdOf(users);
  });

  it('is a copy of its own, and its tables are neither lean nor the user’s', () => {
    expect(other.Table).not.toBe(Arrow.Table);
    expect(other.Table).not.toBe(lean.Table);
    for (const t of Object.values(third.tables)) expect(isThird(t)).toBe(true);
  });

  it('the engine and validateDataset read its tables as the user’s', () => {
    expect(() => validateDataset(third)).not.toThrow();
    const engine = Engine.open({ dataset: third });
    const fromUsers = Engine.open({ dataset: users });
    expect(engine.scouting({ name: 'Bilal Trabelsi' })).toEqual(fromUsers.scouting({ name: 'Bilal Trabelsi' }));
    expect(engine.verdict({ player_name: 'Bilal Trabelsi' })).toEqual(
      fromUsers.verdict({ player_name: 'Bilal Trabelsi' }),
    );
  });

  it('withAddedColumns and Engine.open add the missing columns beside its tables', () => {
    const cut = (t: Table) => t.selectAt([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const fixtures = withAddedColumns('fixtures', cut(third.tables.fixtures));
    expect(bytesOf(fixtures).equals(bytesOf(withAddedColumns('fixtures', cut(users.tables.fixtures))))).toBe(true);
    expect(fixtures.getChild('home_possession')?.nullCount).toBe(fixtures.numRows);
    const engine = Engine.open({
      dataset: { ...third, tables: { ...third.tables, fixtures: cut(third.tables.fixtures) } },
    });
    expect(engine.dataset.tables.fixtures.getChild('away_possession')?.nullCount).toBe(fixtures.numRows);
  });

  it('scoreTableOf and withProviderMetrics give the tables they give for the user’s', () => {
    expect(bytesOf(scoreTableOf(third)).equals(bytesOf(scoreTableOf(users)))).toBe(true);
    const totals = Float64Array.from({ length: users.tables.player_seasons.numRows }, (_, i) => i / 10);
    const metric = [{ spec: { key: 'prog_carries', label: 'Progressive carries' }, totals }];
    const a = withProviderMetrics(third, metric);
    const b = withProviderMetrics(users, metric);
    expect(a.meta).toEqual(b.meta);
    expect(bytesOf(a.tables.player_seasons).equals(bytesOf(b.tables.player_seasons))).toBe(true);
  });

  it('datasetToDir writes the bytes it writes for the user’s tables', () => {
    datasetToDir(users, join(tmp, 'users-2'));
    datasetToDir(third, join(tmp, 'third'));
    for (const name of TABLE_NAMES) {
      if (!users.tables[name]) continue;
      expect(sameFile(join(tmp, 'users-2', `${name}.arrow`), join(tmp, 'third', `${name}.arrow`)), name).toBe(true);
    }
  });

  it('table files in every format, CSV and JSON lines and records are those of the user’s table', async () => {
    const mine = users.tables.leagues;
    const theirs = third.tables.leagues;
    for (const format of ['arrow', 'csv', 'parquet', 'jsonl'] as const) {
      await tableToFile(mine, join(tmp, `mine.${format}`), format);
      await tableToFile(theirs, join(tmp, `theirs.${format}`), format);
      expect(sameFile(join(tmp, `mine.${format}`), join(tmp, `theirs.${format}`)), format).toBe(true);
    }
    tableToCsvFile(theirs, join(tmp, 'theirs-2.csv'));
    tableToJsonlFile(theirs, join(tmp, 'theirs-2.jsonl'));
    expect(sameFile(join(tmp, 'theirs-2.csv'), join(tmp, 'mine.csv'))).toBe(true);
    expect(sameFile(join(tmp, 'theirs-2.jsonl'), join(tmp, 'mine.jsonl'))).toBe(true);
    const recordsOf = (t: Table) => {
      const records: string[][] = [];
      recordsOfTable(t, 'leagues', (fields) => records.push(fields.map(String)));
      return records;
    };
    expect(recordsOf(theirs)).toEqual(recordsOf(mine));
    expect(recordsOf(theirs)).toHaveLength(mine.numRows + 1);
    // A slice: chunks that start inside their buffers.
    await tableToFile(third.tables.players.slice(5, 40), join(tmp, 'theirs-slice.parquet'), 'parquet');
    await tableToFile(users.tables.players.slice(5, 40), join(tmp, 'mine-slice.parquet'), 'parquet');
    expect(sameFile(join(tmp, 'theirs-slice.parquet'), join(tmp, 'mine-slice.parquet'))).toBe(true);
    const back = viaUsersIpc(tableFromFile(join(tmp, 'theirs-slice.parquet')));
    expect(back.numRows).toBe(35);
    expect(back.getChild('name')?.get(0)).toBe(users.tables.players.getChild('name')?.get(5));
  });

  it('mergeDatasets, enrichPlayers and tableToCsv give what they give for the user’s tables', () => {
    const tiny = tinyDataset();
    const mineOf = (d: Dataset): Dataset => {
      const own: Record<string, Table> = {};
      for (const [name, t] of Object.entries(d.tables)) if (t) own[name] = Arrow.tableFromIPC(Arrow.tableToIPC(t));
      return { meta: d.meta, tables: { ...d.tables, ...own } };
    };
    const mine = mineOf(tiny);
    const theirs = thirdOf(tiny);
    const mergedOf = (d: Dataset) =>
      mergeDatasets(
        [
          { label: 'a', dataset: d },
          { label: 'b', dataset: d },
        ],
        { namespace: true },
      );
    const a = mergedOf(theirs);
    const b = mergedOf(mine);
    for (const name of TABLE_NAMES) {
      const t = a.tables[name];
      const u = b.tables[name];
      expect(t === undefined, name).toBe(u === undefined);
      if (t && u) expect(bytesOf(t).equals(bytesOf(u)), name).toBe(true);
    }
    const id = Number(mine.tables.players.getChild('player_id')?.get(0));
    const records = [{ line: 2, cells: { player_id: String(id), market_value_eur: '12000000' } }];
    const enriched = enrichPlayers(theirs, records, 'values.csv');
    expect(enriched.report).toEqual(enrichPlayers(mine, records, 'values.csv').report);
    expect(
      bytesOf(enriched.dataset.tables.players).equals(
        bytesOf(enrichPlayers(mine, records, 'values.csv').dataset.tables.players),
      ),
    ).toBe(true);
    expect(tableToCsv('players', theirs.tables.players)).toBe(tableToCsv('players', mine.tables.players));
  });

  it('refuses with a TypeError, never a misread, a column it cannot take over', async () => {
    const list = other.vectorFromArray([[1], [2, 3], [4]], new other.List(new other.Field('x', new other.Int32())));
    const leagues = third.tables.leagues.slice(0, 3);
    const columns: Record<string, Vector> = { extra: list };
    for (const f of leagues.schema.fields) columns[f.name] = leagues.getChild(f.name)!;
    const withList = new other.Table(columns);
    await expect(tableToFile(withList, join(tmp, 'list.arrow'), 'arrow')).rejects.toThrow(/cannot be taken over/);
    expect(existsSync(join(tmp, 'list.arrow'))).toBe(false);
    expect(() => withAddedColumns('fixtures', new other.Table({ fixture_id: list }))).toThrow(TypeError);
  });
});

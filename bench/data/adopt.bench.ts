/**
 * What a table of a third copy of apache-arrow costs (docs/design.md#arrow-loading): the demo's
 * tables built by apache-arrow's CommonJS build, as a user's are under the tsx loader, adopted by
 * the shared copy. Baselines in the same run: copying the same table over through Arrow IPC bytes
 * (what the library does for a lean table), and `datasetToDir` of the same tables of the shared
 * copy. Also the fast paths: `adopt` of a lean and of a shared table, which take nothing over.
 * Run: npx tsx bench/data/adopt.bench.ts → bench/results/adopt.{json,md}.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as Arrow from 'apache-arrow';
import type { Table } from 'apache-arrow';
import { adoptTable } from '../../src/model/arrow/adopt.js';
import { adopt, lean, shared } from '../../src/model/arrow/arrow.js';
import { demoDatasetDir } from '../../src/io/paths.js';
import { datasetToDir } from '../../src/io/save.js';
import { TABLE_NAMES, tableFileOf, type Dataset } from '../../src/model/schema.js';

const other: typeof Arrow = createRequire(import.meta.url)('apache-arrow');
if (other.Table === shared().Table || other.Table === lean.Table)
  throw new Error('the CommonJS build is no third copy here');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function timeMs(fn: () => void): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}
const medianMs = (n: number, fn: () => void) => median(Array.from({ length: n }, () => timeMs(fn)));
const r = (x: number) => Math.round(x * 1000) / 1000;

const dir = demoDatasetDir();
const meta = JSON.parse(readFileSync(join(dir, 'dataset.json'), 'utf8'));
const bytes = Object.fromEntries(
  TABLE_NAMES.filter((t) => existsSync(join(dir, tableFileOf(t)))).map((t) => [
    t,
    readFileSync(join(dir, tableFileOf(t))),
  ]),
);
const third: Record<string, Table> = {};
const own: Record<string, Table> = {};
for (const [name, b] of Object.entries(bytes)) {
  third[name] = other.tableFromIPC(b);
  own[name] = shared().tableFromIPC(b);
}

const tables = Object.keys(third).map((name) => {
  const t = third[name];
  const first = timeMs(() => adoptTable(shared(), t));
  return {
    table: name,
    rows: t.numRows,
    columns: t.numCols,
    adopt_first_ms: r(first),
    adopt_median_ms: r(medianMs(21, () => adoptTable(shared(), t))),
    ipc_copy_median_ms: r(medianMs(5, () => shared().tableFromIPC(other.tableToIPC(t, 'stream')))),
  };
});

const tmp = mkdtempSync(join(tmpdir(), 'halfspace-bench-adopt-'));
const asDataset = (t: Record<string, Table>) => ({ meta, tables: t }) as Dataset; // cast: the demo's every table, read above
// Alternated, so that warm-up, GC and the load of the shared machine fall on both alike.
const toDir = { third: [] as number[], shared: [] as number[] };
for (let i = 0; i < 25; i++) {
  toDir.third.push(timeMs(() => datasetToDir(asDataset(third), join(tmp, 'third'))));
  toDir.shared.push(timeMs(() => datasetToDir(asDataset(own), join(tmp, 'shared'))));
}
const toDirThird = { median: median(toDir.third), min: Math.min(...toDir.third) };
const toDirShared = { median: median(toDir.shared), min: Math.min(...toDir.shared) };
rmSync(tmp, { recursive: true, force: true });

const leanTable = lean.tableFromIPC(bytes.player_seasons);
const calls = 100_000;
const perCallNs = (t: Table) =>
  (medianMs(5, () => {
    for (let i = 0; i < calls; i++) adopt(t);
  }) *
    1e6) /
  calls;

const result = {
  data: 'data/demo',
  node: process.version,
  load_average_1m: Math.round(loadavg()[0] * 10) / 10,
  tables,
  dataset_to_dir_ms: {
    third_copy: { median: r(toDirThird.median), min: r(toDirThird.min) },
    shared_copy: { median: r(toDirShared.median), min: r(toDirShared.min) },
  },
  adopt_fast_path_ns: { lean: r(perCallNs(leanTable)), shared: r(perCallNs(own.player_seasons)) },
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/adopt.json', `${JSON.stringify(result, null, 2)}\n`);
const md = [
  `# bench/adopt — tables of a third copy of apache-arrow (${result.data}, ${process.version})`,
  '',
  `Machine load average (1 min) during the run: ${result.load_average_1m} (2 shared cores).`,
  '',
  '| table | rows | columns | adopt, first call ms | adopt, median of 21 ms | baseline: copy through IPC bytes, median of 5 ms |',
  '|---|---:|---:|---:|---:|---:|',
  ...tables.map(
    (t) =>
      `| ${t.table} | ${t.rows} | ${t.columns} | ${t.adopt_first_ms} | ${t.adopt_median_ms} | ${t.ipc_copy_median_ms} |`,
  ),
  '',
  `datasetToDir of the demo, 25 runs alternated: median ${result.dataset_to_dir_ms.third_copy.median} ms (min ${result.dataset_to_dir_ms.third_copy.min}) from tables of the third copy, median ${result.dataset_to_dir_ms.shared_copy.median} ms (min ${result.dataset_to_dir_ms.shared_copy.min}) from tables of the shared copy.`,
  `adopt of a table that needs nothing taken over: ${result.adopt_fast_path_ns.lean} ns per call (lean), ${result.adopt_fast_path_ns.shared} ns (shared).`,
  '',
].join('\n');
writeFileSync('bench/results/adopt.md', md);
process.stdout.write(md);

/**
 * Dataset validation and the CSV provider on demo-sized data (data/demo when present, else the
 * seeded demo-sized fixture). Baselines in the same run: reading every row as objects with
 * `rowsOf` (what a row-by-row validator must at least do), and the Arrow IPC folder for CSV.
 * Run: npx tsx bench/data/validate.bench.ts → bench/results/data.{json,md}.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { tableFromIPC } from 'apache-arrow';
import { datasetFromDir } from '../../src/io/load.js';
import { demoDatasetDir } from '../../src/io/paths.js';
import { datasetFromCsvDir, datasetToCsvDir } from '../../src/providers/csv/index.js';
import { datasetToDir } from '../../src/io/save.js';
import { rowsOf, TABLE_NAMES, tableFileOf, type Dataset } from '../../src/model/schema.js';
import { validateDataset } from '../../src/model/validate.js';
import { demoSizedDataset } from './demo-sized.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** Wall-clock milliseconds of one call; `cpuMs` collects the process CPU time of the same call. */
function timeMs(fn: () => void, cpuMs?: number[]): number {
  const c = process.cpuUsage();
  const t = performance.now();
  fn();
  const wall = performance.now() - t;
  const u = process.cpuUsage(c);
  cpuMs?.push((u.user + u.system) / 1000);
  return wall;
}
const runs = (n: number, fn: () => void, cpuMs?: number[]) => Array.from({ length: n }, () => timeMs(fn, cpuMs));

/** Reads an Arrow dataset folder without validating it, so the first validation below is a cold one. */
function readUnvalidated(dir: string): Dataset {
  const tables: Record<string, unknown> = {};
  for (const name of TABLE_NAMES) {
    const file = join(dir, tableFileOf(name));
    if (existsSync(file)) tables[name] = tableFromIPC(readFileSync(file));
  }
  return { meta: JSON.parse(readFileSync(join(dir, 'dataset.json'), 'utf8')), tables } as Dataset;
}

const demoDir = demoDatasetDir();
const fromDemo = existsSync(join(demoDir, 'dataset.json'));
const dataset: Dataset = fromDemo ? readUnvalidated(demoDir) : demoSizedDataset();
const sizes = Object.fromEntries(
  TABLE_NAMES.filter((t) => dataset.tables[t]).map((t) => [t, dataset.tables[t]!.numRows]),
);

const firstCpu: number[] = [];
const warmCpu: number[] = [];
const validateFirst = timeMs(() => validateDataset(dataset), firstCpu);
const validateWarm = median(runs(10, () => validateDataset(dataset), warmCpu));
const rowsWarm = median(
  runs(3, () =>
    TABLE_NAMES.forEach((t) => {
      if (dataset.tables[t]) rowsOf(dataset.tables[t]);
    }),
  ),
);

const tmp = mkdtempSync(join(tmpdir(), 'halfspace-bench-data-'));
const csvWrite = median(runs(3, () => datasetToCsvDir(dataset, join(tmp, 'csv'))));
const csvRead = median(runs(3, () => datasetFromCsvDir(join(tmp, 'csv'))));
const arrowWrite = median(runs(3, () => datasetToDir(dataset, join(tmp, 'arrow'))));
const arrowRead = median(runs(3, () => datasetFromDir(join(tmp, 'arrow'))));
rmSync(tmp, { recursive: true, force: true });

const r = (x: number) => Math.round(x * 10) / 10;
const result = {
  data: fromDemo ? 'data/demo' : 'bench/data/demo-sized.ts (seed 7)',
  rows: sizes,
  node: process.version,
  validate_ms: { first_call: r(validateFirst), warm_median: r(validateWarm) },
  // Process CPU time (all threads, so the first call includes JIT compilation): steadier than wall time on a shared machine.
  validate_cpu_ms: { first_call: r(firstCpu[0]), warm_median: r(median(warmCpu)) },
  load_average_1m: r(loadavg()[0]),
  baseline_rows_of_ms: r(rowsWarm),
  ratio_rows_of_over_validate: r(rowsWarm / validateWarm),
  csv_ms: { write: r(csvWrite), read_and_validate: r(csvRead) },
  arrow_ms: { write: r(arrowWrite), read_and_validate: r(arrowRead) },
  ratio_csv_over_arrow: { write: r(csvWrite / arrowWrite), read: r(csvRead / arrowRead) },
};
mkdirSync('bench/results', { recursive: true });
writeFileSync('bench/results/data.json', `${JSON.stringify(result, null, 2)}\n`);
const md = [
  `# bench/data — validation and CSV (${result.data}, ${process.version})`,
  '',
  `Rows: ${Object.entries(sizes)
    .map(([t, n]) => `${t} ${n}`)
    .join(', ')}. Machine load average (1 min) during the run: ${result.load_average_1m} (2 shared cores).`,
  '',
  '| measure | wall ms | baseline | wall ms | ratio |',
  '|---|---:|---|---:|---:|',
  `| validateDataset (warm median of 10; CPU ${result.validate_cpu_ms.warm_median} ms) | ${result.validate_ms.warm_median} | rowsOf every table | ${result.baseline_rows_of_ms} | ${result.ratio_rows_of_over_validate}× faster |`,
  `| validateDataset (first call in process; CPU incl. JIT ${result.validate_cpu_ms.first_call} ms) | ${result.validate_ms.first_call} | | | |`,
  `| datasetToCsvDir | ${result.csv_ms.write} | datasetToDir (Arrow) | ${result.arrow_ms.write} | ${result.ratio_csv_over_arrow.write}× slower |`,
  `| datasetFromCsvDir (parse + validate) | ${result.csv_ms.read_and_validate} | datasetFromDir (Arrow) | ${result.arrow_ms.read_and_validate} | ${result.ratio_csv_over_arrow.read}× slower |`,
  '',
].join('\n');
writeFileSync('bench/results/data.md', md);
process.stdout.write(md);

/**
 * Dataset validation and the CSV provider on demo-sized data (data/demo when present, else the
 * seeded demo-sized fixture). Baselines in the same run: reading every row as objects with
 * `rowsOf` (what a row-by-row validator must at least do), and the Arrow IPC folder for CSV.
 * Run: npx tsx bench/data/validate.bench.ts → bench/results/data.{json,md}.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { datasetFromDir } from '../../src/data/load.js';
import { demoDatasetDir } from '../../src/data/paths.js';
import { datasetFromCsvDir, datasetToCsvDir } from '../../src/data/providers/csv/index.js';
import { datasetToDir } from '../../src/data/save.js';
import { rowsOf, TABLE_NAMES, type Dataset } from '../../src/data/schema.js';
import { validateDataset } from '../../src/data/validate.js';
import { demoSizedDataset } from './demo-sized.js';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
function timeMs(fn: () => void): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}
const runs = (n: number, fn: () => void) => Array.from({ length: n }, () => timeMs(fn));

const demoDir = demoDatasetDir();
const fromDemo = existsSync(join(demoDir, 'dataset.json'));
const dataset: Dataset = fromDemo ? datasetFromDir(demoDir) : demoSizedDataset();
const sizes = Object.fromEntries(TABLE_NAMES.filter((t) => dataset.tables[t]).map((t) => [t, dataset.tables[t]!.numRows]));

// The loader above already ran validateDataset once when reading data/demo; the fixture path did not.
const validateFirst = timeMs(() => validateDataset(dataset));
const validateWarm = median(runs(10, () => validateDataset(dataset)));
const rowsWarm = median(runs(3, () => TABLE_NAMES.forEach((t) => dataset.tables[t] && rowsOf(dataset.tables[t]!))));

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
  `Rows: ${Object.entries(sizes).map(([t, n]) => `${t} ${n}`).join(', ')}`,
  '',
  '| measure | ms | baseline | ms | ratio |',
  '|---|---:|---|---:|---:|',
  `| validateDataset (warm median of 10) | ${result.validate_ms.warm_median} | rowsOf every table | ${result.baseline_rows_of_ms} | ${result.ratio_rows_of_over_validate}× faster |`,
  `| validateDataset (first call in process) | ${result.validate_ms.first_call} | | | |`,
  `| datasetToCsvDir | ${result.csv_ms.write} | datasetToDir (Arrow) | ${result.arrow_ms.write} | ${result.ratio_csv_over_arrow.write}× slower |`,
  `| datasetFromCsvDir (parse + validate) | ${result.csv_ms.read_and_validate} | datasetFromDir (Arrow) | ${result.arrow_ms.read_and_validate} | ${result.ratio_csv_over_arrow.read}× slower |`,
  '',
].join('\n');
writeFileSync('bench/results/data.md', md);
process.stdout.write(md);

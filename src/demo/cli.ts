/**
 * `npm run data:demo [-- --seed N --out DIR]`: writes the synthetic demo universe (default:
 * `data/demo/` with the default seed) and prints how close it came to its calibration targets
 * (docs/methodology/demo-data.md#calibration).
 */
import { join } from 'node:path';
import { datasetToDir } from '../io/save.js';
import { packageRoot } from '../io/paths.js';
import { CALIBRATED_METRICS, TABLE_B } from './calibration-targets.js';
import { DEFAULT_SEED, generateDemoWithReport } from './index.js';
import { POSITION_GROUPS } from '../model/schema.js';

function argValue(flag: string): string | undefined {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const seedArg = argValue('--seed');
const seed = seedArg === undefined ? DEFAULT_SEED : Number(seedArg);
if (!Number.isInteger(seed)) {
  process.stderr.write(`--seed must be an integer, got ${seedArg}\n`);
  process.exit(2);
}
const out = argValue('--out') ?? join(packageRoot(), 'data', 'demo');
const started = performance.now();
const { dataset, calibration } = generateDemoWithReport({ seed });
const generatedMs = performance.now() - started;
datasetToDir(dataset, out);
let worst = 0;
const lines: string[] = [];
for (const g of POSITION_GROUPS) {
  let groupWorst = 0;
  let where = '';
  for (const m of CALIBRATED_METRICS) {
    const t = TABLE_B[g][m];
    const a = calibration[g][m];
    if (!t || !a) continue;
    for (let k = 0; k < 3; k++) {
      const err = t[k] === 0 ? (a[k] === 0 ? 0 : Number.POSITIVE_INFINITY) : Math.abs(a[k] - t[k]) / t[k];
      if (err > groupWorst) {
        groupWorst = err;
        where = `${m} p${[10, 50, 90][k]} target ${t[k]} got ${a[k].toFixed(3)}`;
      }
    }
  }
  worst = Math.max(worst, groupWorst);
  lines.push(`  ${g.padEnd(10)} worst ${(groupWorst * 100).toFixed(1)}% (${where})`);
}
const counts = Object.entries(dataset.tables)
  .map(([k, t]) => `${k} ${t?.numRows ?? 0}`)
  .join(', ');
process.stdout.write(
  `demo universe (seed ${seed}) → ${out} in ${(generatedMs / 1000).toFixed(1)} s\n  ${counts}\ncalibration vs METHOD.md Table B (worst relative error per group):\n${lines.join('\n')}\n`,
);

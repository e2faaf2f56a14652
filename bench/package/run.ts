/**
 * `npm run bench:package`: every package benchmark, each in its own process, one after another:
 * the import cost (import.bench.ts → bench/results/package.md) and the install cost
 * (install.bench.ts → bench/results/package-install.md). Arguments are passed to neither.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort();
let failed = 0;
for (const bench of benches) {
  process.stdout.write(`\n--- bench/package/${bench}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', `${here}${bench}`], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;

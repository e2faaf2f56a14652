/**
 * Runs every benchmark one after another (`npm run bench`), each in its own process so one cannot
 * warm or pollute another; each writes its own bench/results/<area>.{json,md}.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const all = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: Record<string, string> }
).scripts;
// An alias (`bench:fixtures` → `npm run bench:matches`, the old name) would run its target twice.
const scripts = Object.keys(all)
  .filter((s) => s.startsWith('bench:') && !all[s].startsWith('npm run'))
  .filter(
    (s) =>
      process.argv.length <= 2 ||
      process.argv.slice(2).some((a) => s === `bench:${a}` || all[`bench:${a}`] === `npm run --silent ${s}`),
  );

let failed = 0;
for (const script of scripts) {
  process.stdout.write(`\n=== npm run ${script}\n`);
  const r = spawnSync('npm', ['run', '--silent', script], { stdio: 'inherit' });
  if (r.status !== 0) failed++;
}
process.stdout.write(`\n${scripts.length - failed} benchmarks finished, ${failed} failed; results in bench/results/\n`);
process.exitCode = failed === 0 ? 0 : 1;

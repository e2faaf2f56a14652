/**
 * What `import 'halfspace'` costs a library user, from the built package (dist/, run `npm run build`
 * first), each sample in a fresh Node process: wall time of the import and the process's resident
 * memory afterwards. Baselines in the same run, interleaved sample by sample: importing only the
 * libraries the pure entry is built on (apache-arrow, zod), and
 * the import followed by loading the card render stack (satori + the resvg native add-on), which
 * `import 'halfspace'` loaded eagerly before it became lazy.
 * Run: npx tsx bench/package/import.bench.ts [samples] → bench/results/package.{json,md}.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
if (!existsSync(join(root, 'dist', 'index.js'))) throw new Error('dist/index.js is missing: run npm run build first');
const samples = Number(process.argv[2] ?? 9);

const CASES = {
  halfspace: `await import('halfspace');`,
  'dependencies only': `await Promise.all(['apache-arrow', 'zod'].map((m) => import(m)));`,
  'halfspace + render stack': `await import('halfspace'); const { createRequire } = await import('node:module'); const req = createRequire(process.cwd() + '/'); await import('satori'); req('@resvg/resvg-js');`,
} as const;
type Case = keyof typeof CASES;

/** One fresh process: milliseconds spent in `body` and resident MB afterwards. */
function sample(body: string): { ms: number; rssMb: number } {
  const script = `const t = performance.now(); ${body} const ms = performance.now() - t; console.log(JSON.stringify({ ms, rssMb: process.memoryUsage().rss / 1e6 }));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }),
  );
}

const results: Record<Case, { ms: number[]; rssMb: number[] }> = Object.fromEntries(
  Object.keys(CASES).map((c) => [c, { ms: [], rssMb: [] }]),
) as never;
const load = loadavg()[0];
for (let i = 0; i < samples; i++) {
  for (const c of Object.keys(CASES) as Case[]) {
    const s = sample(CASES[c]);
    results[c].ms.push(s.ms);
    results[c].rssMb.push(s.rssMb);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const row = (c: Case) => ({ ms: Math.round(median(results[c].ms)), rssMb: Math.round(median(results[c].rssMb)) });
const summary = Object.fromEntries((Object.keys(CASES) as Case[]).map((c) => [c, row(c)])) as Record<
  Case,
  { ms: number; rssMb: number }
>;
const h = summary.halfspace;
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;

mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(
  join(root, 'bench', 'results', 'package.json'),
  `${JSON.stringify({ node: process.version, samples, loadavg1: load, summary, raw: results }, null, 2)}\n`,
);
const md = [
  `# bench/package — import 'halfspace' (dist/, ${process.version})`,
  '',
  `Median of ${samples} fresh processes per case, interleaved. Machine load average (1 min) at the start: ${load.toFixed(1)} (2 shared cores).`,
  '',
  '| case | import ms | RSS MB | vs halfspace |',
  '|---|---:|---:|---:|',
  ...(Object.keys(CASES) as Case[]).map(
    (c) =>
      `| ${c} | ${summary[c].ms} | ${summary[c].rssMb} | ${c === 'halfspace' ? '' : `${ratio(summary[c].ms, h.ms)} time, ${summary[c].rssMb - h.rssMb >= 0 ? '+' : ''}${summary[c].rssMb - h.rssMb} MB`} |`,
  ),
  '',
].join('\n');
writeFileSync(join(root, 'bench', 'results', 'package.md'), md);
process.stdout.write(md);

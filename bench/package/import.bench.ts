/**
 * What a library or CLI user waits for, from the built package (dist/, run `npm run build` first):
 * each sample is a fresh Node process, timed wall-clock from spawn to exit, cases interleaved
 * sample by sample, with a bare `node -e 0` as the baseline of the same run.
 *  - the first answer: `import 'halfspace'` + `Engine.open({ dataset: 'demo' })` + one scouting
 *    call (guard rail ≤ 0.5 s wall), and `halfspace scouting --name … --json`;
 *  - the import alone, the libraries it is built on (apache-arrow, zod), and the import plus the
 *    card render stack (satori + resvg), which `import 'halfspace'` loads only on first render;
 *    for these the in-process milliseconds and resident memory are reported too.
 * On a loaded machine compare the ratio to `node -e 0` (0.5 s is about 3.8× on a quiet one).
 * Run: npm run bench:package [samples] → bench/results/package.{json,md}.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertFreshBuild } from '../built.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
assertFreshBuild(root, 'index.js');
const samples = Number(process.argv[2] ?? 9);
/** A demo player (data/demo is seeded, so the name is stable). */
const NAME = 'Bilal Trabelsi';

/** Module code timed in-process; it prints `{ ms, rssMb }` as its last line. */
const timed = (body: string) =>
  `const t = performance.now(); ${body} const ms = performance.now() - t; console.log(JSON.stringify({ ms, rssMb: process.memoryUsage().rss / 1e6 }));`;
const moduleArgs = (body: string) => ['--input-type=module', '-e', timed(body)];

const CASES = {
  'node -e 0': { args: ['-e', '0'], target: null },
  'first answer (import + open demo + scouting)': {
    args: moduleArgs(
      `const { Engine } = await import('halfspace'); const r = Engine.open({ dataset: 'demo' }).scouting({ name: ${JSON.stringify(NAME)} }); if (!r.ok) throw new Error(r.error.message);`,
    ),
    target: 500,
  },
  'halfspace scouting --name … --json': {
    args: [join(root, 'bin', 'halfspace.js'), 'scouting', '--name', NAME, '--json'],
    target: null,
  },
  "import 'halfspace'": { args: moduleArgs(`await import('halfspace');`), target: null },
  'apache-arrow + zod only': {
    args: moduleArgs(`await Promise.all(['apache-arrow', 'zod'].map((m) => import(m)));`),
    target: null,
  },
  'import + render stack': {
    args: moduleArgs(
      `await import('halfspace'); const { createRequire } = await import('node:module'); const req = createRequire(process.cwd() + '/'); await import('satori'); req('@resvg/resvg-js');`,
    ),
    target: null,
  },
} as const;
type Case = keyof typeof CASES;
const names = Object.keys(CASES) as Case[];

/**
 * Preloaded into every process: at exit it prints the CPU time the whole process used (user +
 * system, bootstrap included), which a loaded machine stretches far less than wall time.
 */
const CPU_PROBE = `data:text/javascript,process.on('exit',()=>process.stderr.write('\\n@cpu '+JSON.stringify(process.cpuUsage())))`;

/** One fresh process: wall and CPU milliseconds from spawn to exit, and what a timed module printed. */
function sample(args: readonly string[]): { wallMs: number; cpuMs: number; ms: number | null; rssMb: number | null } {
  const t = performance.now();
  const r = spawnSync(process.execPath, ['--import', CPU_PROBE, ...args], { cwd: root, encoding: 'utf8' });
  const wallMs = performance.now() - t;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  const cpu = /@cpu (\{.*\})/.exec(r.stderr);
  if (!cpu) throw new Error(`no CPU report from ${args.join(' ')}: ${r.stderr}`);
  const { user, system } = JSON.parse(cpu[1]) as { user: number; system: number };
  const last = r.stdout.trim().split('\n').pop() ?? '';
  const inner = last.startsWith('{"ms"') ? (JSON.parse(last) as { ms: number; rssMb: number }) : null;
  return { wallMs, cpuMs: (user + system) / 1000, ms: inner?.ms ?? null, rssMb: inner?.rssMb ?? null };
}

const raw = Object.fromEntries(names.map((c) => [c, [] as ReturnType<typeof sample>[]])) as Record<
  Case,
  ReturnType<typeof sample>[]
>;
const load = loadavg()[0];
for (let i = 0; i < samples; i++) for (const c of names) raw[c].push(sample(CASES[c].args));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const medianOf = (xs: (number | null)[]) => {
  const known = xs.filter((x): x is number => x !== null);
  return known.length > 0 ? Math.round(median(known)) : null;
};
const summary = Object.fromEntries(
  names.map((c) => [
    c,
    {
      wallMs: Math.round(median(raw[c].map((s) => s.wallMs))),
      cpuMs: Math.round(median(raw[c].map((s) => s.cpuMs))),
      inProcessMs: medianOf(raw[c].map((s) => s.ms)),
      rssMb: medianOf(raw[c].map((s) => s.rssMb)),
      targetMs: CASES[c].target,
    },
  ]),
) as Record<
  Case,
  { wallMs: number; cpuMs: number; inProcessMs: number | null; rssMb: number | null; targetMs: number | null }
>;
const node = summary['node -e 0'].wallMs;

mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(
  join(root, 'bench', 'results', 'package.json'),
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, samples, loadavg1: load, name: NAME, summary, raw }, null, 2)}\n`,
);
const md = [
  `# bench/package — the first answer and import 'halfspace' (dist/, ${process.version})`,
  '',
  `Median of ${samples} fresh processes per case, interleaved; wall time from spawn to exit. Machine load average (1 min) at the start: ${load.toFixed(1)} (2 shared cores).`,
  'The first answer guard rail is 500 ms wall on a machine where `node -e 0` takes 130 ms; the ratio column is the load-independent reading (500 ms ≈ 3.8×). CPU ms is user + system time of the whole process, which load stretches far less than wall time.',
  '',
  '| case | wall ms | × node -e 0 | target | CPU ms | in-process ms | RSS MB |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...names.map((c) => {
    const s = summary[c];
    const target = s.targetMs === null ? '' : `≤ ${s.targetMs} ms (${(s.targetMs / 130).toFixed(1)}×)`;
    return `| ${c} | ${s.wallMs} | ${(s.wallMs / node).toFixed(2)}× | ${target} | ${s.cpuMs} | ${s.inProcessMs ?? ''} | ${s.rssMb ?? ''} |`;
  }),
  '',
].join('\n');
writeFileSync(join(root, 'bench', 'results', 'package.md'), md);
process.stdout.write(md);

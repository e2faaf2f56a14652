/**
 * What one spawn of the built `halfspace` binary costs (bin/halfspace.js → dist/, run `npm run build`
 * first): CPU (user + system) and wall time per process for light command lines, against a bare
 * `node -e 0` measured in the same run, samples interleaved case by case. The CPU of each child
 * comes from the kernel's account of waited-for children (/proc/self/stat cutime + cstime, kept in
 * nanoseconds and read in clock ticks, so the per-case total is exact to one tick).
 * Run: npx tsx bench/cli/startup.bench.ts [samples] [--label NAME]
 *   → bench/results/cli-startup.{json,md} (cli-startup-NAME.{json,md} with a label).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertFreshBuild } from '../built.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const bin = join(root, 'bin', 'halfspace.js');
assertFreshBuild(root, 'cli/halfspace.js');
if (!existsSync('/proc/self/stat')) throw new Error('this bench reads /proc/self/stat: run it on Linux');

const args = process.argv.slice(2);
const labelAt = args.indexOf('--label');
const label = labelAt >= 0 ? args.splice(labelAt, 2)[1] : undefined;
const samples = Number(args[0] ?? 10);
if (!Number.isInteger(samples) || samples < 1) throw new Error(`samples must be a positive integer, got ${args[0]}`);

const tmp = mkdtempSync(join(tmpdir(), 'halfspace-cli-bench-'));
const db = join(tmp, 'store.db');

/** Each case is one argv for `node`; the first is the baseline every ratio divides by. */
const CASES: Record<string, string[]> = {
  'node -e 0 (baseline)': ['-e', '0'],
  '--version': [bin, '--version'],
  '--help': [bin, '--help'],
  'player --help': [bin, 'player', '--help'],
  'player --name "Igor Teixeira" --json': [bin, 'player', '--name', 'Igor Teixeira', '--json'],
  'keys list --db <tmp sqlite>': [bin, 'keys', 'list', '--db', db],
};
const BASELINE = Object.keys(CASES)[0];

const TICK_MS = 10; // USER_HZ is 100 on every Linux the project runs on (getconf CLK_TCK)

/** CPU of this process's waited-for children so far, in clock ticks: [user, system]. */
function childTicks(): [number, number] {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // Fields after the command name, which sits in parentheses and may hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // cutime and cstime are fields 16 and 17 of the whole line, 14 and 15 after "pid (comm)".
  return [Number(fields[13]), Number(fields[14])];
}

/** One spawn: wall milliseconds; exits non-zero or with stderr fail the bench. */
function spawnOnce(name: string, argv: string[]): { wallMs: number; userTicks: number; sysTicks: number } {
  const [u0, s0] = childTicks();
  const t = performance.now();
  const r = spawnSync(process.execPath, argv, { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  const wallMs = performance.now() - t;
  const [u1, s1] = childTicks();
  if (r.status !== 0) throw new Error(`${name} exited ${r.status}: ${r.stderr}`);
  return { wallMs, userTicks: u1 - u0, sysTicks: s1 - s0 };
}

// The store is created on first use: do that outside the measured runs.
spawnOnce('keys list (warm-up)', CASES['keys list --db <tmp sqlite>']);

const raw: Record<string, { wallMs: number[]; userTicks: number; sysTicks: number }> = Object.fromEntries(
  Object.keys(CASES).map((c) => [c, { wallMs: [], userTicks: 0, sysTicks: 0 }]),
);
const load = loadavg()[0];
for (let i = 0; i < samples; i++) {
  for (const [name, argv] of Object.entries(CASES)) {
    const s = spawnOnce(name, argv);
    raw[name].wallMs.push(s.wallMs);
    raw[name].userTicks += s.userTicks;
    raw[name].sysTicks += s.sysTicks;
  }
}
rmSync(tmp, { recursive: true, force: true });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const summary = Object.fromEntries(
  Object.entries(raw).map(([name, r]) => [
    name,
    {
      cpuMs: Math.round(((r.userTicks + r.sysTicks) * TICK_MS) / samples),
      userMs: Math.round((r.userTicks * TICK_MS) / samples),
      sysMs: Math.round((r.sysTicks * TICK_MS) / samples),
      wallMs: Math.round(median(r.wallMs)),
    },
  ]),
);
const base = summary[BASELINE];
const ratio = (a: number, b: number) => `${(a / b).toFixed(1)}×`;

const stem = label ? `cli-startup-${label}` : 'cli-startup';
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(
  join(root, 'bench', 'results', `${stem}.json`),
  `${JSON.stringify({ node: process.version, samples, loadavg1: load, summary, raw }, null, 2)}\n`,
);
const md = [
  `# bench/cli — startup of the built \`halfspace\` binary${label ? ` (${label})` : ''} (${process.version})`,
  '',
  `Mean CPU (user + system) and median wall time of ${samples} fresh processes per case, interleaved.`,
  `Machine load average (1 min) at the start: ${load.toFixed(1)} (2 shared cores). Command: \`npx tsx bench/cli/startup.bench.ts ${samples}${label ? ` --label ${label}` : ''}\`.`,
  '',
  '| command line | CPU ms | user ms | sys ms | CPU vs node -e 0 | wall ms | wall vs node -e 0 |',
  '|---|---:|---:|---:|---:|---:|---:|',
  ...Object.entries(summary).map(
    ([name, s]) =>
      `| \`${name}\` | ${s.cpuMs} | ${s.userMs} | ${s.sysMs} | ${name === BASELINE ? '1.0×' : ratio(s.cpuMs, base.cpuMs)} | ${s.wallMs} | ${name === BASELINE ? '1.0×' : ratio(s.wallMs, base.wallMs)} |`,
  ),
  '',
].join('\n');
writeFileSync(join(root, 'bench', 'results', `${stem}.md`), md);
process.stdout.write(md);

/**
 * What `npm install halfspace` costs a new user: the packed tarball (dist/ as built; run
 * `npm run build` first, or pass a tarball) installed into an empty project, against installing
 * apache-arrow + zod alone (what the engine is built on) into another empty project in the same
 * run, samples interleaved. Both installs use npm's cache as it is (`--prefer-offline`), so the
 * ratio compares the same kind of work. Per install: wall time, node_modules size, package count,
 * the packages with an install script (npm's `hasInstallScript`; none means none could run).
 * Then, in the halfspace project: time to the first answer (one engine call and one PNG card in a
 * fresh process), the packages each subpath export loads, and the packages each direct dependency
 * alone brings in (what making it an optional peer would save).
 * Target (issue 26): no install script, and install time ≤ 5× apache-arrow + zod.
 * Run: npx tsx bench/package/install.bench.ts [samples] [tarball] → bench/results/package-install.{json,md}.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertFreshBuild } from '../built.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const samples = Number(process.argv[2] ?? 1);
const given = process.argv[3] ? resolve(process.argv[3]) : null;
const work = mkdtempSync(join(tmpdir(), 'halfspace-install-bench-'));
const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

function packed(): string {
  if (given) return given;
  assertFreshBuild(root, 'index.js');
  const [p] = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', work], root)) as {
    filename: string;
  }[];
  return join(work, p.filename);
}

/** The versions this repository locks, so the baseline installs what halfspace would. */
function lockedVersion(name: string): string {
  const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
  return lock.packages[`node_modules/${name}`].version;
}

function bytesIn(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += bytesIn(path);
    else if (entry.isFile()) total += statSync(path).size;
  }
  return total;
}

interface LockEntry {
  version?: string;
  hasInstallScript?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}
const installedTree = (project: string): Record<string, LockEntry> =>
  JSON.parse(readFileSync(join(project, 'node_modules', '.package-lock.json'), 'utf8')).packages;

interface Install {
  seconds: number;
  mb: number;
  packages: number;
  installScripts: string[];
}

function install(specs: string[]): { result: Install; project: string } {
  const project = mkdtempSync(join(work, 'project-'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  const t = performance.now();
  npm(['install', '--prefer-offline', '--no-audit', '--no-fund', ...specs], project);
  const seconds = (performance.now() - t) / 1000;
  const tree = installedTree(project);
  const result = {
    seconds,
    mb: bytesIn(join(project, 'node_modules')) / 1e6,
    packages: Object.keys(tree).length,
    installScripts: Object.entries(tree)
      .filter(([, p]) => p.hasInstallScript)
      .map(([path]) => path.replace(/^.*node_modules\//, '')),
  };
  return { result, project };
}

/** A fresh process that opens the demo dataset, answers one scouting call and renders one card. */
const FIRST_ANSWER = `const t = performance.now();
const { Engine } = await import('halfspace');
const engine = Engine.open({ dataset: 'demo' });
const report = engine.scouting({ name: 'Igor Teixeira' });
const card = await engine.card({ player_name: 'Igor Teixeira', style: 'player_card' });
console.log(JSON.stringify({ ms: performance.now() - t, scouting: report.ok, cardBytes: card.ok ? card.value.png.length : card.error.code }));`;

// Records every package a process loads (ESM through the loader, CommonJS through require).
const RECORD_HOOK = `import Module, { register } from 'node:module';
import { writeFileSync } from 'node:fs';
const seen = new Set();
const note = (path) => { const m = /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(path); if (m && m[1] !== 'halfspace') seen.add(m[1]); };
const { port1, port2 } = new MessageChannel();
port1.on('message', note);
port1.unref();
register('data:text/javascript,' + encodeURIComponent(\`
  let port;
  export function initialize(data) { port = data.port; }
  export async function resolve(specifier, context, next) {
    const r = await next(specifier, context);
    port.postMessage(decodeURIComponent(r.url));
    return r;
  }\`), { data: { port: port2 }, transferList: [port2] });
const load = Module._load;
Module._load = function (request, parent, ...rest) { try { note(Module._resolveFilename(request, parent)); } catch {} return load.call(this, request, parent, ...rest); };
process.on('exit', () => writeFileSync(process.env.RECORD_TO, JSON.stringify([...seen].sort())));
`;

const SUBPATHS = ['', '/service', '/http', '/mcp', '/client', '/store/memory', '/store/sqlite', '/store/postgres'];

function loadedBy(project: string, subpath: string): string[] {
  const out = join(project, `loaded${subpath.replace(/\//g, '-')}.json`);
  writeFileSync(join(project, 'record.mjs'), RECORD_HOOK);
  try {
    execFileSync(
      process.execPath,
      ['--import', './record.mjs', '--input-type=module', '-e', `await import('halfspace${subpath}');`],
      { cwd: project, env: { ...process.env, RECORD_TO: out }, stdio: 'pipe', encoding: 'utf8' },
    );
  } catch (e) {
    // A subpath whose package is not installed (an optional peer): say so rather than stop.
    const message = String((e as { stderr?: string }).stderr ?? e);
    return [`(import fails: ${/Cannot find (?:package|module) '[^']+'/.exec(message)?.[0] ?? message.split('\n')[0]})`];
  }
  return JSON.parse(readFileSync(out, 'utf8'));
}

/** Per direct dependency: the packages (and MB) that no other direct dependency also needs. */
function ownWeight(project: string): Record<string, { packages: number; mb: number }> {
  const tree = installedTree(project);
  const direct = Object.keys(
    JSON.parse(readFileSync(join(project, 'node_modules', 'halfspace', 'package.json'), 'utf8')).dependencies,
  );
  const closure = (name: string): Set<string> => {
    const seen = new Set<string>();
    const walk = (n: string) => {
      const path = `node_modules/${n}`;
      if (seen.has(path) || !tree[path]) return;
      seen.add(path);
      const e = tree[path];
      for (const d of Object.keys({ ...e.dependencies, ...e.optionalDependencies })) walk(d);
    };
    walk(name);
    return seen;
  };
  const closures = Object.fromEntries(direct.map((d) => [d, closure(d)]));
  return Object.fromEntries(
    direct.map((d) => {
      const others = new Set(direct.filter((o) => o !== d).flatMap((o) => [...closures[o]]));
      const own = [...closures[d]].filter((p) => !others.has(p));
      const mb = own.reduce((sum, p) => sum + bytesIn(join(project, p)), 0) / 1e6;
      return [d, { packages: own.length, mb: Math.round(mb * 10) / 10 }];
    }),
  );
}

const tarball = packed();
const baseline = [`apache-arrow@${lockedVersion('apache-arrow')}`, `zod@${lockedVersion('zod')}`];
const load = loadavg()[0];
const runs: { halfspace: Install[]; baseline: Install[] } = { halfspace: [], baseline: [] };
let project = '';
for (let i = 0; i < samples; i++) {
  runs.baseline.push(install(baseline).result);
  const h = install([tarball]);
  runs.halfspace.push(h.result);
  project = h.project;
}
const firstAnswer = JSON.parse(
  execFileSync(process.execPath, ['--input-type=module', '-e', FIRST_ANSWER], { cwd: project, encoding: 'utf8' }),
) as { ms: number; scouting: boolean; cardBytes: number | string };
if (firstAnswer.scouting !== true || typeof firstAnswer.cardBytes !== 'number')
  throw new Error(`the installed package did not answer: ${JSON.stringify(firstAnswer)}`);
const loads = Object.fromEntries(SUBPATHS.map((s) => [`halfspace${s}`, loadedBy(project, s)]));
const weights = ownWeight(project);
rmSync(work, { recursive: true, force: true });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const summarise = (xs: Install[]) => ({
  seconds: Math.round(median(xs.map((x) => x.seconds)) * 10) / 10,
  mb: Math.round(median(xs.map((x) => x.mb)) * 10) / 10,
  packages: median(xs.map((x) => x.packages)),
  installScripts: [...new Set(xs.flatMap((x) => x.installScripts))],
});
const h = summarise(runs.halfspace);
const b = summarise(runs.baseline);
const ratio = h.seconds / b.seconds;
const summary = {
  tarball: basename(tarball),
  halfspace: h,
  baseline: { specs: baseline, ...b },
  ratio: Math.round(ratio * 10) / 10,
  target: { noInstallScript: h.installScripts.length === 0, atMost5x: ratio <= 5 },
  firstAnswerMs: Math.round(firstAnswer.ms),
  loads,
  ownWeight: weights,
};

mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(
  join(root, 'bench', 'results', 'package-install.json'),
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, npm: npm(['--version'], root).trim(), samples, loadavg1: load, summary, raw: runs }, null, 2)}\n`,
);
const row = (name: string, x: ReturnType<typeof summarise>) =>
  `| ${name} | ${x.seconds} | ${x.mb} | ${x.packages} | ${x.installScripts.join(', ') || 'none'} |`;
const md = [
  `# bench/package — npm install of the packed tarball (${process.version}, npm ${npm(['--version'], root).trim()})`,
  '',
  `Median of ${samples} install(s) per case into an empty project, interleaved, npm cache as it is (\`--prefer-offline\`). Machine load average (1 min) at the start: ${load.toFixed(1)} (2 shared cores).`,
  '',
  '| install | seconds | node_modules MB | packages | install scripts |',
  '|---|---:|---:|---:|---|',
  row(summary.tarball, h),
  row(baseline.join(' + '), b),
  '',
  `Ratio: **${summary.ratio}×** apache-arrow + zod (target ≤ 5×: ${summary.target.atMost5x ? 'met' : 'NOT met'}); install scripts: ${summary.target.noInstallScript ? 'none (target met)' : 'some (target NOT met)'}.`,
  `First answer in a fresh process (import, open the demo, one scouting call, one player_card PNG): ${summary.firstAnswerMs} ms.`,
  '',
  '## Packages each subpath export loads (on import)',
  '',
  '| import | packages loaded |',
  '|---|---|',
  ...Object.entries(loads).map(([k, v]) => `| \`${k}\` | ${v.join(', ') || '—'} |`),
  '',
  '## What each direct dependency alone brings in',
  '',
  '| dependency | packages only it needs | MB |',
  '|---|---:|---:|',
  ...Object.entries(weights)
    .sort((x, y) => y[1].mb - x[1].mb)
    .map(([k, v]) => `| ${k} | ${v.packages} | ${v.mb} |`),
  '',
].join('\n');
writeFileSync(join(root, 'bench', 'results', 'package-install.md'), md);
process.stdout.write(md);

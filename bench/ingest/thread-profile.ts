/**
 * Where each thread of an ingest spends its time, from the `.cpuprofile` files that
 * `node --cpu-prof --cpu-prof-dir=DIR` writes (one per thread: the main thread and each worker).
 * Per thread: busy and idle time, the functions with the most self time, the inclusive time of the
 * functions named with --functions, and when each was first and last on the stack (ms from the
 * main thread's start: shows the workers' start-up and the serial tail after the last match).
 * Sampled wall time: on a loaded machine every number grows with the waiting.
 * Run: node --cpu-prof --cpu-prof-dir=/tmp/p bench/ingest/wyscout-child.mjs <wyscout-dir> /tmp/out 2
 *      npx tsx bench/ingest/thread-profile.ts /tmp/p [--top 25] [--functions readMatchFile,mergeDatasets]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const isProfile = (v: unknown): v is Profile =>
  typeof v === 'object' && v !== null && 'nodes' in v && 'samples' in v && 'timeDeltas' in v;

/** A frame's label: function, file and line. */
const labelOf = (n: ProfileNode): string =>
  `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;

/** Each sample's node, duration (ms) and end time (µs, the profile's clock). */
function samplesOf(p: Profile): { node: number; ms: number; at: number }[] {
  let at = p.startTime;
  return p.samples.map((node, i) => {
    at += p.timeDeltas[i];
    return { node, ms: (p.timeDeltas[i + 1] ?? 0) / 1000, at };
  });
}

/** The names of the functions on each node's stack (itself included). */
function stacksOf(p: Profile): Map<number, Set<string>> {
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const stacks = new Map<number, Set<string>>();
  for (const n of p.nodes) {
    const names = new Set<string>();
    for (let id: number | undefined = n.id; id !== undefined; id = parent.get(id))
      names.add(byId.get(id)?.callFrame.functionName ?? '');
    stacks.set(n.id, names);
  }
  return stacks;
}

/** Prints one thread's report. */
function report(file: string, p: Profile, t0: number, top: number, functions: readonly string[]): void {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const samples = samplesOf(p);
  for (const s of samples) {
    const node = byId.get(s.node);
    if (node) self.set(labelOf(node), (self.get(labelOf(node)) ?? 0) + s.ms);
  }
  const total = samples.reduce((a, s) => a + s.ms, 0);
  const idle = [...self].filter(([k]) => k.startsWith('(idle)')).reduce((a, [, v]) => a + v, 0);
  const ms = (v: number) => Math.round(v).toString().padStart(7);
  console.log(`== ${file}: ${Math.round((p.startTime - t0) / 1000)} to ${Math.round((p.endTime - t0) / 1000)} ms`);
  console.log(`${ms(total - idle)}  busy (${Math.round(idle)} ms idle)`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(v)}  ${k}`);
  const stacks = stacksOf(p);
  for (const name of functions) {
    const on = samples.filter((s) => stacks.get(s.node)?.has(name));
    if (on.length === 0) continue;
    const span = `${Math.round((on[0].at - t0) / 1000)} .. ${Math.round((on[on.length - 1].at - t0) / 1000)} ms`;
    console.log(`${ms(on.reduce((a, s) => a + s.ms, 0))}  inclusive ${name} (on the stack ${span})`);
  }
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' }, functions: { type: 'string', default: '' } },
});
const dir = positionals[0];
if (!dir) {
  console.error('usage: npx tsx bench/ingest/thread-profile.ts <cpu-prof-dir> [--top N] [--functions a,b]');
  process.exit(2);
}
const profiles = readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .sort()
  .flatMap((f) => {
    const p: unknown = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    return isProfile(p) ? [{ f, p }] : [];
  });
const t0 = Math.min(...profiles.map(({ p }) => p.startTime));
const functions = values.functions.split(',').filter(Boolean);
for (const { f, p } of profiles) report(f, p, t0, Number(values.top), functions);

/**
 * Hold + capture throughput of the wallet stores, the path every paid API call takes: a SQLite file
 * (default `mixed` durability, WAL) and, as the baseline of the same run, the memory store. Two
 * shapes: `concurrent` (many calls in flight, so group commit batches them) and `sequential` (one
 * call at a time, one transaction each). Median of the rounds per case.
 * Run: npx tsx bench/store/ledger.bench.ts [label] [pairs] [rounds] → bench/results/store.{json,md}.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { memoryStore } from '../../src/store/memory/store.js';
import type { ServiceStore } from '../../src/store/ports.js';
import { sqliteStore } from '../../src/store/sqlite/store.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const label = process.argv[2] ?? 'current';
const pairs = Number(process.argv[3] ?? 20000);
const rounds = Number(process.argv[4] ?? 5);
/** Calls in flight in the concurrent shape (as many requests as a busy server has open). */
const CONCURRENCY = 64;
const AT = '2026-03-01T12:00:00.000Z';
const LATER = '2026-03-01T13:00:00.000Z';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-bench-store-'));
let files = 0;
const DRIVERS = {
  sqlite: () => sqliteStore(join(dir, `b${files++}.db`)),
  memory: () => memoryStore(),
} as const;
type Driver = keyof typeof DRIVERS;
type Shape = 'concurrent' | 'sequential';

/** Hold + capture pairs per second over `n` pairs run by `workers` loops on one fresh store. */
async function pairsPerSecond(make: () => ServiceStore, n: number, workers: number): Promise<number> {
  const store = make();
  await store.wallets.open('w', AT);
  await store.wallets.topup('w', n, AT);
  let left = n;
  const loop = async () => {
    while (left > 0) {
      left -= 1;
      const h = await store.wallets.hold('w', 1, AT, LATER, 'bench');
      if (!h.ok) throw new Error(`hold refused: ${h.reason}`);
      const c = await store.wallets.capture(h.hold_id, AT);
      if (!c.ok) throw new Error(`capture refused: ${c.reason}`);
    }
  };
  const t = performance.now();
  await Promise.all(Array.from({ length: workers }, loop));
  const seconds = (performance.now() - t) / 1000;
  if ((await store.wallets.balance('w')) !== 0) throw new Error('balance is not 0 after spending every credit');
  await store.close();
  return n / seconds;
}

const load = loadavg()[0];
const raw: Record<string, number[]> = {};
for (let r = 0; r < rounds; r++) {
  // Interleaved, so load changes hit every case alike.
  for (const driver of Object.keys(DRIVERS) as Driver[]) {
    for (const shape of ['concurrent', 'sequential'] as Shape[]) {
      const n = shape === 'concurrent' ? pairs : Math.ceil(pairs / 4);
      (raw[`${driver} ${shape}`] ??= []).push(
        await pairsPerSecond(DRIVERS[driver], n, shape === 'concurrent' ? CONCURRENCY : 1),
      );
    }
  }
}
rmSync(dir, { recursive: true, force: true });
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const summary = Object.fromEntries(Object.entries(raw).map(([k, xs]) => [k, Math.round(median(xs))]));

mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(
  join(root, 'bench', 'results', 'store.json'),
  `${JSON.stringify({ label, node: process.version, pairs, rounds, concurrency: CONCURRENCY, loadavg1: load, summary, raw }, null, 2)}\n`,
);
const md = [
  `# bench/store — hold + capture pairs per second (${label}, ${process.version})`,
  '',
  `${pairs} pairs concurrent (${CONCURRENCY} in flight), ${Math.ceil(pairs / 4)} sequential; median of ${rounds} interleaved rounds. Load average (1 min) at the start: ${load.toFixed(1)} (2 shared cores).`,
  '',
  '| shape | sqlite pairs/s | memory pairs/s (baseline) | sqlite / memory |',
  '|---|---:|---:|---:|',
  ...(['concurrent', 'sequential'] as Shape[]).map(
    (s) =>
      `| ${s} | ${summary[`sqlite ${s}`]} | ${summary[`memory ${s}`]} | ${(summary[`sqlite ${s}`] / summary[`memory ${s}`]).toFixed(3)} |`,
  ),
  '',
].join('\n');
writeFileSync(join(root, 'bench', 'results', 'store.md'), md);
process.stdout.write(md);

/**
 * Cost of the operations layer (issue #16: metrics, JSON access log on stdout, CORS, admin routes)
 * on the paid player call: the same server with and without it, measured in the same run,
 * alternating (plain, ops, plain, ops) so machine load hits both alike. 64 connections, loopback,
 * autocannon. Writes bench/results/ops.{json,md}.
 * Run: npm run bench:ops  (BENCH_OPS_SECONDS=N per round; default 5).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = dirname(fileURLToPath(import.meta.url));
const resultsDir = join(here, '..', 'results');
const SECONDS = Number(process.env.BENCH_OPS_SECONDS ?? 5);

interface Target {
  child: ChildProcess;
  info: { url: string; key: string; player_id: number };
  logLines: number;
}

function startTarget(mode: 'plain' | 'ops'): Promise<Target> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'ops-target.ts'), mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    let target: Target | null = null;
    // The first line is the address; the rest is the access log, read (and counted) as a log shipper would.
    lines.on('line', (line) => {
      if (target) return void target.logLines++;
      target = { child, info: JSON.parse(line), logLines: 0 };
      resolve(target);
    });
    child.once('exit', (code) => reject(new Error(`bench target ${mode} exited with ${code}`)));
  });
}

async function round(target: Target) {
  const opts = {
    url: `${target.info.url}/api/v1/intelligence/player`,
    method: 'POST' as const,
    headers: { authorization: `Bearer ${target.info.key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ player_id: target.info.player_id }),
    connections: 64,
  };
  await autocannon({ ...opts, duration: 1 });
  const r = await autocannon({ ...opts, duration: SECONDS });
  return { rps: Math.round(r.requests.average), p99_ms: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

/** CPU time of a process so far, in µs (Linux /proc; clock ticks of 10 ms, so measured over many requests). */
function cpuUsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * Server CPU per `/metrics` scrape after the load rounds (every operation and status labelled):
 * a burst of 300 scrapes (one rendering per METRICS_STORE_CACHE_MS serves them) and 8 scrapes each
 * after the cache lapsed, against 300 `/healthz` requests measured the same way.
 */
async function scrapeCost(target: Target) {
  const pid = target.child.pid!;
  const per = async (path: string, n: number, gapMs = 0) => {
    const start = cpuUsOf(pid);
    for (let i = 0; i < n; i++) {
      if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
      await (await fetch(`${target.info.url}${path}`)).text();
    }
    return Math.round((cpuUsOf(pid) - start) / n);
  };
  return {
    healthz_us: await per('/healthz', 300),
    metrics_burst_us: await per('/metrics', 300),
    metrics_cold_us: await per('/metrics', 8, 1_100),
  };
}

let scrape = { healthz_us: 0, metrics_burst_us: 0, metrics_cold_us: 0 };
const plain = await startTarget('plain');
const ops = await startTarget('ops');
const runs: Record<'plain' | 'ops', Awaited<ReturnType<typeof round>>[]> = { plain: [], ops: [] };
try {
  for (let i = 0; i < 2; i++) {
    runs.plain.push(await round(plain));
    runs.ops.push(await round(ops));
  }
  scrape = await scrapeCost(ops);
} finally {
  plain.child.kill('SIGTERM');
  ops.child.kill('SIGTERM');
}
const best = (xs: { rps: number }[]) => Math.max(...xs.map((x) => x.rps));
const ratio = Math.round((best(runs.ops) / best(runs.plain)) * 1000) / 1000;
const result = {
  date: new Date().toISOString(),
  seconds_per_round: SECONDS,
  connections: 64,
  runs,
  best_rps: { plain: best(runs.plain), ops: best(runs.ops) },
  ratio_ops_to_plain: ratio,
  access_log_lines: ops.logLines,
  metrics_scrape_cpu: scrape,
};
mkdirSync(resultsDir, { recursive: true });
writeFileSync(join(resultsDir, 'ops.json'), `${JSON.stringify(result, null, 2)}\n`);
const row = (name: string, xs: { rps: number; p99_ms: number; non2xx: number; errors: number }[]) =>
  `| ${name} | ${xs.map((x) => `${x.rps} req/s, p99 ${x.p99_ms} ms`).join(' · ')} | ${xs.reduce((s, x) => s + x.non2xx + x.errors, 0)} |`;
writeFileSync(
  join(resultsDir, 'ops.md'),
  `# Operations layer overhead (paid intelligence/player, SQLite, 64 connections)\n\n${result.date}; ${SECONDS} s per round, rounds alternate.\n\n| server | rounds | non-2xx + errors |\n|---|---|---|\n${row('plain listener', runs.plain)}\n${row('with metrics, JSON access log, CORS, admin', runs.ops)}\n\nBest round with the operations layer / without: **${ratio}** (${result.best_rps.ops} vs ${result.best_rps.plain} req/s); ${ops.logLines} access-log lines read from the server's stdout.\n\nServer CPU per request after the rounds: \`/healthz\` ${scrape.healthz_us} µs; \`/metrics\` in a burst of 300 ${scrape.metrics_burst_us} µs; \`/metrics\` with the 1 s cache lapsed (a fresh rendering and store read) ${scrape.metrics_cold_us} µs (10 ms clock ticks over 8 scrapes).\n`,
);
console.log(
  `plain ${result.best_rps.plain} req/s, ops ${result.best_rps.ops} req/s, ratio ${ratio}; ${ops.logLines} log lines`,
);

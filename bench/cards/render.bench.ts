/**
 * Card rendering benchmark (issue 5, docs/design.md#cards-and-prompts): cold first render, median and p95 of warm renders
 * per sync style split into satori (layout → SVG) and resvg (SVG → PNG), cards per second with one
 * worker per core, and RSS after 1,000 renders. Baseline in the same run: the player_card with its
 * flat fills swapped for gradients (the style of the first probe docs/design.md#cards-and-prompts reports).
 * The radar (two players on ten spokes, the sample facts' radar) is measured beside the player_card,
 * whose time budget it must keep: their CPU-time ratio is reported, on the sample facts and on every
 * regular (outfield and goalkeepers) of a real league when ../shared/real is present (league.ts).
 *
 *   npm run bench:cards        (tsx --expose-gc bench/cards/render.bench.ts)
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { layoutOf } from '../../src/cards/card.js';
import type { LayoutNode } from '../../src/cards/layout-tree.js';
import { layoutToSvg, renderLayout, svgToPng } from '../../src/cards/render.js';
import * as z from 'zod';
import { sampleFacts } from '../../test/cards/sample-facts.js';
import { assertFreshBuild } from '../built.js';
import { leagueRadar } from './league.js';

const WARM_RUNS = 50;
const RSS_RENDERS = 1000;
const USER_PROCESS_RUNS = 3;
const THROUGHPUT_MS = 8000;
const here = dirname(fileURLToPath(import.meta.url));

const facts = sampleFacts();
const ribbonFacts = sampleFacts({
  stats: [
    'goals_per90',
    'assists_per90',
    'shots_per90',
    'shots_on_target_per90',
    'big_chances_per90',
    'key_passes_per90',
  ],
  hero_stat: 'goals_per90',
});
const TREES: Record<string, { tree: LayoutNode; width: number; height: number }> = {
  player_card: { tree: layoutOf('player_card', facts), width: 1080, height: 1350 },
  stat_ribbon: { tree: layoutOf('stat_ribbon', ribbonFacts), width: 1080, height: 1080 },
  radar: { tree: layoutOf('radar', facts), width: 1080, height: 1350 },
  player_card_gradients: { tree: withGradients(layoutOf('player_card', facts)), width: 1080, height: 1350 },
};

/** The baseline: every flat fill becomes a diagonal gradient to a darker shade. */
function withGradients(node: LayoutNode): LayoutNode {
  const style = { ...node.props.style };
  const fill = style.backgroundColor;
  if (typeof fill === 'string' && fill.startsWith('#')) {
    delete style.backgroundColor;
    style.backgroundImage = `linear-gradient(135deg, ${fill} 0%, #000000 140%)`;
  }
  const kids = node.props.children;
  const children = Array.isArray(kids) ? kids.map((c) => (c && typeof c === 'object' ? withGradients(c) : c)) : kids;
  return { type: node.type, props: { ...node.props, style, children } };
}

/** One render measured stage by stage: wall time and this process's CPU time (user + system), in ms. */
async function measuredRender(tree: LayoutNode, width: number, height: number) {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const svg = await layoutToSvg(tree, width, height);
  const c1 = process.cpuUsage();
  const t1 = performance.now();
  const png = svgToPng(svg);
  const c2 = process.cpuUsage();
  const t2 = performance.now();
  await new Promise<void>((resolve) => setImmediate(resolve));
  const cpu = (a: NodeJS.CpuUsage, b: NodeJS.CpuUsage) => (b.user - a.user + b.system - a.system) / 1000;
  return { svgMs: t1 - t0, pngMs: t2 - t1, svgCpuMs: cpu(c0, c1), pngCpuMs: cpu(c1, c2), bytes: png.length };
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const median = (xs: number[]) =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.5,
  );
const p95 = (xs: number[]) =>
  quantile(
    [...xs].sort((a, b) => a - b),
    0.95,
  );
const round = (x: number) => Math.round(x * 10) / 10;
const gc = (globalThis as { gc?: () => void }).gc;

async function workerMain(): Promise<void> {
  const { ms } = workerData as { ms: number };
  const { tree, width, height } = TREES.player_card;
  await renderLayout(tree, width, height);
  const start = performance.now();
  let n = 0;
  while (performance.now() - start < ms) {
    await renderLayout(tree, width, height);
    n++;
    if (gc && n % 25 === 0) gc();
  }
  parentPort!.postMessage({ n, ms: performance.now() - start });
}

async function throughput(workers: number): Promise<number> {
  const results = await Promise.all(
    Array.from(
      { length: workers },
      () =>
        new Promise<{ n: number; ms: number }>((resolve, reject) => {
          // A worker does not inherit tsx's loader, so it registers tsx itself before importing this file.
          const tsxApi = import.meta.resolve('tsx/esm/api');
          const boot = `import(${JSON.stringify(tsxApi)}).then((m) => { m.register(); return import(${JSON.stringify(import.meta.url)}); });`;
          const w = new Worker(boot, { eval: true, workerData: { ms: THROUGHPUT_MS } });
          w.once('message', resolve);
          w.once('error', reject);
        }),
    ),
  );
  return results.reduce((a, r) => a + (r.n * 1000) / r.ms, 0);
}

const UserRss = z.object({
  start_mb: z.number(),
  peak_mb: z.number(),
  after_mb: z.number(),
  process_peak_mb: z.number(),
});

/**
 * The RSS phase in fresh plain-node processes on dist/ (bench/cards/rss-child.mjs), as a library
 * user runs it: no tsx loader thread, a collected start, the peak read after every render.
 */
function userProcessRss(root: string): z.infer<typeof UserRss>[] {
  const dir = mkdtempSync(join(tmpdir(), 'halfspace-cards-rss-'));
  try {
    const treesFile = join(dir, 'trees.json');
    writeFileSync(treesFile, JSON.stringify(TREES));
    const child = join(here, 'rss-child.mjs');
    return Array.from({ length: USER_PROCESS_RUNS }, () => {
      const run = spawnSync(
        process.execPath,
        ['--expose-gc', child, join(root, 'dist', 'index.js'), treesFile, String(RSS_RENDERS)],
        { encoding: 'utf8' },
      );
      if (run.status !== 0) throw new Error(`rss-child failed: ${run.stderr}`);
      return UserRss.parse(JSON.parse(run.stdout));
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  // Checked first: the user-process phase runs dist/, and a stale build is known before the long run.
  const root = join(here, '..', '..');
  assertFreshBuild(root, 'index.js');
  const loadAtStart = loadavg()[0];
  const t0 = performance.now();
  const coldCpu0 = process.cpuUsage();
  const cold = await renderLayout(TREES.player_card.tree, 1080, 1350);
  const coldCpu = process.cpuUsage(coldCpu0);
  const coldMs = performance.now() - t0;
  const coldCpuMs = (coldCpu.user + coldCpu.system) / 1000;

  type StyleStats = Record<string, number>;
  const styles: Record<string, StyleStats> = {};
  for (const [name, { tree, width, height }] of Object.entries(TREES)) {
    for (let i = 0; i < 3; i++) await measuredRender(tree, width, height);
    const runs: Awaited<ReturnType<typeof measuredRender>>[] = [];
    for (let i = 0; i < WARM_RUNS; i++) runs.push(await measuredRender(tree, width, height));
    const col = (f: (r: (typeof runs)[number]) => number) => runs.map(f);
    styles[name] = {
      total_median_ms: round(median(col((r) => r.svgMs + r.pngMs))),
      total_p95_ms: round(p95(col((r) => r.svgMs + r.pngMs))),
      satori_median_ms: round(median(col((r) => r.svgMs))),
      satori_p95_ms: round(p95(col((r) => r.svgMs))),
      resvg_median_ms: round(median(col((r) => r.pngMs))),
      resvg_p95_ms: round(p95(col((r) => r.pngMs))),
      cpu_total_median_ms: round(median(col((r) => r.svgCpuMs + r.pngCpuMs))),
      cpu_total_p95_ms: round(p95(col((r) => r.svgCpuMs + r.pngCpuMs))),
      cpu_satori_median_ms: round(median(col((r) => r.svgCpuMs))),
      cpu_resvg_median_ms: round(median(col((r) => r.pngCpuMs))),
      png_bytes: runs[0].bytes,
    };
    console.log(name, styles[name]);
  }

  const rssStart = process.memoryUsage().rss;
  let rssPeak = rssStart;
  for (let i = 1; i <= RSS_RENDERS; i++) {
    await renderLayout(TREES.player_card.tree, 1080, 1350);
    if (gc && i % 50 === 0) gc();
    if (i % 50 === 0) rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
  }
  const rssAfter = process.memoryUsage().rss;
  console.log('rss MB', rssStart / 2 ** 20, rssPeak / 2 ** 20, rssAfter / 2 ** 20);
  const userRuns = userProcessRss(root);
  console.log('user-process rss MB', userRuns);
  const userPeak = Math.max(...userRuns.map((r) => r.peak_mb));

  const cores = availableParallelism();
  const single = await throughput(1);
  const perCore = await throughput(cores);
  console.log('cards/s', single, perCore);

  const league = await leagueRadar(measuredRender);
  console.log('league radar', league);

  const flat = styles.player_card.cpu_total_median_ms;
  const radarRatio = Math.round((styles.radar.cpu_total_median_ms / flat) * 100) / 100;
  const gradient = styles.player_card_gradients.cpu_total_median_ms;
  const result = {
    machine: {
      cores,
      node: process.version,
      gc_exposed: Boolean(gc),
      load_average_1m_at_start: round(loadAtStart),
      load_average_1m_at_end: round(loadavg()[0]),
      note: 'shared machine: a load average above the core count means other processes competed for the CPU and every time is inflated',
    },
    cold_first_render_ms: round(coldMs),
    cold_first_render_cpu_ms: round(coldCpuMs),
    cold_first_render_split: { satori_ms: round(cold.svg_ms), resvg_ms: round(cold.png_ms) },
    warm_runs: WARM_RUNS,
    styles,
    baseline: {
      name: 'player_card_gradients',
      measure: 'CPU-time median',
      ratio_flat_vs_gradients: Math.round((flat / gradient) * 100) / 100,
    },
    radar_vs_player_card: {
      measure: 'CPU-time median',
      ratio: radarRatio,
      target: 'at most 1 (the radar renders within the player_card time budget)',
      league,
    },
    throughput: {
      workers_1_cards_per_s: round(single),
      [`workers_${cores}_cards_per_s`]: round(perCore),
      seconds_per_worker: THROUGHPUT_MS / 1000,
    },
    rss: {
      renders: RSS_RENDERS,
      start_mb: round(rssStart / 2 ** 20),
      peak_mb: round(rssPeak / 2 ** 20),
      after_mb: round(rssAfter / 2 ** 20),
      note: 'in this tsx process: counts the tsx loader thread; the target applies to user_process',
    },
    rss_user_process: {
      command: 'node --expose-gc bench/cards/rss-child.mjs (dist/index.js)',
      renders: RSS_RENDERS,
      runs: userRuns,
      peak_mb_max: userPeak,
      target_mb: 300,
    },
    targets: {
      player_card_warm_median_ms: 60,
      player_card_cpu_median_ms: styles.player_card.cpu_total_median_ms,
      player_card_wall_median_ms: styles.player_card.total_median_ms,
    },
  };
  const out = join(here, '..', 'results');
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'cards.json'), `${JSON.stringify({ date: new Date().toISOString(), ...result }, null, 2)}\n`);
  const row = (n: string) => {
    const x = styles[n];
    return `| ${n} | ${x.cpu_total_median_ms} | ${x.cpu_total_p95_ms} | ${x.cpu_satori_median_ms} | ${x.cpu_resvg_median_ms} | ${x.total_median_ms} | ${x.total_p95_ms} | ${x.satori_median_ms} | ${x.resvg_median_ms} | ${Math.round(x.png_bytes / 1024)} |`;
  };
  const md = [
    '# Card rendering (bench/cards/render.bench.ts)',
    '',
    `Node ${process.version}, ${cores} cores (shared; 1-minute load average ${round(loadAtStart)} at start, ${round(loadavg()[0])} at end), ${WARM_RUNS} warm renders per style. Command: \`npm run bench:cards\`.`,
    '',
    "CPU ms = this process's user + system CPU time per render (robust to other processes competing for the cores); wall ms = elapsed time (inflated whenever the load average exceeds the core count).",
    '',
    '| style | CPU median ms | CPU p95 ms | CPU satori ms | CPU resvg ms | wall median ms | wall p95 ms | wall satori ms | wall resvg ms | PNG KB |',
    '|---|---|---|---|---|---|---|---|---|---|',
    row('player_card'),
    row('stat_ribbon'),
    row('radar'),
    row('player_card_gradients'),
    '',
    `- Cold first render (fonts read, satori initialised): ${round(coldMs)} ms wall, ${round(coldCpuMs)} ms CPU (wall split: satori ${round(cold.svg_ms)}, resvg ${round(cold.png_ms)}).`,
    `- Baseline ratio, flat player_card ÷ gradient variant (CPU-time median): ${result.baseline.ratio_flat_vs_gradients}.`,
    `- Radar ÷ player_card (CPU-time median; target at most 1): ${radarRatio}.`,
    league
      ? `- Radar on every regular of the ${league.league}: ${league.players} players (${league.goalkeepers} goalkeepers), each drawn as a radar and as a player_card. Radar CPU median / p95 / max ${league.radar_cpu.median_ms} / ${league.radar_cpu.p95_ms} / ${league.radar_cpu.max_ms} ms; player_card ${league.player_card_cpu.median_ms} / ${league.player_card_cpu.p95_ms} / ${league.player_card_cpu.max_ms} ms. Radar ÷ player_card: median ${league.median_ratio}, p95 ${league.p95_ratio}; radars above the player_card's p95 (the budget): ${league.radars_over_player_card_p95} of ${league.players} (player_cards above it: ${league.player_cards_over_player_card_p95}).`
      : '- Radar on a real league: skipped (the Wyscout public dataset is absent from HALFSPACE_REAL_DIR, else ../shared/real).',
    `- Throughput, player_card: ${round(single)} cards/s with 1 worker, ${round(perCore)} cards/s with ${cores} workers (worker_threads).`,
    `- RSS over ${RSS_RENDERS} renders as a user runs them (plain node on dist/, ${USER_PROCESS_RUNS} fresh processes, start after a GC, peak read after every render): ${userRuns.map((r) => `start ${r.start_mb}, peak ${r.peak_mb}, after ${r.after_mb} MB (whole process peak ${r.process_peak_mb} MB)`).join('; ')}; highest peak ${userPeak} MB (target < 300 MB).`,
    `- RSS over ${RSS_RENDERS} renders in this tsx process (yield after each render, gc every 50; counts the tsx loader thread): start ${result.rss.start_mb} MB, peak ${result.rss.peak_mb} MB, after ${result.rss.after_mb} MB.`,
    '',
  ].join('\n');
  writeFileSync(join(out, 'cards.md'), md);
  console.log(md);
}

if (isMainThread) await main();
else await workerMain();

// One Wyscout ingest in a process of its own (bench/ingest/wyscout.bench.ts), through the BUILT
// package (dist/), so its peak RSS and CPU (all threads) are the ingest's alone. Prints one JSON line.
// Usage: node bench/ingest/wyscout-child.mjs <wyscout-dir> <out-dir> <workers>
import { datasetToDir, wyscoutIngestMany } from '../../dist/index.js';

const [dir, out, workers] = process.argv.slice(2);
const started = performance.now();
const { dataset, reports } = await wyscoutIngestMany(dir, { competitions: 'all', workers: Number(workers) });
const ingestMs = performance.now() - started;
datasetToDir(dataset, out);
const usage = process.resourceUsage();
console.log(
  JSON.stringify({
    workers: Number(workers),
    ms: Math.round(ingestMs),
    ms_with_write: Math.round(performance.now() - started),
    cpu_ms: Math.round((usage.userCPUTime + usage.systemCPUTime) / 1000),
    peak_rss_mb: Math.round(usage.maxRSS / 102.4) / 10,
    competitions: reports.map((r) => ({
      competition: r.competition,
      league: r.league,
      season: r.season,
      matches: r.matches,
      events: r.events,
      players: r.players,
      anomalies: r.report.anomalies.length,
    })),
    players: dataset.tables.players.numRows,
    player_seasons: dataset.tables.player_seasons.numRows,
    fixtures: dataset.tables.fixtures.numRows,
  }),
);

/**
 * How reliable a DNA v2 vector is as a function of minutes (docs/methodology/dna.md#small-samples),
 * from the split-half datasets of the self-retrieval test: every outfield player with a vector in
 * both halves (his largest row of each half) is bucketed by the minutes of his shorter half; per
 * bucket, the cosine of his two halves (median, 25th percentile, share reaching the `strong overlap`
 * floor) and his top-1 self-retrieval, each half querying the other half's pool of players with
 * ≥ 900 minutes plus himself (so only his own sample varies between buckets), averaged over both
 * directions. The last four columns keep only the players whose longer half has ≥ 900 minutes: a
 * reliable vector against a short one, as a regular's query meets a short-sample candidate.
 *
 * Run: DNA_HALVES=/tmp/dna-halves npx tsx bench/judgment/minutes-reliability.ts [England …]
 * (reads `<DNA_HALVES>/<competition>-<from>-<to>` as cached by self-retrieval.ts; writes
 * bench/results/minutes-reliability.md).
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZONE_STRONG_OVERLAP_MIN } from '../../src/dna/similarity.js';
import { zoneCountsByRowOf } from '../../src/dna/zone-counts.js';
import { zoneDnaOf } from '../../src/dna/zone-vectors.js';
import { datasetFromDir } from '../../src/io/load.js';
import { POSITION_GROUPS, type Dataset } from '../../src/model/schema.js';
import { deriveSeasons } from '../../src/stats/derive.js';
import { POOL_MINUTES_MIN } from './self-retrieval.js';

/** Lower edges of the minute buckets of the shorter half. */
export const BUCKETS = [90, 450, 900, 1350] as const;

interface Half {
  /** player id → his unit vector and minutes (largest row of the half, outfield, with a vector). */
  rows: Map<number, { v: Float64Array; minutes: number }>;
}

function halfOf(dataset: Dataset): Half {
  const derived = deriveSeasons(dataset);
  const zones = zoneCountsByRowOf(dataset.tables.player_zones, derived);
  if (!zones) throw new Error('dataset has no player_zones');
  const dna = zoneDnaOf(derived, zones, (id) => id);
  const best = new Map<number, number>();
  for (let i = 0; i < derived.n; i++) {
    const b = best.get(derived.player_id[i]);
    if (b === undefined || derived.minutes[i] > derived.minutes[b]) best.set(derived.player_id[i], i);
  }
  const rows: Half['rows'] = new Map();
  for (const [id, i] of best) {
    if (POSITION_GROUPS[derived.group[i]] === 'goalkeeper' || dna.hasVector[i] !== 1) continue;
    rows.set(id, {
      v: Float64Array.from(dna.matrix.subarray(i * dna.dims, (i + 1) * dna.dims)),
      minutes: derived.minutes[i],
    });
  }
  return { rows };
}

const dot = (a: Float64Array, b: Float64Array): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};

/** Is `id`'s vector in `from` nearest to his own in `to`, among `to`'s ≥ 900-minute pool? */
function top1(from: Half, to: Half, id: number): boolean {
  const q = from.rows.get(id)?.v;
  const self = to.rows.get(id)?.v;
  if (!q || !self) return false;
  const own = dot(q, self);
  for (const [other, r] of to.rows)
    if (other !== id && r.minutes >= POOL_MINUTES_MIN && dot(q, r.v) >= own) return false;
  return true;
}

export interface BucketRow {
  bucket: string;
  players: number;
  median: number;
  p25: number;
  strong: number;
  top1: number;
}

const quantile = (sorted: number[], q: number) => {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
};

/** Per-bucket reliability of the players in both halves (only those whose longer half has ≥ `longerMin` minutes). */
export function reliabilityOf(first: Dataset, second: Dataset, longerMin = 0): BucketRow[] {
  const a = halfOf(first);
  const b = halfOf(second);
  const per = BUCKETS.map(() => ({ cos: [] as number[], hits: 0, queries: 0 }));
  for (const [id, ra] of a.rows) {
    const rb = b.rows.get(id);
    if (!rb) continue;
    const shorter = Math.min(ra.minutes, rb.minutes);
    if (Math.max(ra.minutes, rb.minutes) < longerMin) continue;
    let k = BUCKETS.length - 1;
    while (k > 0 && shorter < BUCKETS[k]) k--;
    per[k].cos.push(dot(ra.v, rb.v));
    per[k].hits += (top1(a, b, id) ? 1 : 0) + (top1(b, a, id) ? 1 : 0);
    per[k].queries += 2;
  }
  return per.map((p, k) => {
    const s = [...p.cos].sort((x, y) => x - y);
    const hi = BUCKETS[k + 1];
    return {
      bucket: hi ? `${BUCKETS[k]}–${hi - 1}` : `≥ ${BUCKETS[k]}`,
      players: s.length,
      median: quantile(s, 0.5),
      p25: quantile(s, 0.25),
      strong: s.filter((c) => c >= ZONE_STRONG_OVERLAP_MIN).length / Math.max(1, s.length),
      top1: p.hits / Math.max(1, p.queries),
    };
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const cache = process.env.DNA_HALVES ?? '/tmp/dna-halves';
  const competitions =
    process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['England', 'Spain', 'Germany', 'France'];
  const lines = [
    '| league | shorter half, minutes | players | same-player cosine median | 25th pct | share ≥ strong overlap | top-1 | players, longer half ≥ 900 | median | 25th pct | top-1 |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const competition of competitions) {
    const dirs = existsSync(cache) ? readdirSync(cache).filter((d) => d.startsWith(`${competition}-`)) : [];
    if (dirs.length !== 2) throw new Error(`${cache}: expected two halves of ${competition}, found ${dirs.length}`);
    dirs.sort((x, y) => Number(x.split('-')[1]) - Number(y.split('-')[1]));
    const first = datasetFromDir(join(cache, dirs[0]));
    const second = datasetFromDir(join(cache, dirs[1]));
    const all = reliabilityOf(first, second);
    const anchored = reliabilityOf(first, second, POOL_MINUTES_MIN);
    all.forEach((r, k) => {
      const s = anchored[k];
      lines.push(
        `| ${competition} | ${r.bucket} | ${r.players} | ${r.median.toFixed(3)} | ${r.p25.toFixed(3)} | ${(r.strong * 100).toFixed(0)} % | ${(r.top1 * 100).toFixed(1)} % | ${s.players} | ${s.median.toFixed(3)} | ${s.p25.toFixed(3)} | ${(s.top1 * 100).toFixed(1)} % |`,
      );
    });
  }
  const md = lines.join('\n');
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    join(root, 'bench', 'results', 'minutes-reliability.md'),
    `# DNA reliability by minutes (bench/judgment/minutes-reliability.ts)\n\nHalves: ${cache}. Top-1 queries the other half's ≥ ${POOL_MINUTES_MIN}-minute pool plus the player himself.\n\n${md}\n`,
  );
  console.log(md);
}

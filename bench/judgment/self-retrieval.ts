/**
 * Split-half self-retrieval of DNA (docs/methodology/dna.md#self-retrieval), one league at a time:
 * the first and the second half of the rounds are ingested as two datasets; outfield players
 * with ≥ 900 minutes in a half make that half's pool; each player in both pools ranks the other
 * half's pool by cosine, and top-1 / top-5 say how often he finds himself first / in the first
 * five, averaged over both directions. Three vectors are compared in the same run: DNA v2 (zones),
 * DNA v1 (stats only, the engine's vectors before v2) and the baseline, plain z-scored per-90
 * values of the standard outfield columns.
 *
 * Exports:
 * - `selfRetrievalSection(realDir, competitions)`: the markdown section of `bench/results/judgment.md`
 *   (`realDir` is the Wyscout folder, e.g. `../shared/real/wyscout`; competitions are match-file
 *   names such as `England`); resolves to a line saying why it skipped when `realDir` is absent.
 * - `leagueRetrievalOf(realDir, competition)` and `retrievalOfHalves(first, second)`: the numbers.
 *
 * Run on its own: npx tsx bench/judgment/self-retrieval.ts [England Spain …]
 * (writes bench/results/self-retrieval.md; HALFSPACE_REAL_DIR overrides ../shared/real;
 * DNA_HALVES=/tmp/dna-halves caches the half-season datasets between runs).
 */
import { METRIC_KEYS, METRICS, type MetricKey } from '../../src/stats/metrics.js';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { datasetFromDir } from '../../src/io/load.js';
import { layoutOf } from '../../src/providers/wyscout/layout.js';
import { wyscoutIngest } from '../../src/providers/wyscout/dataset.js';
import { datasetToDir } from '../../src/io/save.js';
import { POSITION_GROUPS, type Dataset } from '../../src/model/schema.js';
import { dnaVectorsOf } from '../../src/dna/vectors.js';
import { zoneCountsByRowOf } from '../../src/dna/zone-counts.js';
import { zoneDnaOf } from '../../src/dna/zone-vectors.js';
import { deriveSeasons } from '../../src/stats/derive.js';
import type { DerivedSeasons } from '../../src/stats/derived.js';
import { realPath } from '../../test/helpers/real-data.js';

/** Per-90 metrics of the baseline profile: every outfield per-90 and accuracy metric (not the keeper's, not the rating). */
const PROFILE_METRICS: readonly MetricKey[] = METRIC_KEYS.filter(
  (k) =>
    METRICS[k].kind !== 'rating' &&
    !['saves_per90', 'cleansheets_per90', 'goals_conceded_per90', 'punches_per90'].includes(k),
);

/** Minutes in a half that put an outfield player in that half's pool. */
export const POOL_MINUTES_MIN = 900;
/** The targets: DNA top-1 at least this, and at least this multiple of the baseline's. */
export const TOP1_TARGET = 0.65;
export const BASELINE_MULTIPLE = 1.5;

export interface Retrieval {
  top1: number;
  top5: number;
}
export interface HalvesRetrieval {
  /** Players in both pools (each is queried once per direction). */
  players: number;
  pools: [number, number];
  dnaV2: Retrieval;
  dnaV1: Retrieval;
  baseline: Retrieval;
}

/** One half's pool: player id → unit vector, for each method. */
interface Pool {
  ids: number[];
  /** Position group (index into POSITION_GROUPS) of each pool row. */
  groups: number[];
  vectors: Record<'dnaV2' | 'dnaV1' | 'baseline', Float64Array[]>;
}

/** The pool of one half-season dataset and its three kinds of vector. */
export function poolOf(dataset: Dataset): Pool {
  const derived = deriveSeasons(dataset);
  const zones = zoneCountsByRowOf(dataset.tables.player_zones, derived);
  const v1 = dnaVectorsOf(derived);
  const v2 = zones ? zoneDnaOf(derived, zones, (id) => id) : null;
  // His largest row of the half (a player who moved clubs mid-half has two).
  const best = new Map<number, number>();
  for (let i = 0; i < derived.n; i++) {
    const b = best.get(derived.player_id[i]);
    if (b === undefined || derived.minutes[i] > derived.minutes[b]) best.set(derived.player_id[i], i);
  }
  const rows = [...best.values()]
    .filter((i) => POSITION_GROUPS[derived.group[i]] !== 'goalkeeper' && derived.minutes[i] >= POOL_MINUTES_MIN)
    .sort((a, b) => derived.player_id[a] - derived.player_id[b]);
  const base = baselineOf(derived, rows);
  const unit = (m: Float32Array, dims: number, i: number, ok: boolean) =>
    ok ? Float64Array.from(m.subarray(i * dims, (i + 1) * dims)) : new Float64Array(dims);
  return {
    ids: rows.map((i) => derived.player_id[i]),
    groups: rows.map((i) => derived.group[i]),
    vectors: {
      dnaV2: rows.map((i) => (v2 ? unit(v2.matrix, v2.dims, i, v2.hasVector[i] === 1) : new Float64Array(1))),
      dnaV1: rows.map((i) => unit(v1.matrix, v1.dims, i, v1.hasVector[i] === 1)),
      baseline: base,
    },
  };
}

/** Plain z-scored per-90 (and accuracy) values of the standard outfield columns over the pool, L2-normalised. */
function baselineOf(derived: DerivedSeasons, rows: readonly number[]): Float64Array[] {
  const out = rows.map(() => new Float64Array(PROFILE_METRICS.length));
  PROFILE_METRICS.forEach((m, k) => {
    const xs = rows.map((i) => derived.values[m][i]).filter((v) => !Number.isNaN(v));
    const mean = xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const sd = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, xs.length));
    rows.forEach((i, r) => {
      const v = derived.values[m][i];
      out[r][k] = Number.isNaN(v) || sd === 0 ? 0 : (v - mean) / sd;
    });
  });
  for (const v of out) normalise(v);
  return out;
}

function normalise(v: Float64Array): void {
  let n2 = 0;
  for (const x of v) n2 += x * x;
  const inv = n2 > 0 ? 1 / Math.sqrt(n2) : 0;
  for (let i = 0; i < v.length; i++) v[i] *= inv;
}

const dot = (a: Float64Array, b: Float64Array): number => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};

/** Top-1 and top-5 of queries from pool `a` into pool `b` for the players in both (ties rank the player last). */
function oneWay(a: Pool, b: Pool, method: keyof Pool['vectors']): { hits1: number; hits5: number; queries: number } {
  const indexInB = new Map(b.ids.map((id, j) => [id, j]));
  let hits1 = 0;
  let hits5 = 0;
  let queries = 0;
  a.ids.forEach((id, i) => {
    const self = indexInB.get(id);
    if (self === undefined) return;
    queries++;
    const q = a.vectors[method][i];
    const own = dot(q, b.vectors[method][self]);
    let better = 0;
    b.vectors[method].forEach((v, j) => {
      if (j !== self && dot(q, v) >= own) better++;
    });
    if (better === 0) hits1++;
    if (better < 5) hits5++;
  });
  return { hits1, hits5, queries };
}

/**
 * Self-retrieval of two half-season datasets of one league: top-1 / top-5 of DNA v2, DNA v1 and
 * the baseline, averaged over both directions.
 */
export function retrievalOfHalves(first: Dataset, second: Dataset): HalvesRetrieval {
  const a = poolOf(first);
  const b = poolOf(second);
  const score = (method: keyof Pool['vectors']): Retrieval => {
    const ab = oneWay(a, b, method);
    const ba = oneWay(b, a, method);
    const q = ab.queries + ba.queries;
    return { top1: (ab.hits1 + ba.hits1) / q, top5: (ab.hits5 + ba.hits5) / q };
  };
  const players = a.ids.filter((id) => b.ids.includes(id)).length;
  return {
    players,
    pools: [a.ids.length, b.ids.length],
    dnaV2: score('dnaV2'),
    dnaV1: score('dnaV1'),
    baseline: score('baseline'),
  };
}

/** DNA v2 cosines of the first half's players with the second half's pool (docs/methodology/dna.md#reading-a-score). */
export interface SplitHalfCosines {
  /** Each player in both pools with himself in the other half. */
  same: number[];
  /** Each player in both pools with every other player of his position group in the other half. */
  others: number[];
}

/**
 * The split-half cosines the similarity bands are read from: a player's two halves are the nearest
 * thing to a twin the data has, every other player of his group is the rest.
 */
export function splitHalfCosinesOf(first: Dataset, second: Dataset): SplitHalfCosines {
  const a = poolOf(first);
  const b = poolOf(second);
  const indexInB = new Map(b.ids.map((id, j) => [id, j]));
  const same: number[] = [];
  const others: number[] = [];
  a.ids.forEach((id, i) => {
    const self = indexInB.get(id);
    if (self === undefined) return;
    const q = a.vectors.dnaV2[i];
    same.push(dot(q, b.vectors.dnaV2[self]));
    b.vectors.dnaV2.forEach((v, j) => {
      if (j !== self && b.groups[j] === a.groups[i]) others.push(dot(q, v));
    });
  });
  return { same, others };
}

/** The two halves of a competition's rounds (1…⌊R/2⌋, ⌊R/2⌋+1…R), from its match file's gameweeks. */
export function halvesOf(
  realDir: string,
  competition: string,
): [{ from: number; to: number }, { from: number; to: number }] {
  const layout = layoutOf(realDir, competition);
  const rounds = layout.kind === 'registry' ? Math.max(...layout.matches.map((m) => m.gameweek ?? 0)) : 0;
  if (rounds < 2) throw new Error(`${competition}: no gameweeks to split`);
  const mid = Math.floor(rounds / 2);
  return [
    { from: 1, to: mid },
    { from: mid + 1, to: rounds },
  ];
}

/**
 * One half of `competition` ingested, or read from `<DNA_HALVES>/<competition>-<from>-<to>` when the
 * environment names a cache folder (written there on the first run). A cache written by an older
 * ingest gives that ingest's numbers: clear it after the ingest changes.
 */
function halfDatasetOf(realDir: string, competition: string, rounds: { from: number; to: number }): Dataset {
  const cache = process.env.DNA_HALVES;
  const dir = cache ? join(cache, `${competition}-${rounds.from}-${rounds.to}`) : null;
  if (dir && existsSync(join(dir, 'dataset.json'))) return datasetFromDir(dir);
  const { dataset } = wyscoutIngest(realDir, { competition, rounds });
  if (dir) datasetToDir(dataset, dir);
  return dataset;
}

/** Ingests both halves of `competition` (or reads them from the DNA_HALVES cache) and scores them. */
export function leagueRetrievalOf(realDir: string, competition: string): HalvesRetrieval & { rounds: string } {
  const [h1, h2] = halvesOf(realDir, competition);
  const first = halfDatasetOf(realDir, competition, h1);
  const second = halfDatasetOf(realDir, competition, h2);
  return { ...retrievalOfHalves(first, second), rounds: `${h1.from}–${h1.to} / ${h2.from}–${h2.to}` };
}

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;

/**
 * The markdown section of split-half self-retrieval for `competitions` of the Wyscout folder
 * `realDir`: one row per league and whether it meets the targets; one line saying why when
 * `realDir` is absent.
 */
export async function selfRetrievalSection(realDir: string, competitions: readonly string[]): Promise<string> {
  const head = '## DNA split-half self-retrieval';
  if (!existsSync(join(realDir, 'matches'))) return `${head}\n\nSkipped: ${realDir} is absent.\n`;
  const rows: string[] = [];
  for (const competition of competitions) {
    const r = leagueRetrievalOf(realDir, competition);
    const ok = r.dnaV2.top1 >= TOP1_TARGET && r.dnaV2.top1 >= BASELINE_MULTIPLE * r.baseline.top1;
    rows.push(
      `| ${competition} | ${r.rounds} | ${r.players} | ${pct(r.dnaV2.top1)} | ${pct(r.dnaV2.top5)} | ${pct(r.dnaV1.top1)} | ${pct(r.dnaV1.top5)} | ${pct(r.baseline.top1)} | ${pct(r.baseline.top5)} | ${(r.dnaV2.top1 / r.baseline.top1).toFixed(2)}× | ${ok ? 'yes' : 'NO'} |`,
    );
  }
  return [
    head,
    '',
    `Protocol (docs/methodology/dna.md#self-retrieval): rounds split in two halves, each ingested as its own dataset; pool = outfield players with ≥ ${POOL_MINUTES_MIN} minutes in a half; each player in both pools ranks the other half's pool by cosine; top-1 / top-5 averaged over both directions. Target: DNA v2 top-1 ≥ ${TOP1_TARGET * 100} % and ≥ ${BASELINE_MULTIPLE}× the baseline.`,
    '',
    '| league | rounds | players in both | DNA v2 top-1 | DNA v2 top-5 | DNA v1 top-1 | DNA v1 top-5 | baseline top-1 | baseline top-5 | v2 / baseline | target met |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const real = realPath('wyscout');
  const competitions =
    process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['England', 'Spain', 'Germany', 'France'];
  const md = await selfRetrievalSection(real, competitions);
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    join(root, 'bench', 'results', 'self-retrieval.md'),
    `# DNA self-retrieval (bench/judgment/self-retrieval.ts)\n\n${md}`,
  );
  console.log(md);
}

/**
 * Do a player's nearest neighbours share what makes him distinctive? (docs/methodology/dna.md#defining-traits)
 * A check defined before looking at any names: for every outfield regular (≥ 900 minutes) in the
 * top decile of his role for a trait, the share of his ten nearest players by DNA (the engine's
 * search vectors, his position group, every row with a vector and at least dna-search's candidate
 * floor of minutes, `CANDIDATE_MINUTES_MIN`, as dna-search ranks) that are above
 * his role's median of that trait. Half of a random group would be; a style vector that keeps the
 * trait does better. Also reported: the share of those neighbours with under 900 minutes (how loud
 * small samples are) and how often a regular's 1st and 10th nearest read "very similar".
 *
 * Run: npx tsx bench/judgment/dna-traits.ts (JUDGMENT_DATASETS=/tmp/judgment- reads datasets saved
 * as /tmp/judgment-{pl,laliga,bundesliga,ligue1}; otherwise ingests ../shared/real/wyscout) →
 * bench/results/dna-traits.md.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DNA_DIMS } from '../../src/dna/features.js';
import { bandOf, similarityOf } from '../../src/dna/similarity.js';
import { CANDIDATE_MINUTES_MIN } from '../../src/dna/search-request.js';
import { Engine } from '../../src/engine.js';
import { POSITION_GROUPS } from '../../src/model/schema.js';
import { wyscoutIngest } from '../../src/providers/wyscout/dataset.js';
import type { MetricKey } from '../../src/stats/metrics.js';
import { ROLES } from '../../src/stats/roles.js';
import { realPath } from '../../test/helpers/real-data.js';

/** The traits read: ball-winning first, then one defining metric of every other kind of player. */
export const TRAITS: readonly MetricKey[] = [
  'tackles_padj_per90',
  'interceptions_padj_per90',
  'ball_recovery_padj_per90',
  'duels_won_per90',
  'aerials_won_per90',
  'dribbles_per90',
  'crosses_per90',
  'shots_per90',
  'key_passes_per90',
  'passes_per90',
  'progressive_passes_per90',
];
const BALL_WINNING: readonly MetricKey[] = TRAITS.slice(0, 3);
/** Minutes that make a regular (a query, and the population of his role's decile and median). */
const REGULAR_MINUTES = 900;
const NEIGHBOURS = 10;

export interface TraitCheck {
  /** Share of the top-decile players' neighbours above the role median, over every trait. */
  all: number;
  /** The same over the three ball-winning traits. */
  ballWinning: number;
  perTrait: Record<string, number>;
  /** Share of the regulars' ten nearest with under REGULAR_MINUTES minutes, and of every candidate. */
  smallSampleNeighbours: number;
  smallSampleCandidates: number;
  /** Share of regulars whose 1st / 10th nearest reads "very similar". */
  firstVerySimilar: number;
  tenthVerySimilar: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const decile = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(0.9 * xs.length)];

/** The check on one engine (one league-season); neighbours are candidates with ≥ `minMinutes`. */
export function traitCheckOf(engine: Engine, minMinutes = CANDIDATE_MINUTES_MIN): TraitCheck {
  const { derived: d, dna } = engine;
  const { matrix, hasVector, method } = dna.search;
  const outfield = (i: number) => hasVector[i] === 1 && POSITION_GROUPS[d.group[i]] !== 'goalkeeper';
  const candidates = [...Array(d.n).keys()].filter(outfield);
  const regulars = candidates.filter((i) => d.minutes[i] >= REGULAR_MINUTES);
  const dot = (a: number, b: number) => {
    let s = 0;
    for (let k = 0; k < DNA_DIMS; k++) s += matrix[a * DNA_DIMS + k] * matrix[b * DNA_DIMS + k];
    return s;
  };
  const nearest = new Map<number, number[]>();
  let small = 0;
  let firstVery = 0;
  let tenthVery = 0;
  for (const q of regulars) {
    const scored = candidates
      .filter((j) => d.group[j] === d.group[q] && d.player_id[j] !== d.player_id[q] && d.minutes[j] >= minMinutes)
      .map((j) => ({ j, s: dot(q, j) }))
      .sort((a, b) => b.s - a.s)
      .slice(0, NEIGHBOURS);
    nearest.set(
      q,
      scored.map((x) => x.j),
    );
    small += scored.filter((x) => d.minutes[x.j] < REGULAR_MINUTES).length;
    if (bandOf(similarityOf(scored[0].s), method) === 'very similar') firstVery++;
    if (bandOf(similarityOf(scored[NEIGHBOURS - 1].s), method) === 'very similar') tenthVery++;
  }
  const hits: Record<string, [number, number]> = {};
  for (const trait of TRAITS) {
    for (let role = 0; role < ROLES.length; role++) {
      const members = regulars.filter((i) => d.role[i] === role && !Number.isNaN(d.values[trait][i]));
      if (members.length < 10) continue;
      const values = members.map((i) => d.values[trait][i]);
      const [mid, top] = [median(values), decile(values)];
      for (const q of members) {
        if (d.values[trait][q] < top) continue;
        const near = nearest.get(q) ?? [];
        const h = (hits[trait] ??= [0, 0]);
        h[0] += near.filter((j) => d.values[trait][j] > mid).length;
        h[1] += near.length;
      }
    }
  }
  const shareOf = (keys: readonly string[]) => {
    const [a, b] = keys.reduce(([x, y], k) => [x + (hits[k]?.[0] ?? 0), y + (hits[k]?.[1] ?? 0)], [0, 0]);
    return b > 0 ? a / b : Number.NaN;
  };
  return {
    all: shareOf(TRAITS),
    ballWinning: shareOf(BALL_WINNING),
    perTrait: Object.fromEntries(TRAITS.map((t) => [t, shareOf([t])])),
    smallSampleNeighbours: small / (regulars.length * NEIGHBOURS),
    smallSampleCandidates: candidates.filter((i) => d.minutes[i] < REGULAR_MINUTES).length / candidates.length,
    firstVerySimilar: firstVery / regulars.length,
    tenthVerySimilar: tenthVery / regulars.length,
  };
}

const LEAGUES = [
  { competition: 'England', slug: 'pl' },
  { competition: 'Spain', slug: 'laliga' },
  { competition: 'Germany', slug: 'bundesliga' },
  { competition: 'France', slug: 'ligue1' },
] as const;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const root = fileURLToPath(new URL('../../', import.meta.url));
  const real = realPath('wyscout');
  const prefix = process.env.JUDGMENT_DATASETS;
  const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
  const rows: string[] = [];
  for (const league of LEAGUES) {
    const cached = prefix ? `${prefix}${league.slug}` : null;
    if (!(cached && existsSync(join(cached, 'dataset.json'))) && !existsSync(join(real, 'matches'))) {
      rows.push(`| ${league.competition} | skipped: ${real} is absent |`);
      continue;
    }
    const engine =
      cached && existsSync(join(cached, 'dataset.json'))
        ? Engine.open({ dataset: cached })
        : Engine.open({ dataset: wyscoutIngest(real, { competition: league.competition }).dataset });
    const c = traitCheckOf(engine);
    rows.push(
      `| ${league.competition} | ${pct(c.all)} | ${pct(c.ballWinning)} | ${BALL_WINNING.map((k) => pct(c.perTrait[k])).join(' | ')} | ${pct(c.smallSampleNeighbours)} | ${pct(c.smallSampleCandidates)} | ${pct(c.firstVerySimilar)} | ${pct(c.tenthVerySimilar)} |`,
    );
  }
  const md = [
    '# DNA: do neighbours share the defining trait? (bench/judgment/dna-traits.ts)',
    '',
    `Regulars (≥ ${REGULAR_MINUTES} minutes) in their role's top decile of a trait; share of their ${NEIGHBOURS} nearest (same position group, candidates with ≥ ${CANDIDATE_MINUTES_MIN} minutes as dna-search's default) above the role's median of the trait. Traits: ${TRAITS.join(', ')}. "candidates < 900 min" counts every row with a vector, before the floor.`,
    '',
    '| league | all traits | ball-winning | PAdj tackles | PAdj interceptions | PAdj recoveries | neighbours < 900 min | candidates < 900 min | 1st nearest very similar | 10th nearest very similar |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
  mkdirSync(join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(join(root, 'bench', 'results', 'dna-traits.md'), md);
  console.log(md);
}

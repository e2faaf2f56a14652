/**
 * The judgment measures of `npm run bench:judgment` (docs/methodology/verdict.md#measured-on-real-seasons),
 * each computed from an opened Engine and checked against facts independent of our player judgments:
 * the real table comes from the match results in the dataset's fixtures.
 */
import type { Engine } from '../../src/engine.js';
import { rowsOf } from '../../src/model/schema.js';
import { ROLES, roleOfPosition, type Role } from '../../src/stats/roles.js';

/** Minutes in a season that make a player a regular (15 full matches). */
export const REGULAR_MINUTES = 1350;

/** Derived rows of regulars: players with at least REGULAR_MINUTES in the season. */
export function regularRows(engine: Engine): number[] {
  const out: number[] = [];
  for (let i = 0; i < engine.derived.n; i++) if (engine.derived.minutes[i] >= REGULAR_MINUTES) out.push(i);
  return out;
}

/** Verdict code → count among regulars. */
export function verdictDistribution(engine: Engine, rows: readonly number[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of rows) {
    const r = engine.verdict({ player_id: engine.derived.player_id[row] });
    const code = r.ok ? r.value.verdict_code : `error:${r.error.code}`;
    counts[code] = (counts[code] ?? 0) + 1;
  }
  return counts;
}

export function median(values: number[]): number {
  const s = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Median rating of regulars per role (from each player's position code). */
export function roleMedians(engine: Engine, rows: readonly number[]): Record<Role, { n: number; median: number }> {
  const by = new Map<Role, number[]>(ROLES.map((r) => [r, []]));
  for (const row of rows) {
    const p = engine.playerById(engine.derived.player_id[row]);
    if (!p) continue;
    by.get(roleOfPosition(p.position))!.push(engine.derived.values.rating[row]);
  }
  return Object.fromEntries(ROLES.map((r) => [r, { n: by.get(r)!.length, median: median(by.get(r)!) }])) as Record<
    Role,
    { n: number; median: number }
  >;
}

/** The final table from the fixtures' results: 3 points a win, 1 a draw; then goal difference, goals for. */
export function realTable(engine: Engine): number[] {
  const acc = new Map<number, { pts: number; gd: number; gf: number }>();
  const get = (t: number) => {
    let a = acc.get(t);
    if (!a) acc.set(t, (a = { pts: 0, gd: 0, gf: 0 }));
    return a;
  };
  for (const f of rowsOf(engine.dataset.tables.fixtures, 'fixtures')) {
    if (f.home_goals === null || f.away_goals === null) continue;
    const h = get(f.home_team_id);
    const a = get(f.away_team_id);
    h.gf += f.home_goals;
    a.gf += f.away_goals;
    h.gd += f.home_goals - f.away_goals;
    a.gd += f.away_goals - f.home_goals;
    if (f.home_goals > f.away_goals) h.pts += 3;
    else if (f.home_goals < f.away_goals) a.pts += 3;
    else {
      h.pts++;
      a.pts++;
    }
  }
  return [...acc].sort(([, x], [, y]) => y.pts - x.pts || y.gd - x.gd || y.gf - x.gf).map(([team]) => team);
}

/** Minutes-weighted mean rating of every team's players (rows with a rating). */
export function teamRatings(engine: Engine): Map<number, number> {
  const sum = new Map<number, { w: number; s: number }>();
  const d = engine.derived;
  for (let i = 0; i < d.n; i++) {
    const r = d.values.rating[i];
    if (!Number.isFinite(r)) continue;
    const a = sum.get(d.team_id[i]) ?? { w: 0, s: 0 };
    a.w += d.minutes[i];
    a.s += d.minutes[i] * r;
    sum.set(d.team_id[i], a);
  }
  return new Map([...sum].map(([t, a]) => [t, a.s / a.w]));
}

/** Ranks 1…n with ties averaged. */
function ranks(values: number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(values.length);
  for (let a = 0; a < order.length; ) {
    let b = a + 1;
    while (b < order.length && order[b][0] === order[a][0]) b++;
    for (let k = a; k < b; k++) out[order[k][1]] = (a + b + 1) / 2;
    a = b;
  }
  return out;
}

/** Spearman's rank correlation (Pearson on tie-averaged ranks). */
export function spearman(x: number[], y: number[]): number {
  const rx = ranks(x);
  const ry = ranks(y);
  const n = x.length;
  const mx = rx.reduce((a, b) => a + b, 0) / n;
  const my = ry.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (rx[i] - mx) * (ry[i] - my);
    sxx += (rx[i] - mx) ** 2;
    syy += (ry[i] - my) ** 2;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** Spearman between the team ratings and the real table (position 1 = best, so ratings are negated). */
export function teamRatingSpearman(engine: Engine): number {
  const table = realTable(engine);
  const ratings = teamRatings(engine);
  const teams = table.filter((t) => ratings.has(t));
  return spearman(
    teams.map((t) => table.indexOf(t)),
    teams.map((t) => -ratings.get(t)!),
  );
}

/** Verdict metrics that are the team's outcome, not the player's own act. */
const TEAM_OUTCOME_METRICS: ReadonlySet<string> = new Set(['goals_conceded_per90', 'cleansheets_per90']);

/** Regulars that are not goalkeepers. */
export function outfieldRows(engine: Engine, rows: readonly number[]): number[] {
  return rows.filter((row) => ROLES[engine.derived.role[row]] !== 'goalkeeper');
}

/**
 * Outfield regulars whose verdict cites a team outcome (goals conceded or clean sheets) among its
 * receipts: what a verdict should never present as the player's own evidence.
 */
export function teamOutcomeVerdicts(engine: Engine, rows: readonly number[]): number {
  let n = 0;
  for (const row of outfieldRows(engine, rows)) {
    const r = engine.verdict({ player_id: engine.derived.player_id[row] });
    if (r.ok && r.value.evidence.some((e) => TEAM_OUTCOME_METRICS.has(e.metric))) n++;
  }
  return n;
}

/** Share of regulars whose shown style is "No clear role". */
export function noClearRoleShare(engine: Engine, rows: readonly number[]): number {
  if (rows.length === 0) return Number.NaN;
  return rows.filter((row) => engine.styleOf(row)?.primary === 'No clear role').length / rows.length;
}

/** How far a season's save share tells keepers apart (docs/methodology/bestxi.md#why-five). */
export interface SaveShareSpread {
  /** Keepers who met their cohort's minutes and faced a shot on target. */
  keepers: number;
  /** Saves / shots on target faced over all of them. */
  mean: number;
  /** Standard deviation of their save shares. */
  sd: number;
  /** The standard deviation chance alone gives: binomial at `mean` on each keeper's shots on target. */
  chanceSd: number;
  /** Shots of the league mean an empirical-Bayes shrinkage would add, mean(1 − mean) / (sd² − chanceSd²); null when the spread is no wider than chance. */
  priorShots: number | null;
}

/** The spread of the cohort keepers' save shares against the spread chance alone gives them. */
export function saveShareSpread(engine: Engine): SaveShareSpread {
  const d = engine.derived;
  const keepers: { share: number; shots: number }[] = [];
  for (let i = 0; i < d.n; i++) {
    if (ROLES[d.role[i]] !== 'goalkeeper' || !d.inCohort[i]) continue;
    const saves = (d.values.saves_per90[i] * d.minutes[i]) / 90;
    const shots = saves + (d.values.goals_conceded_per90[i] * d.minutes[i]) / 90;
    if (shots > 0) keepers.push({ share: saves / shots, shots });
  }
  const n = keepers.length;
  const shots = keepers.reduce((a, k) => a + k.shots, 0);
  const mean = keepers.reduce((a, k) => a + k.share * k.shots, 0) / shots;
  const plain = keepers.reduce((a, k) => a + k.share, 0) / n;
  const variance = keepers.reduce((a, k) => a + (k.share - plain) ** 2, 0) / (n - 1);
  const chance = keepers.reduce((a, k) => a + (mean * (1 - mean)) / k.shots, 0) / n;
  return {
    keepers: n,
    mean,
    sd: Math.sqrt(variance),
    chanceSd: Math.sqrt(chance),
    priorShots: variance > chance ? (mean * (1 - mean)) / (variance - chance) : null,
  };
}

/** The player id a name resolves to in the dataset, or null. */
export function playerIdOf(engine: Engine, name: string): number | null {
  const r = engine.resolvePlayer({ name });
  return r.ok ? r.value.player_id : null;
}

/**
 * Rank (1 = best) of a player among the outfield regulars by rating; null when he is not one of them.
 * Ties share the better rank.
 */
export function ratingRankOf(engine: Engine, rows: readonly number[], playerId: number | null): number | null {
  if (playerId === null) return null;
  const outfield = outfieldRows(engine, rows);
  const own = outfield.find((row) => engine.derived.player_id[row] === playerId);
  if (own === undefined) return null;
  const rating = engine.derived.values.rating;
  return 1 + outfield.filter((row) => rating[row] > rating[own]).length;
}

/** How many of the published names (resolved in the dataset) are among the XI's player ids. */
export function overlapWith(engine: Engine, xiIds: readonly number[], published: readonly string[]): number {
  const ids = new Set(xiIds);
  return published.filter((name) => {
    const id = playerIdOf(engine, name);
    return id !== null && ids.has(id);
  }).length;
}

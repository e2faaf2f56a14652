/**
 * The judgment harness (docs/methodology/verdict.md#measured-on-real-seasons): on each of the four
 * Wyscout 2017/18 leagues of ../shared/real/wyscout (HALFSPACE_REAL_DIR overrides the location),
 * the verdict distribution among regulars, the role medians of the rating, the Spearman between
 * team ratings and the real table (from the match results) and the balanced 4-3-3 Best XI; plus the
 * DNA split-half self-retrieval section of bench/judgment/self-retrieval.ts.
 * Skips with one line when the data is absent.
 * Run: npm run bench:judgment → bench/results/judgment.{json,md}. JUDGMENT_DATASETS=/tmp/judgment-
 * reuses datasets ingested once into /tmp/judgment-{pl,laliga,bundesliga,ligue1}.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { wyscoutIngest } from '../../src/providers/wyscout/dataset.js';
import { Engine } from '../../src/engine.js';
import { ROLES } from '../../src/stats/roles.js';
import { selfRetrievalSection } from './self-retrieval.js';
import {
  noClearRoleShare,
  overlapWith,
  playerIdOf,
  ratingRankOf,
  REGULAR_MINUTES,
  regularRows,
  roleMedians,
  type SaveShareSpread,
  saveShareSpread,
  teamOutcomeVerdicts,
  teamRatingSpearman,
  verdictDistribution,
} from './measures.js';
import { PUBLISHED } from './published-teams.js';
import { realDataPresent, realPath } from '../../test/helpers/real-data.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const REAL = realPath('wyscout');
const RESULTS = join(ROOT, 'bench', 'results');
const LEAGUES = [
  { competition: 'England', slug: 'pl', name: 'Premier League' },
  { competition: 'Spain', slug: 'laliga', name: 'La Liga' },
  { competition: 'Germany', slug: 'bundesliga', name: 'Bundesliga' },
  { competition: 'France', slug: 'ligue1', name: 'Ligue 1' },
] as const;
/** Targets of the harness (docs/methodology/verdict.md#measured-on-real-seasons). */
const TARGETS = { fallbackMax: 0.1, roleSpreadMax: 0.5, spearmanMin: 0.9, playerOfYearTop: 5, overlapMin: 6 };

if (!realDataPresent('Judgment bench', join(REAL, 'matches', 'matches_England.json'))) process.exit(0);

interface LeagueResult {
  league: string;
  regulars: number;
  verdicts: Record<string, number>;
  fallback_share: number;
  role_medians: Record<string, { n: number; median: number }>;
  role_spread: number;
  team_spearman: number;
  best_xi: string[];
  no_clear_role_share: number;
  team_outcome_verdicts: number;
  /** Players shared by the balanced XI and each published team of the season. */
  published: { label: string; overlap: number; size: number }[];
  player_of_year: string;
  /** His rank among outfield regulars by rating; null when he is not one. */
  player_of_year_rank: number | null;
  outfield_regulars: number;
  save_share_spread: SaveShareSpread;
}

function engineOf(league: (typeof LEAGUES)[number]): Engine {
  const prefix = process.env.JUDGMENT_DATASETS;
  const cached = prefix ? `${prefix}${league.slug}` : null;
  if (cached && existsSync(join(cached, 'dataset.json'))) return Engine.open({ dataset: cached });
  return Engine.open({ dataset: wyscoutIngest(REAL, { competition: league.competition }).dataset });
}

function bestXiOf(engine: Engine): { lines: string[]; ids: number[] } {
  const r = engine.bestXiPick({ vibe_id: 'balanced', formation: '4-3-3' });
  if (!r.ok) return { lines: [`(error: ${r.error.message})`], ids: [] };
  return {
    lines: r.value.xi.map((s) => `${s.slot} ${s.display_name} (${s.team ?? '–'}, ${s.score})`),
    ids: r.value.xi.map((s) => s.player_id),
  };
}

function measure(league: (typeof LEAGUES)[number]): LeagueResult {
  const engine = engineOf(league);
  const rows = regularRows(engine);
  const verdicts = verdictDistribution(engine, rows);
  const medians = roleMedians(engine, rows);
  const known = ROLES.map((r) => medians[r].median).filter((m) => Number.isFinite(m));
  const xi = bestXiOf(engine);
  const published = PUBLISHED[league.slug];
  return {
    league: league.name,
    regulars: rows.length,
    verdicts,
    fallback_share: (verdicts.fallback ?? 0) / rows.length,
    role_medians: medians,
    role_spread: Math.max(...known) - Math.min(...known),
    team_spearman: teamRatingSpearman(engine),
    best_xi: xi.lines,
    no_clear_role_share: noClearRoleShare(engine, rows),
    team_outcome_verdicts: teamOutcomeVerdicts(engine, rows),
    published: published.teams.map((t) => ({
      label: t.label,
      overlap: overlapWith(engine, xi.ids, t.names),
      size: t.names.length,
    })),
    player_of_year: published.playerOfYear,
    player_of_year_rank: ratingRankOf(engine, rows, playerIdOf(engine, published.playerOfYear)),
    outfield_regulars: rows.filter((row) => ROLES[engine.derived.role[row]] !== 'goalkeeper').length,
    save_share_spread: saveShareSpread(engine),
  };
}

/** The DNA section (bench/judgment/self-retrieval.ts); JUDGMENT_SKIP_DNA=1 leaves it out while iterating. */
async function dnaSection(competitions: string[]): Promise<string | null> {
  if (process.env.JUDGMENT_SKIP_DNA === '1') return null;
  return selfRetrievalSection(REAL, competitions);
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const check = (ok: boolean) => (ok ? '✓' : '✗');

function markdownOf(results: LeagueResult[], dna: string | null): string {
  const codes = [...new Set(results.flatMap((r) => Object.keys(r.verdicts)))].sort();
  const lines = [
    '# Judgment harness',
    '',
    `Wyscout 2017/18, regulars = player-seasons with ≥ ${REGULAR_MINUTES} minutes. Targets: fallback ≤ ${pct(TARGETS.fallbackMax)}, role medians within ${TARGETS.roleSpreadMax}, team-rating Spearman ≥ ${TARGETS.spearmanMin}.`,
    '',
    `| League | Regulars | Fallback | Role spread | Team Spearman | ${codes.join(' | ')} |`,
    `|---|---|---|---|---|${codes.map(() => '---').join('|')}|`,
    ...results.map(
      (r) =>
        `| ${r.league} | ${r.regulars} | ${pct(r.fallback_share)} ${check(r.fallback_share <= TARGETS.fallbackMax)} | ${r.role_spread.toFixed(2)} ${check(r.role_spread <= TARGETS.roleSpreadMax)} | ${r.team_spearman.toFixed(3)} ${check(r.team_spearman >= TARGETS.spearmanMin)} | ${codes.map((c) => r.verdicts[c] ?? 0).join(' | ')} |`,
    ),
    '',
    '## Role medians of the rating (regulars)',
    '',
    `| League | ${ROLES.join(' | ')} |`,
    `|---|${ROLES.map(() => '---').join('|')}|`,
    ...results.map(
      (r) =>
        `| ${r.league} | ${ROLES.map((role) => `${r.role_medians[role].median.toFixed(2)} (n ${r.role_medians[role].n})`).join(' | ')} |`,
    ),
    '',
    '## Player by player',
    '',
    `Published teams and players of the year: bench/judgment/published-teams.ts (sources cited there). Targets: player of the year in the top ${TARGETS.playerOfYearTop} of his league's outfield regulars by rating; the balanced 4-3-3 shares ≥ ${TARGETS.overlapMin} players with a published team of the season (each verified team is shown).`,
    '',
    '| League | No clear role | Outfield verdicts citing team outcomes | XI ∩ published teams | Player of the year | His rating rank (outfield regulars) |',
    '|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.league} | ${pct(r.no_clear_role_share)} | ${r.team_outcome_verdicts} | ${r.published.map((t) => `${t.overlap} of ${t.size} (${t.label}) ${check(t.overlap >= TARGETS.overlapMin)}`).join(' · ')} | ${r.player_of_year} | ${r.player_of_year_rank === null ? 'not a regular' : `${r.player_of_year_rank} of ${r.outfield_regulars} ${check(r.player_of_year_rank <= TARGETS.playerOfYearTop)}`} |`,
    ),
    '',
    '## Keepers: save share against chance',
    '',
    'Cohort keepers (docs/methodology/bestxi.md#why-five): the spread of their save shares, the spread chance alone gives on the shots on target each faced, and the shots of the league mean an empirical-Bayes shrinkage would add.',
    '',
    '| League | Keepers | Mean save share | Spread (sd) | From chance alone (sd) | Shrinkage prior (shots) |',
    '|---|---:|---:|---:|---:|---:|',
    ...results.map(({ league, save_share_spread: k }) => {
      const prior = k.priorShots === null ? 'none: no wider than chance' : Math.round(k.priorShots).toString();
      return `| ${league} | ${k.keepers} | ${k.mean.toFixed(3)} | ${k.sd.toFixed(3)} | ${k.chanceSd.toFixed(3)} | ${prior} |`;
    }),
    '',
    '## Best XI (balanced, 4-3-3)',
    '',
    ...results.flatMap((r) => [`**${r.league}**: ${r.best_xi.join('; ')}`, '']),
  ];
  // The DNA section brings its own heading.
  lines.push(dna ?? '## DNA split-half self-retrieval\n\nNot measured in this run (JUDGMENT_SKIP_DNA=1).');
  return `${lines.join('\n')}\n`;
}

const only = process.env.JUDGMENT_LEAGUES?.split(',');
const results: LeagueResult[] = [];
for (const league of LEAGUES) {
  if (only && !only.includes(league.slug)) continue;
  const t = performance.now();
  results.push(measure(league));
  console.log(`${league.name}: measured in ${Math.round(performance.now() - t)} ms`);
}
const dna = await dnaSection(LEAGUES.filter((l) => !only || only.includes(l.slug)).map((l) => l.competition));
const md = markdownOf(results, dna);
writeFileSync(join(RESULTS, 'judgment.json'), `${JSON.stringify({ results, dna }, null, 2)}\n`);
writeFileSync(join(RESULTS, 'judgment.md'), md);
console.log(md);

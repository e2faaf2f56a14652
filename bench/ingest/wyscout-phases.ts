/**
 * CPU per phase of the Wyscout ingest on one thread (docs/methodology/wyscout.md#workers), for
 * finding where the per-match time goes: each phase runs over every match file of one competition
 * (default England; `WYSCOUT_PHASES_COMPETITION` picks another) in a loop of its own, timed with the
 * process CPU clock (the least of three rounds), and the later phases are differences of the
 * cumulative loops.
 * 1. readMatchFile: read + gunzip + JSON.parse, the events read, the rosters parsed by the schemas,
 * 2. + the match result (screening, summary, value pass: matchResultOf),
 * 3. the fold of the precomputed results into the competition's dataset (wyscoutIngest);
 * and, for comparison, read + gunzip + JSON.parse of the same files (the bench's baseline).
 * Run: npx tsx bench/ingest/wyscout-phases.ts (skipped with a note when the real data is absent).
 * Prints one table; writes nothing.
 */
import { join } from 'node:path';
import { wyscoutIngest } from '../../src/providers/wyscout/dataset.js';
import { finishedOf } from '../../src/providers/wyscout/fixtures.js';
import { layoutOf } from '../../src/providers/wyscout/layout.js';
import { type MatchResult, matchResultOf } from '../../src/providers/wyscout/match-result.js';
import { readJsonFile, readMatchFile, readPlayerRegistry } from '../../src/providers/wyscout/read.js';
import { realDataPresent, realPath } from '../../test/helpers/real-data.js';

const REAL = realPath('wyscout');
const COMPETITION = process.env.WYSCOUT_PHASES_COMPETITION ?? 'England';

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
/** Rounds of each loop: the least CPU of them is kept, as the machine is shared. */
const ROUNDS = 3;
/** CPU ms of `run`, the least of {@link ROUNDS} runs. */
const timed = (run: () => void): number => {
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < ROUNDS; r++) {
    const c0 = cpuMs();
    run();
    best = Math.min(best, cpuMs() - c0);
  }
  return best;
};

if (!realDataPresent('Wyscout phases', join(REAL, 'matches', `matches_${COMPETITION}.json`))) {
  process.exit(0);
}

const layout = layoutOf(REAL, COMPETITION);
if (layout.kind !== 'registry') throw new Error('expected the public layout');
const jobs = layout.matches.filter(finishedOf).flatMap((match) => {
  const ref = layout.eventsFileOf(match.wyId);
  return ref ? [{ match, ...ref }] : [];
});
const registry = readPlayerRegistry(REAL);
const role = (id: number): string | undefined => registry.get(id)?.role.code2;

// A warm-up over a few files so the first phase does not pay for compilation alone.
for (const j of jobs.slice(0, 20)) matchResultOf(j.match, readMatchFile(j.path, j.file), role, j.file);

const parse = timed(() => {
  for (const j of jobs) readJsonFile(j.path, j.file);
});
const read = timed(() => {
  for (const j of jobs) readMatchFile(j.path, j.file);
});
const results = new Map<number, MatchResult>();
const result = timed(() => {
  for (const j of jobs) results.set(j.match.wyId, matchResultOf(j.match, readMatchFile(j.path, j.file), role, j.file));
});
const fold = timed(() => {
  wyscoutIngest(REAL, { competition: COMPETITION, precomputed: results });
});
const per = (ms: number) => (ms / jobs.length).toFixed(2);
const rows: [string, number][] = [
  ['read + gunzip + JSON.parse + events + rosters (readMatchFile)', read],
  ['match result: screening, summary, values (matchResultOf)', result - read],
  ['fold into the dataset (wyscoutIngest, precomputed)', fold],
];
console.log(`${COMPETITION}: ${jobs.length} matches, CPU on one thread`);
console.log('| phase | CPU ms | per match ms |\n|---|---:|---:|');
for (const [name, ms] of rows) console.log(`| ${name} | ${Math.round(ms)} | ${per(ms)} |`);
// Not a phase: what the bench's baseline does with the same files, for comparison.
console.log(
  `| (for comparison: read + gunzip + JSON.parse, the bench's baseline) | ${Math.round(parse)} | ${per(parse)} |`,
);
const total = result + fold;
console.log(`| total | ${Math.round(total)} | ${per(total)} |`);

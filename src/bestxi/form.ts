/**
 * Recent form for the Best XI score (docs/design.md#best-xi): the share of the last five team matches' minutes
 * a player played, 0–100. Needs the optional `appearances` table; without it form is unknown.
 */
import type { EngineContext } from '../context.js';
import { rowsOf } from '../model/schema.js';
import { intColumn, numberColumn } from '../stats/columns.js';

/** Number of the team's most recent finished fixtures that define form (docs/methodology.md#best-xi). */
export const FORM_MATCHES = 5;
/** Nominal minutes of a match. */
const MATCH_MINUTES = 90;

const cache = new WeakMap<EngineContext, Map<number, number> | null>();

/**
 * Player id → form score 0–100 at the context's "now", or null when the dataset has no
 * appearances. Computed once per context.
 */
export function formScores(ctx: EngineContext): Map<number, number> | null {
  if (cache.has(ctx)) return cache.get(ctx)!;
  const appearances = ctx.dataset.tables.appearances;
  if (!appearances) {
    cache.set(ctx, null);
    return null;
  }
  const now = ctx.now().getTime();
  const fixtures = rowsOf(ctx.dataset.tables.fixtures, 'fixtures')
    .filter((f) => f.status === 'finished' && f.kickoff <= now)
    .sort((a, b) => b.kickoff - a.kickoff || b.fixture_id - a.fixture_id);
  // The last FORM_MATCHES finished fixtures of each team.
  const recentOfTeam = new Map<number, number>();
  const recentFixtures = new Set<number>();
  for (const f of fixtures) {
    for (const team of [f.home_team_id, f.away_team_id]) {
      const seen = recentOfTeam.get(team) ?? 0;
      if (seen < FORM_MATCHES) {
        recentOfTeam.set(team, seen + 1);
        recentFixtures.add(f.fixture_id * 2 + (team === f.home_team_id ? 0 : 1));
      }
    }
  }
  const homeOf = new Map(fixtures.map((f) => [f.fixture_id, f.home_team_id]));
  const fixtureCol = intColumn(appearances, 'fixture_id');
  const playerCol = intColumn(appearances, 'player_id');
  const teamCol = intColumn(appearances, 'team_id');
  const minutesCol = numberColumn(appearances, 'minutes');
  const minutes = new Map<number, number>();
  for (let i = 0; i < fixtureCol.length; i++) {
    const home = homeOf.get(fixtureCol[i]);
    if (home === undefined) continue;
    if (!recentFixtures.has(fixtureCol[i] * 2 + (teamCol[i] === home ? 0 : 1))) continue;
    minutes.set(playerCol[i], (minutes.get(playerCol[i]) ?? 0) + minutesCol[i]);
  }
  const scores = new Map<number, number>();
  for (const p of ctx.players) {
    const played = p.team_id === null ? 0 : (recentOfTeam.get(p.team_id) ?? 0);
    scores.set(
      p.player_id,
      played === 0 ? 0 : Math.min(100, (100 * (minutes.get(p.player_id) ?? 0)) / (played * MATCH_MINUTES)),
    );
  }
  cache.set(ctx, scores);
  return scores;
}

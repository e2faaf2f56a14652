/**
 * The season a cooked verdict compares with (docs/methodology/verdict.md#cooked): an earlier season
 * of the same kind, never a row of the same season nor a later tournament.
 */
import type { EngineContext } from '../context.js';
import { outputScoreOf } from './rules.js';
import { percentilesAt, roleAt } from './receipts.js';

/** The season a cooked verdict compares with: its output score, its name, and his team and competition (null when the dataset does not name them). */
export type PreviousSeason = NonNullable<ReturnType<typeof previousSeasonOf>>;

/** True when the derived row is a national-team tournament (a league of kind `international`). */
const isInternational = (ctx: EngineContext, row: number) =>
  ctx.leagueById(ctx.derived.league_id[row])?.kind === 'international';

/**
 * The season a cooked verdict compares the main row with: his most recent season of the same kind
 * that ended before the main row's season began (docs/methodology/verdict.md#cooked). Null when there is none.
 */
export function previousSeasonOf(ctx: EngineContext, rows: readonly number[], latest: number) {
  const d = ctx.derived;
  const began = ctx.seasonById(d.season_id[latest])?.start_date;
  if (began === undefined) return null;
  const international = isInternational(ctx, latest);
  let best = -1;
  let bestEnd = '';
  let bestOutput = Number.NaN;
  for (const r of rows) {
    const season = ctx.seasonById(d.season_id[r]);
    // Dates are validated YYYY-MM-DD, so string order is date order.
    if (!season || !(season.end_date < began) || !d.inCohort[r] || isInternational(ctx, r) !== international) continue;
    const output = outputScoreOf(roleAt(ctx, r), percentilesAt(ctx, r));
    if (Number.isNaN(output)) continue;
    if (best < 0 || season.end_date > bestEnd || (season.end_date === bestEnd && d.minutes[r] > d.minutes[best])) {
      best = r;
      bestEnd = season.end_date;
      bestOutput = output;
    }
  }
  if (best < 0) return null;
  return {
    output: bestOutput,
    season: ctx.seasonById(d.season_id[best])?.name ?? '',
    team: ctx.teamById(d.team_id[best])?.name ?? null,
    league: ctx.leagueById(d.league_id[best])?.name ?? null,
  };
}

/** The compared season as `rule.previous_season` shows it. */
export const previousSeasonField = ({ season, team, league, output }: PreviousSeason) => ({
  season,
  team,
  league,
  output_score: Math.round(output),
});

/** A compared season in words: "2016/17 (Bordeaux, Ligue 1)". */
export const seasonInWords = (p: PreviousSeason) => {
  const where = [p.team, p.league].filter((x) => x !== null).join(', ');
  return where ? `${p.season} (${where})` : p.season;
};

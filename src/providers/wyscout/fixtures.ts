/**
 * A Wyscout season's matches as fixtures (docs/methodology/wyscout.md): kick-off, played or
 * scheduled, the final score with extra time, and round names.
 */
import { DatasetError } from '../../model/dataset-error.js';
import type { RowOf } from '../../model/schema.js';
import { decodeName, knockoutRoundName } from './mapping.js';
import type { WyscoutMatch } from './read.js';

/** Kick-off in epoch milliseconds, from the match's UTC date and time. */
export const kickoffOf = (m: WyscoutMatch): number =>
  Date.parse(`${m.dateutc.slice(0, 10)}T${m.dateutc.slice(11, 19).padEnd(8, ':00')}Z`);
/** True for a played match (a match without a status counts as played). */
export const finishedOf = (m: WyscoutMatch): boolean => m.status == null || m.status === 'Played';
/** Final score (extra time included, shoot-out not): Wyscout's `scoreET` is cumulative after extra time. */
export const finalGoalsOf = (m: WyscoutMatch, side: WyscoutMatch['teamsData'][string]): number =>
  m.duration && m.duration !== 'Regular' && side.scoreET != null ? side.scoreET : side.score;

/** Round names: "Matchweek N" in a league, "Group A, matchday N" in a group, knockout names by round size. */
function roundNamesOf(matches: readonly WyscoutMatch[]): Map<number, string | null> {
  const knockout = new Map<number, { count: number; last: number }>();
  for (const m of matches) {
    if (m.gameweek || m.roundId == null) continue;
    const r = knockout.get(m.roundId) ?? { count: 0, last: 0 };
    r.count++;
    r.last = Math.max(r.last, kickoffOf(m));
    knockout.set(m.roundId, r);
  }
  const lastRound = [...knockout.entries()].sort((a, b) => b[1].last - a[1].last)[0]?.[0];
  const names = new Map<number, string | null>();
  for (const m of matches) {
    if (m.gameweek)
      names.set(m.wyId, m.groupName ? `${decodeName(m.groupName)}, matchday ${m.gameweek}` : `Matchweek ${m.gameweek}`);
    else if (m.roundId != null)
      names.set(m.wyId, knockoutRoundName(knockout.get(m.roundId)!.count, m.roundId === lastRound));
    else names.set(m.wyId, null);
  }
  return names;
}

/**
 * The fixtures rows of a season's matches (in the order given), with the scoreboard result of
 * played ones. Throws {@link DatasetError} for a match without one home and one away team.
 */
export function fixtureRowsOf(
  matches: readonly WyscoutMatch[],
  seasonId: number,
  competitionId: number,
): Partial<RowOf<'fixtures'>>[] {
  const rounds = roundNamesOf(matches);
  return matches.map((m) => {
    const sides = Object.values(m.teamsData);
    const home = sides.find((s) => s.side === 'home');
    const away = sides.find((s) => s.side === 'away');
    if (!home || !away)
      throw new DatasetError('matches', 'teamsData.side', null, `match ${m.wyId} needs one home and one away team`);
    const finished = finishedOf(m);
    return {
      fixture_id: m.wyId,
      season_id: seasonId,
      league_id: competitionId,
      round: rounds.get(m.wyId) ?? null,
      kickoff: kickoffOf(m),
      home_team_id: home.teamId,
      away_team_id: away.teamId,
      home_goals: finished ? finalGoalsOf(m, home) : null,
      away_goals: finished ? finalGoalsOf(m, away) : null,
      status: finished ? 'finished' : 'scheduled',
      venue: m.venue ? decodeName(m.venue) || null : null,
    };
  });
}

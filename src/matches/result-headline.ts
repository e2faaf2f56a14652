/**
 * The headline of a played match that no signal describes: what the result means, which the score
 * alone does not say (docs/methodology/matches.md#headlines). A knockout result says who goes
 * through or wins the competition; any other result places itself in the club's run of results.
 */
import { counted, possessive, withArticle } from '../prose.js';
import { ordinal } from '../stats/percentiles.js';
import type { TeamResult } from './form.js';
import { runOf } from './streaks.js';

/** What a knockout round's winner reaches, by the round names the providers write. */
const NEXT_ROUND: Readonly<Record<string, string>> = {
  'Semi-finals': 'reach the final',
  'Quarter-finals': 'reach the semi-finals',
  'Round of 16': 'reach the quarter-finals',
  'Round of 32': 'reach the round of 16',
  'Third place play-off': 'finish third',
};

/** One side of the match as the headline needs it: name and previous results, newest first. */
interface HeadlineSide {
  name: string;
  /** Played results before this match (any competition of the dataset), newest first. */
  before: readonly TeamResult[];
}

/** The match: both sides, the final score and where it sits in its competition. */
interface PlayedMatch {
  home: HeadlineSide;
  away: HeadlineSide;
  score: { home: number; away: number };
  /** The fixture's round as stored (`7`, `Final`, `Quarter-finals`), or null. */
  round: string | null;
  /** Competition name as it reads in prose ("the FIFA World Cup", "the Premier League"). */
  competition: string;
}

const isWin = (r: TeamResult) => r.goals_for > r.goals_against;
const isDraw = (r: TeamResult) => r.goals_for === r.goals_against;

/** Shortest run worth naming ("first win in 4"). */
export const HEADLINE_RUN_MIN = 4;

function winHeadline(winner: HeadlineSide, loser: HeadlineSide, margin: string, m: PlayedMatch): string {
  const next = m.round ? NEXT_ROUND[m.round] : undefined;
  if (m.round === 'Final') return `${winner.name} win ${m.competition}, beating ${loser.name} ${margin}.`;
  if (next) return `${winner.name} ${next}, beating ${loser.name} ${margin}.`;
  const winless = runOf(winner.before, (r) => !isWin(r));
  if (winless >= HEADLINE_RUN_MIN - 1)
    return `${winner.name} beat ${loser.name} ${margin} for their first win in ${counted(winless + 1, 'match', 'matches')}.`;
  const unbeaten = runOf(loser.before, (r) => !(r.goals_for < r.goals_against));
  if (unbeaten >= HEADLINE_RUN_MIN - 1)
    return `${winner.name} end ${possessive(loser.name)} run of ${counted(unbeaten, 'match', 'matches')} unbeaten, winning ${margin}.`;
  if (winner.before.length === 0) return `${winner.name} open with ${withArticle(`${margin} win`)} over ${loser.name}.`;
  const wins = winner.before.filter(isWin).length + 1;
  return `${winner.name} beat ${loser.name} ${margin}: their ${ordinal(wins)} win in ${counted(winner.before.length + 1, 'match', 'matches')}.`;
}

/**
 * The headline of a played match from its meaning: a knockout winner goes through (or wins the
 * competition), a league winner ends a drought or a rival's unbeaten run, else the result is
 * counted into the club's record; a draw says whose run it extends.
 * @example resultHeadlineOf({ home: { name: 'France', before: [] }, away: { name: 'Croatia', before: [] }, score: { home: 4, away: 2 }, round: 'Final', competition: 'the FIFA World Cup' }) // => 'France win the FIFA World Cup, beating Croatia 4-2.'
 */
export function resultHeadlineOf(m: PlayedMatch): string {
  const { home, away, score } = m;
  if (score.home !== score.away) {
    const homeWon = score.home > score.away;
    const margin = `${Math.max(score.home, score.away)}-${Math.min(score.home, score.away)}`;
    return homeWon ? winHeadline(home, away, margin, m) : winHeadline(away, home, margin, m);
  }
  const draw = `${score.home}-${score.away}`;
  if (m.round && (m.round === 'Final' || NEXT_ROUND[m.round]))
    return `${home.name} and ${away.name} are level at ${draw}: a penalty shoot-out decides the tie.`;
  const drawRun = runOf(home.before, isDraw) >= runOf(away.before, isDraw) ? home : away;
  const run = runOf(drawRun.before, isDraw) + 1;
  if (run >= 2)
    return `${home.name} and ${away.name} draw ${draw}: ${counted(run, 'draw')} in a row for ${drawRun.name}.`;
  const played = home.before.length + 1;
  const draws = home.before.filter(isDraw).length + 1;
  return `${home.name} and ${away.name} draw ${draw}, ${possessive(home.name)} ${ordinal(draws)} draw in ${counted(played, 'match', 'matches')}.`;
}

/**
 * Deterministic narrative text built from facts only (docs/design.md#verdicts): the same facts always give the
 * same words, and every number in the text comes from the response it accompanies.
 */
import type { Highlight, Profile, SeasonStats } from './blocks.js';
import type { StyleSummary } from '../context.js';
import { STRONG_MIN } from '../stats/percentiles.js';
import { counted, countryInProse, leagueInProse, withArticle, withThousands } from '../prose.js';

const fmtMinutes = (m: number) => withThousands(Math.round(m));

/**
 * A one-line summary of a player's latest season.
 * @example summaryOf(profile, season, highlight) // => 'Kai Brandt — Attacker, FC Nordhafen (Erste Liga): 12 goals, 4 assists in 1,980 minutes (2025/26); best: Shots, 93rd percentile.'
 */
export function summaryOf(profile: Profile, season: SeasonStats | null, highlight: Highlight | null): string {
  const club = profile.team ? `, ${profile.team.name}${profile.league ? ` (${profile.league.name})` : ''}` : '';
  const head = `${profile.display_name} — ${profile.position_label}${club}`;
  if (!season) return `${head}: no seasonal statistics recorded.`;
  const g = season.totals.goals ?? 0;
  const a = season.totals.assists ?? 0;
  const best = highlight ? `; best: ${highlight.label}, ${highlight.text.split(': ')[1].split(' among')[0]}` : '';
  return `${head}: ${counted(g, 'goal')}, ${counted(a, 'assist')} in ${fmtMinutes(season.minutes)} minutes (${season.season})${best}.`;
}

/**
 * A short paragraph about the player built from profile, latest season, highlight and style.
 * Uses the player's name rather than pronouns. The highlight is called a standout only when it is
 * at least strong (≥ {@link STRONG_MIN}) on a full sample; a low sample (below the cohort's
 * minutes threshold, docs/design.md#statistics) makes no claim at all, it says the sample is too small to judge.
 */
export function narrativeOf(
  profile: Profile,
  season: SeasonStats | null,
  highlight: Highlight | null,
  style: StyleSummary | null,
  sample: 'ok' | 'low' = 'ok',
): string {
  const name = profile.display_name;
  const parts: string[] = [];
  const age = profile.age !== null ? `, ${profile.age},` : '';
  const role = profile.position_label.toLowerCase();
  const from = profile.nationality ? ` from ${countryInProse(profile.nationality)}` : '';
  const club = profile.team ? ` at ${profile.team.name}` : '';
  const league = profile.league ? ` in ${leagueInProse(profile.league.name)}` : '';
  parts.push(`${name}${age} is ${withArticle(role)}${from}${club}${league}.`);
  if (season) {
    const starts = season.starts !== null ? ` (${counted(season.starts, 'start')})` : '';
    parts.push(
      `In ${season.season} ${name} has played ${fmtMinutes(season.minutes)} minutes over ${counted(season.appearances, 'appearance')}${starts}, ` +
        `with ${counted(season.totals.goals ?? 0, 'goal')} and ${counted(season.totals.assists ?? 0, 'assist')}.`,
    );
  } else {
    parts.push(`No seasonal statistics are recorded for ${name}.`);
  }
  if (sample === 'low') {
    // Under 90 minutes there is no highlight at all; the sample warning still stands.
    parts.push(
      `The sample is too small to judge (below the cohort's minutes threshold)${highlight ? `; the best number is ${highlight.text}` : ''}.`,
    );
  } else if (highlight) {
    parts.push(`The ${highlight.percentile >= STRONG_MIN ? 'standout' : 'best'} number is ${highlight.text}.`);
  }
  if (style) {
    const traits = style.traits.length > 0 ? `, with ${style.traits.join(', ').toLowerCase()} traits` : '';
    parts.push(`Playing style: ${style.primary}${traits}.`);
  }
  if (profile.fee_tier) parts.push(`Fee tier ${profile.fee_tier}.`);
  return parts.join(' ');
}

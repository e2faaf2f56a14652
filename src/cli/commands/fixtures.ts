import { ordinal } from '../../stats/percentiles.js';
import type { Engine } from '../../engine.js';
import { defineCommand, UsageError } from '../run.js';
import { DATASET, intFlag, printAnswer } from '../shared.js';
import type { MatchIntelligenceResponse } from '../../matches/match-intelligence.js';
import { roundLabelOf, type MatchItem } from '../../matches/match-item.js';

const pts = (n: number) => `${n} ${n === 1 ? 'pt' : 'pts'}`;

function lineupText(
  label: string,
  l: { formation: string | null; players?: { name: string }[]; starters?: { name: string }[] } | null,
): string {
  if (!l) return `  ${label}: —`;
  const names = (l.players ?? l.starters ?? []).map((p) => p.name).join(', ');
  return `  ${label}${l.formation ? ` (${l.formation})` : ''}: ${names}`;
}

function matchText(m: MatchItem): string {
  const when = `${m.kickoff_utc.slice(0, 10)} ${m.kickoff_utc.slice(11, 16)} UTC`;
  const score = m.status === 'FT' ? `${m.home.score}-${m.away.score}` : 'v';
  const derby = m.signals.derby_kind ? ` · ${m.signals.derby_kind} derby` : '';
  const lines = [
    `${when}  ${m.home.name} ${score} ${m.away.name}  [${m.status}]`,
    `  ${m.competition.name} ${m.competition.season ?? ''}${m.round ? `, ${roundLabelOf(m.round)}` : ''} (${m.signals.competition_tier})${derby}`,
    `  ${m.signals.headline}`,
  ];
  const facts: string[] = [];
  if (m.standings?.home && m.standings.away) {
    facts.push(
      `table ${ordinal(m.standings.home.position)} (${pts(m.standings.home.points)}) v ${ordinal(m.standings.away.position)} (${pts(m.standings.away.points)})`,
    );
  }
  facts.push(`form ${m.form.home.sequence || '—'} v ${m.form.away.sequence || '—'}`);
  const h = m.head_to_head;
  if (h.played > 0) facts.push(`head-to-head ${h.home_wins}-${h.draws}-${h.away_wins} in ${h.played}`);
  lines.push(`  ${facts.join(' · ')}`);
  if (m.signal_items.length > 0)
    lines.push(`  signals: ${m.signal_items.map((s) => `${s.code} (${s.interest})`).join(', ')}`);
  if (m.predicted_lineups) {
    lines.push(
      lineupText(`predicted ${m.home.name}`, m.predicted_lineups.home),
      lineupText(`predicted ${m.away.name}`, m.predicted_lineups.away),
    );
  }
  if (m.lineups) lines.push(lineupText(m.home.name, m.lineups.home), lineupText(m.away.name, m.lineups.away));
  return lines.join('\n');
}

function text(r: MatchIntelligenceResponse): string {
  const matches = `match${r.matches.length === 1 ? '' : 'es'}`;
  const what = r.meta.mode === 'all' ? `${matches} nearest to now` : `${r.meta.mode} ${matches}`;
  const head = `${r.matches.length} ${what} (now ${r.meta.now.slice(0, 16).replace('T', ' ')} UTC, data as of ${r.meta.as_of})`;
  const body = r.matches.map(matchText);
  const note = r.meta.coverage_note ? [`Note: ${r.meta.coverage_note}`] : [];
  return `${[head, '', ...body.flatMap((b) => [b, '']), ...note].join('\n').trimEnd()}\n`;
}

/** `halfspace fixtures`: match intelligence for a club or a league (docs/design.md#op-match-intelligence). */
export const fixturesCommand = defineCommand({
  usage: `fixtures --team CLUB [--team-id N] [--league NAME] [--mode upcoming|recent|all] [--limit 1-30] ${DATASET.usage}`,
  options: {
    team: { type: 'string' },
    'team-id': { type: 'string' },
    league: { type: 'string' },
    mode: { type: 'string', default: 'upcoming' },
    limit: { type: 'string' },
    ...DATASET.options,
  },
  run({ values, io }) {
    const request: Record<string, unknown> = { mode: values.mode };
    if (values.team !== undefined) request.team_name = values.team;
    const teamId = intFlag(values, 'team-id');
    if (teamId !== undefined) request.team_id = teamId;
    if (values.league !== undefined) request.league_name = values.league;
    const limit = intFlag(values, 'limit');
    if (limit !== undefined) request.limit = limit;
    if (request.team_name === undefined && request.team_id === undefined && request.league_name === undefined) {
      throw new UsageError('give --team, --team-id or --league');
    }
    // cast: the engine parses the request with its zod schema, so a bad `--mode` gets the API's own message.
    const ask = (engine: Engine) => engine.matchIntelligence(request as Parameters<Engine['matchIntelligence']>[0]);
    printAnswer(values, io, ask, text);
  },
});

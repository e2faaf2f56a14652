import type { Engine } from '../../engine.js';
import { defineCommand } from '../run.js';
import { DATASET, printAnswer } from '../shared.js';
import type { StandingsResponse } from '../../matches/standings-request.js';

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** One table as aligned lines: position, club, P W D L GF GA GD Pts, form (newest first). */
function tableLines(rows: StandingsResponse['table']): string[] {
  const width = Math.max(4, ...rows.map((e) => [...e.name].length));
  const pad = (s: string, n: number) => s + ' '.repeat(Math.max(0, n - [...s].length));
  const num = (v: string | number, n: number) => String(v).padStart(n);
  const header = `${num('Pos', 3)}  ${pad('Club', width)}  ${num('P', 3)} ${num('W', 3)} ${num('D', 3)} ${num('L', 3)} ${num('GF', 4)} ${num('GA', 4)} ${num('GD', 4)} ${num('Pts', 4)}  Form (newest first)`;
  return [
    header,
    ...rows.map(
      (e) =>
        `${num(e.position, 3)}  ${pad(e.name, width)}  ${num(e.played, 3)} ${num(e.won, 3)} ${num(e.drawn, 3)} ${num(e.lost, 3)} ${num(e.goals_for, 4)} ${num(e.goals_against, 4)} ${num(signed(e.goal_difference), 4)} ${num(e.points, 4)}  ${e.form || '—'}`,
    ),
  ];
}

/** The table (or a tournament's group tables) as aligned text, headed by what it covers. */
function standingsText(r: StandingsResponse): string {
  const m = r.meta;
  const partial = m.rounds_covered ? `, rounds ${m.rounds_covered} only` : m.coverage_note ? ', partial' : '';
  const head = `${r.league.name} ${r.season.name}${partial}, as of ${m.as_of} (${m.matches_counted} of ${m.matches_counted + m.matches_not_counted} fixtures counted)`;
  const body = r.groups ? r.groups.flatMap((g) => ['', g.name, ...tableLines(g.table)]) : ['', ...tableLines(r.table)];
  const foot = [
    'Order: points, goal difference, goals scored, then club name.',
    ...(m.coverage_note ? [`Note: ${m.coverage_note}`] : []),
  ];
  return `${[head, ...body, '', ...foot].join('\n')}\n`;
}

/** `halfspace standings`: the league table of a league-season as of a date. */
export const standingsCommand = defineCommand({
  usage:
    'standings [--league NAME|ID] [--season NAME|ID] [--as-of YYYY-MM-DD] [--dataset DIR] [--minutes-min N] [--json]   (--league may be left out when the dataset holds one competition)',
  options: { league: { type: 'string' }, season: { type: 'string' }, ...DATASET.options },
  run({ values, io }) {
    const league = values.league;
    // A bare number names a league by id; anything else is a name; none means the only competition.
    const request: Record<string, unknown> = {};
    if (league !== undefined) request.league = /^\d+$/.test(league.trim()) ? Number(league) : league;
    if (values.season !== undefined) request.season = values.season;
    if (values['as-of'] !== undefined) request.as_of = values['as-of'];
    // --as-of is the table's date here (request.as_of), not the engine's clock: the engine checks it.
    // cast: the engine parses the request with its zod schema, so a bad flag gets the API's own message.
    const ask = (engine: Engine) => engine.standings(request as Parameters<Engine['standings']>[0]);
    printAnswer({ ...values, 'as-of': undefined }, io, ask, standingsText);
  },
});

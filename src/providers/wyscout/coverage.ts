/**
 * What a Wyscout v2 dataset cannot say and what its ingest worked around
 * (docs/methodology/wyscout.md): the attribution the licence asks for, the columns filled by
 * approximation or not at all, and the report of goal differences, unlisted players and
 * substitution anomalies as `dataset.json` coverage states them.
 */
import { notProvidedCoverageOf } from '../counting-totals.js';
import { WYSCOUT_COLUMNS } from './mapping.js';
import { counted } from '../../prose.js';

/** One match whose goals counted from events differ from its scoreboard. */
export interface GoalDifference {
  fixture_id: number;
  label: string;
  team_id: number;
  team: string;
  events: number;
  scoreboard: number;
}

/** What an ingest found besides the dataset: counts and every data problem it worked around. */
export interface WyscoutReport {
  matches: number;
  events: number;
  /** Every team-match where event goals ≠ scoreboard goals (the scoreboard is what `fixtures` stores). */
  goalDifferences: GoalDifference[];
  /** Matches with players who have events but are in no lineup or substitution. */
  unlisted: { fixture_id: number; players: number[]; events: number }[];
  /** Match quirks worked around, each `match <id>: <reason>` (docs/methodology/wyscout.md#anomalies). */
  anomalies: string[];
}

/** Attribution line the CC BY 4.0 licence asks for. */
export const WYSCOUT_ATTRIBUTION = 'Data: Wyscout public dataset (Pappalardo et al., Scientific Data 2019), CC BY 4.0';

/** Columns Wyscout v2 cannot fill or fills by approximation; `dataset.json` coverage says so. */
export const WYSCOUT_COVERAGE: Readonly<Record<string, string>> = {
  'player_seasons.rating': 'Wyscout public data has no player rating: null, so the model rating is used',
  'player_seasons.minutes':
    "nominal minutes as for StatsBomb (45:00 per half, 15:00 per half of extra time, stoppage not counted); substitution minutes placed with the players' own events and the real period ends",
  'player_seasons.big_chances':
    'no big-chance flag in Wyscout v2: shots whose model xG is ≥ 0.3, penalties included (docs/methodology/event-values.md#big-chances)',
  'player_seasons.interceptions':
    'Wyscout tag 1401 marks every ball won by reading a pass, including loose balls Opta would call recoveries: centre-backs reach 5–7 per 90, several times the Opta/FBref level of 1–2 (docs/methodology/event-values.md#per-90-norms)',
  'player_seasons.xg':
    "xg_source model: no xG in Wyscout v2, so every shot's xG is halfspace's shipped model (docs/methodology/values.md); xA, npxG and the shots table use it too",
  'player_seasons.xt':
    'xT added by completed passes only: Wyscout v2 has no carries (docs/methodology/event-values.md#xt)',
  'player_seasons.sca':
    "no ball receipts or carries in Wyscout v2: where the team's possession began is read from the opponent's last action, and SCA runs about a tenth below StatsBomb's under the same rules (docs/methodology/event-values.md#sca)",
  'fixtures.home_possession':
    'share of the time on the ball from on-ball events, per match (docs/methodology/event-values.md#possession)',
  'player_seasons.ball_recoveries':
    'no recovery event in Wyscout v2: first on-ball action after an opponent on-ball action in open play',
  'player_seasons.shots_blocked':
    'no block event in Wyscout v2: first defending player with an event within 3 s after a blocked shot',
  'player_seasons.punches': 'no punch event in Wyscout v2: goalkeeper clearances inside his own penalty area',
  'players.position':
    "Wyscout gives GK/DF/MD/FW only: the detailed code is inferred from each team's shape in each match (docs/methodology/positions.md)",
  'players.market_value_eur': 'not in Wyscout public data: null (fee tier unknown)',
  'players.wc2026_nation': 'not in Wyscout public data: null',
  'players.contract_end_date': 'not in Wyscout public data: null (halfspace enrich --values adds it)',
  'teams.short_name': 'not in Wyscout public data: null',
  'teams.region': 'not in Wyscout public data: null',
  'teams.primary_color': 'not in Wyscout public data: null',
  'teams.secondary_color': 'not in Wyscout public data: null',
  rivalries: 'not in Wyscout public data: table absent',
  ...notProvidedCoverageOf(WYSCOUT_COLUMNS, 'Wyscout public data'),
};
/**
 * The `dataset.json` coverage of an ingest: {@link WYSCOUT_COVERAGE}, how the scoreboard goals
 * relate to the event goals, one `reconciliation.<fixture>.<team>` entry per goal difference, and
 * the unlisted players and substitution anomalies when there are any.
 */
export function coverageOf(report: WyscoutReport): Record<string, string> {
  const coverage: Record<string, string> = { ...WYSCOUT_COVERAGE };
  coverage['fixtures.home_goals'] =
    report.goalDifferences.length === 0
      ? `scoreboard goals; event goals equal them in all ${counted(report.matches, 'match', 'matches')}`
      : `scoreboard goals (extra time included, shoot-out not); event goals differ in ${new Set(report.goalDifferences.map((d) => d.fixture_id)).size} of ${counted(report.matches, 'match', 'matches')} (see reconciliation.*)`;
  for (const d of report.goalDifferences) {
    coverage[`reconciliation.${d.fixture_id}.${d.team_id}`] =
      `${d.label}: ${d.team} ${counted(d.events, 'goal')} from events, ${d.scoreboard} on the scoreboard (fixtures keeps the scoreboard; player totals keep the events)`;
  }
  if (report.unlisted.length > 0) {
    const events = report.unlisted.reduce((a, u) => a + u.events, 0);
    coverage['appearances.unlisted'] =
      `${counted(events, 'event')} in ${counted(report.unlisted.length, 'match', 'matches')} ${events === 1 ? 'is' : 'are'} by players in no lineup or substitution (${report.unlisted.map((u) => u.fixture_id).join(', ')}): counted in their totals, no minutes or appearance`;
  }
  // Every match quirk the ingest worked around, each naming its match (docs/methodology/wyscout.md#anomalies).
  if (report.anomalies.length > 0) coverage['ingest.anomalies'] = report.anomalies.join('; ');
  return coverage;
}

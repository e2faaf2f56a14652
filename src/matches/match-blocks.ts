/**
 * @module The blocks of a match-intelligence answer as zod schemas: one match with its side, table,
 * form, head-to-head, streak, signal and line-up blocks. The engine's type (`MatchItem`) and the
 * API's response schema are both read from them (docs/design.md#op-match-intelligence).
 */
import { z } from 'zod';
import { POSITION_GROUPS } from '../model/positions.js';
import { DERBY_KINDS } from './derby.js';
import { SIGNAL_CODES } from './signals.js';

const int = z.number().int();
const side = z.enum(['home', 'away']);

/** One row of a league table at kick-off (`TableEntry` of src/matches/standings.ts). */
const TableEntryBlock = z.object({
  team_id: int,
  name: z.string(),
  position: int.describe('1-based place in the table'),
  played: int,
  won: int,
  drawn: int,
  lost: int,
  goals_for: int,
  goals_against: int,
  goal_difference: int,
  points: int,
});

/** A club's form with the opponent's registry name on each result (`FormWithNames` of src/matches/match-item.ts). */
const FormBlock = z.object({
  sequence: z.string().describe('Outcomes, newest first, e.g. "WWDLW"; empty before the first match'),
  results: z.array(
    z.object({
      fixture_id: int,
      opponent_id: int,
      venue: side,
      score: z.string(),
      outcome: z.enum(['W', 'D', 'L']),
      opponent: z.string(),
    }),
  ),
  points: int.describe('3 per win, 1 per draw over the results listed'),
  goals_for: int,
  goals_against: int,
});

/** Earlier meetings of the two clubs (`HeadToHead` of src/matches/head-to-head.ts). */
const HeadToHeadBlock = z.object({
  played: int,
  home_wins: int,
  away_wins: int,
  draws: int,
  home_goals: int,
  away_goals: int,
  last: z.array(
    z.object({
      home_team_id: int,
      away_team_id: int,
      home_goals: int,
      away_goals: int,
      fixture_id: int,
      kickoff_utc: z.string(),
    }),
  ),
});

/** Runs alive going into the match, 0 when not alive (`Streaks` of src/matches/streaks.ts). */
const StreaksBlock = z.object({
  winning: int,
  unbeaten: int,
  losing: int,
  winless: int,
  scoring: int,
  clean_sheets: int,
});

/** One ranked signal (`SignalItem` of src/matches/signals.ts). */
const SignalItemBlock = z.object({
  code: z.enum(SIGNAL_CODES),
  headline: z.string(),
  numbers: z.record(z.string(), z.union([z.number(), z.string()])).describe('The numbers behind the sentence'),
  interest: z.number().describe('0–100, higher first'),
});

/** One player of a line-up (`LineupPlayer` of src/matches/lineups.ts). */
const LineupPlayerBlock = z.object({
  player_id: int,
  name: z.string(),
  position: z.string(),
  position_group: z.enum(POSITION_GROUPS),
});

/** A predicted XI (`PredictedLineup`): eleven distinct players, goalkeeper first. */
const PredictedLineupBlock = z.object({
  formation: z.string(),
  based_on_matches: int.describe('Recent matches the prediction used (0 when it fell back to the squad list)'),
  players: z.array(LineupPlayerBlock.extend({ recent_starts: int, recent_minutes: int })),
});

/** The line-up a club used (`ActualLineup`). */
const ActualLineupBlock = z.object({
  formation: z.string().nullable(),
  starters: z.array(LineupPlayerBlock.extend({ minutes: int })),
  substitutes: z.array(LineupPlayerBlock.extend({ minutes: int })),
});

const homeAway = <T extends z.ZodType>(block: T) => z.object({ home: block, away: block });

/**
 * One fixture with everything known before (and, when played, about) it: what `matchItemOf`
 * (src/matches/match-item.ts) builds, `MatchItem` being its `z.infer`. The match and its signals
 * are open objects (a later release may add a member, docs/design.md#versioning).
 */
export const MatchItemBlock = z
  .object({
    fixture_id: int,
    kickoff_utc: z.string().describe('ISO 8601, UTC'),
    status: z.enum(['NS', 'FT']).describe('NS = not started (scheduled, or after "now"); FT = finished'),
    round: z.string().nullable(),
    venue: z.string().nullable(),
    home: z.object({ team_id: int, name: z.string(), score: z.number().nullable() }),
    away: z.object({ team_id: int, name: z.string(), score: z.number().nullable() }),
    competition: z.object({
      league_id: int,
      name: z.string(),
      season: z.string().nullable(),
      tier: int,
      kind: z.string(),
    }),
    signals: z
      .object({
        derby_kind: z.enum(DERBY_KINDS).nullable(),
        competition_tier: z
          .union([
            z.enum(['top_flight', 'second_tier', 'cup', 'international']),
            z.templateLiteral(['tier_', z.number().int()]),
          ])
          .describe('top_flight, second_tier, tier_<n>, cup or international'),
        headline: z.string(),
      })
      .loose(),
    standings: z
      .object({ home: TableEntryBlock.nullable(), away: TableEntryBlock.nullable(), table_size: int })
      .nullable()
      .describe('Table positions at kick-off (league competitions only; null for cups and internationals)'),
    form: homeAway(FormBlock),
    head_to_head: HeadToHeadBlock,
    streaks: homeAway(StreaksBlock),
    signal_items: z.array(SignalItemBlock).describe('Ranked by interest, highest first'),
    predicted_lineups: homeAway(PredictedLineupBlock.nullable())
      .nullable()
      .describe('Upcoming fixtures: predicted XI per side (null without appearances data or a usable squad)'),
    lineups: homeAway(ActualLineupBlock.nullable())
      .nullable()
      .describe('Played fixtures: the actual line-ups (null without appearances for this fixture)'),
  })
  .loose();

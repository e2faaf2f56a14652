/**
 * @module The blocks of a match-intelligence answer as zod schemas: one match with its side, table,
 * form, head-to-head, streak, signal and line-up blocks. The engine's type (`MatchItem`) and the
 * API's response schema are both read from them (docs/design.md#op-match-intelligence). Each nested
 * block lives beside the function that builds it, its type being the block's `z.infer`.
 */
import * as z from 'zod';
import { DERBY_KINDS } from './derby.js';
import { FormBlock as FormOfClubBlock, FormResultBlock } from './form.js';
import { HeadToHeadBlock } from './head-to-head.js';
import { ActualLineupBlock, PredictedLineupBlock } from './lineups.js';
import { SignalItemBlock } from './signals.js';
import { TableEntryBlock } from './standings.js';
import { StreaksBlock } from './streaks.js';

const int = z.number().int();

/** A club's form with the opponent's registry name on each result (`FormWithNames` of src/matches/match-item.ts). */
const FormBlock = FormOfClubBlock.extend({ results: z.array(FormResultBlock.extend({ opponent: z.string() })) });

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

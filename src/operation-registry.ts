/**
 * @module The operation registry: every operation of the engine, one line each, naming the request
 * schema and the pure function its feature module defines beside it, with its response schema
 * (docs/design.md#architecture). What is derived from it: `Engine.parsed` and its type, the request
 * schema and handler of each service route (`engineRoute` in src/service/contract/operation.ts),
 * and from those the OpenAPI document, the catalogs, billing and the MCP tools (named after the
 * registry line); the typed client's methods and types (src/client/index.ts, over `ROUTE_PATHS`).
 * `test/operation-registry.test.ts` fails when an operation lacks its engine method, path, service
 * route, MCP tool, request example, typed-client method or CLI command.
 */
import type { z } from 'zod';
import type { Failure } from './errors.js';
import { bestXiLineupOfParsed, BestXiLineupRequest } from './bestxi/lineup.js';
import { bestXiPickOfParsed, BestXiPickRequest } from './bestxi/pick.js';
import { bestXiPoolOfParsed, BestXiPoolRequest } from './bestxi/pool.js';
import { cardOfParsed, cardRequestCheckOf, type CardOptions } from './cards/card.js';
import { CardPromptRequest, CardRequest } from './cards/request.js';
import type { DnaContext } from './dna/player-index.js';
import type { MatchContext } from './matches/match-index.js';
import { alternativesOfParsed, AlternativesRequest } from './dna/alternatives.js';
import { pricierTwinOf } from './dna/anchor.js';
import { dnaSearchOfParsed, DnaSearchRequest } from './dna/search-request.js';
import { matchIntelligenceOfParsed, MatchIntelligenceRequest } from './matches/match-intelligence.js';
import { standingsOfParsed, StandingsRequest, type StandingsContext } from './matches/standings-request.js';
import { cardPromptOfParsed } from './prompt/card-prompt.js';
import { playerReportOfParsed } from './reports/player.js';
import { PlayerRequest, ScoutingRequest } from './reports/requests.js';
import { scoutingReportOfParsed } from './reports/scouting.js';
import { verdictReportOfParsed, VerdictRequest } from './verdict/verdict.js';

/** What an operation may read of the engine: the loaded dataset, its derived columns, DNA and identity indexes. */
export type OperationContext = DnaContext & MatchContext & StandingsContext;

/**
 * One operation of the engine: the schema a request is parsed with, the function that answers a
 * parsed request, and the `halfspace` command that prints its answer with `--json`.
 */
export interface EngineOperation<S extends z.ZodType = z.ZodType, O = never, R = unknown> {
  request: S;
  run(ctx: OperationContext, request: z.output<S>, options?: O): R;
  /**
   * The CLI command of this operation (its `--json` output is the answer as the engine returns it),
   * or why there is none.
   */
  cli: string | { none: string };
}

/** Types one registry line from its schema, so `run` receives the parsed request without a cast. */
const operation = <S extends z.ZodType, O = never, R = unknown>(op: EngineOperation<S, O, R>) => op;

/** The verdict answer, with the contrast anchor the engine supplies. */
const verdictOf = (ctx: OperationContext, request: z.output<typeof VerdictRequest>) =>
  verdictReportOfParsed(ctx, request, (row) => pricierTwinOf(ctx, row));

/** The verdict line a card shows for a player, or null when he has no verdict. */
function verdictLineOf(ctx: OperationContext, playerId: number) {
  const v = verdictOf(ctx, { player_id: playerId });
  return v.ok
    ? { verdict_code: v.value.verdict_code, headline: v.value.headline, confidence: v.value.confidence }
    : null;
}

/** Every engine operation, one line each; the key is the Engine method and the `parsed` entry. */
export const ENGINE_OPERATIONS = {
  player: operation({
    request: PlayerRequest,
    cli: 'player',
    run: (ctx, request, options: { narrative?: boolean } = {}) => playerReportOfParsed(ctx, request, options),
  }),
  scouting: operation({ request: ScoutingRequest, cli: 'scouting', run: scoutingReportOfParsed }),
  dnaSearch: operation({ request: DnaSearchRequest, cli: 'similar', run: dnaSearchOfParsed }),
  alternatives: operation({ request: AlternativesRequest, cli: 'alternatives', run: alternativesOfParsed }),
  verdict: operation({ request: VerdictRequest, cli: 'verdict', run: verdictOf }),
  bestXiPool: operation({ request: BestXiPoolRequest, cli: 'bestxi pool', run: bestXiPoolOfParsed }),
  bestXiLineup: operation({ request: BestXiLineupRequest, cli: 'bestxi lineup', run: bestXiLineupOfParsed }),
  bestXiPick: operation({ request: BestXiPickRequest, cli: 'bestxi pick', run: bestXiPickOfParsed }),
  matchIntelligence: operation({ request: MatchIntelligenceRequest, cli: 'fixtures', run: matchIntelligenceOfParsed }),
  standings: operation({ request: StandingsRequest, cli: 'standings', run: standingsOfParsed }),
  card: operation({
    request: CardRequest,
    cli: 'card',
    run: (ctx, request, options: Omit<CardOptions, 'verdictOf'> = {}) =>
      cardOfParsed(ctx, request, { ...options, verdictOf: (id) => verdictLineOf(ctx, id) }),
  }),
  cardPrompt: operation({ request: CardPromptRequest, cli: 'prompt', run: cardPromptOfParsed }),
};

/** The name of an engine operation: its Engine method and its `parsed` entry. */
export type EngineOperationName = keyof typeof ENGINE_OPERATIONS;

/**
 * The checks of a card that need the dataset (player, stats, hero_stat), without rendering: the
 * failure, or null. The service runs it before it holds an hd card's credits.
 */
const cardCheckOf = (ctx: OperationContext, request: z.output<typeof CardRequest>): Failure | null => {
  const checked = cardRequestCheckOf(ctx, request);
  return checked.ok ? null : checked.error;
};

/**
 * The engine operations on parsed requests, derived from the registry (request type = what its
 * schema's `parse` returns), and the card pre-check the service runs before holding credits.
 */
export type ParsedOperations = {
  cardCheck(request: z.output<typeof CardRequest>): Failure | null;
} & {
  [K in EngineOperationName]: (typeof ENGINE_OPERATIONS)[K] extends EngineOperation<infer S, infer O, infer R>
    ? [O] extends [never]
      ? (request: z.output<S>) => R
      : (request: z.output<S>, options?: O) => R
    : never;
};

/**
 * The registry's operations bound to one engine: what `Engine.parsed` is.
 * @example parsedOperationsOf(engine).scouting(ScoutingRequest.parse({ name: 'Saka' })).ok // => true
 */
export function parsedOperationsOf(ctx: OperationContext): ParsedOperations {
  const bound: Record<string, (request: never, options?: never) => unknown> = {};
  for (const [name, op] of Object.entries(ENGINE_OPERATIONS)) {
    // cast: each entry's run takes its own request type; the mapped ParsedOperations type restores it per key.
    const run = op.run as (ctx: OperationContext, request: never, options?: never) => unknown;
    bound[name] = (request, options) => run(ctx, request, options);
  }
  bound.cardCheck = (request) => cardCheckOf(ctx, request);
  // cast: `bound` holds one entry per registry key plus cardCheck, each the key's run bound to ctx.
  return bound as ParsedOperations;
}

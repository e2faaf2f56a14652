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
import type { Failure, Result } from './errors.js';
import { parseWith } from './validation.js';
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

/** What an operation answers: a Result, or a Promise of one (cards render asynchronously). */
type Answer = Result<unknown> | Promise<Result<unknown>>;

/**
 * One operation of the engine: the schema a request is parsed with, the function that answers a
 * parsed request, and the `halfspace` command that prints its answer with `--json`. Its Engine
 * method (`engine.<key>(request, options?)`) is derived: it parses the request with `request` and
 * calls `run`; a bad request answers the parse failure (`invalid_request`, as `parseWith`).
 */
export interface EngineOperation<S extends z.ZodType = z.ZodType, O = never, R extends Answer = Answer> {
  request: S;
  run(ctx: OperationContext, request: z.output<S>, options?: O): R;
  /**
   * The CLI command of this operation (its `--json` output is the answer as the engine returns it),
   * or why there is none.
   */
  cli: string | { none: string };
  /** What the answer holds ("Returns …"): the MCP tool's description says it after the route's summary. */
  returns: string;
  /** True when `run` answers with a Promise: the Engine method then answers a bad request with a resolved one too. */
  async?: true;
}

/** Types one registry line from its schema, so `run` receives the parsed request without a cast. */
const operation = <S extends z.ZodType, O = never, R extends Answer = Answer>(op: EngineOperation<S, O, R>) => op;

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

/**
 * Every engine operation, one line each; the key is the Engine method and the `parsed` entry, and
 * the TSDoc of a key is the method's (an editor shows it on `engine.<key>`).
 */
export const ENGINE_OPERATIONS = {
  /** Player profile (docs/design.md#op-player); `narrative: true` adds a narrative paragraph; `name2` adds a compare block. */
  player: operation({
    request: PlayerRequest,
    cli: 'player',
    returns:
      'Returns the player profile (identity, seasonal rows, DNA style tags, one-line summary); enhance="narrative" adds a paragraph; name2 adds a comparison.',
    run: (ctx, request, options: { narrative?: boolean } = {}) => playerReportOfParsed(ctx, request, options),
  }),
  /** Scouting report (docs/design.md#op-scouting): per-90 map and cohort percentiles with their cohort and sample. */
  scouting: operation({
    request: ScoutingRequest,
    cli: 'scouting',
    returns: 'Returns per-90 metrics with cohort percentiles and labels.',
    run: scoutingReportOfParsed,
  }),
  /** Players whose DNA is closest to one player's (docs/design.md#op-dna-search, docs/design.md#dna-and-similarity): exact top-k, fee tiers only. */
  dnaSearch: operation({
    request: DnaSearchRequest,
    cli: 'similar',
    returns:
      'Returns the source player and the most similar players by playing-style DNA (similarity 0–1, band, shared style tags, agreeing metrics); filters: max_age, max_fee_tier, league_tier_max, position_group.',
    run: dnaSearchOfParsed,
  }),
  /** Cheaper or younger players who play alike (docs/design.md#op-alternatives, beta): `dna_hybrid`, or `fallback` without a DNA vector. */
  alternatives: operation({
    request: AlternativesRequest,
    cli: 'alternatives',
    returns: 'Returns cheaper, younger players with a similar style (hybrid DNA recall), each with the reasons.',
    run: alternativesOfParsed,
  }),
  /** Data-backed verdict with percentile receipts (docs/design.md#op-verdict, docs/design.md#verdicts); the engine picks the code. */
  verdict: operation({
    request: VerdictRequest,
    cli: 'verdict',
    returns:
      'Returns a verdict code (elite, specialist, solid, below_par, merchant, contrast, fraud, cooked, fallback), a headline and role-cohort percentile receipts.',
    run: verdictOf,
  }),
  /** Best XI candidates for a vibe (docs/design.md#op-best-xi-pool, docs/design.md#best-xi): modes pool, full, byIds. */
  bestXiPool: operation({
    request: BestXiPoolRequest,
    cli: 'bestxi pool',
    returns:
      'Returns a Best XI candidate pool for a vibe (balanced, high_press, u23, …), players with position, fee tier and fit.',
    run: bestXiPoolOfParsed,
  }),
  /** Aggregates of a built lineup of 1–11 players (docs/design.md#op-best-xi-lineup). */
  bestXiLineup: operation({
    request: BestXiLineupRequest,
    cli: 'bestxi lineup',
    returns: 'Returns aggregate statistics of a lineup of 1–11 player ids.',
    run: bestXiLineupOfParsed,
  }),
  /** The best XI of a vibe in a formation, with its lineup aggregates (docs/methodology/bestxi.md#picking-an-xi). */
  bestXiPick: operation({
    request: BestXiPickRequest,
    cli: 'bestxi pick',
    returns:
      'Returns the best eleven for a vibe in a formation (4-3-3, 4-4-2, 3-5-2, 4-2-3-1): each slot with its player, position, team, score and top metrics, plus the lineup aggregates.',
    run: bestXiPickOfParsed,
  }),
  /** Fixtures of a club or league with standings, form, signals and line-ups (docs/design.md#op-match-intelligence, docs/design.md#match-intelligence; docs/methodology/matches.md). */
  matchIntelligence: operation({
    request: MatchIntelligenceRequest,
    cli: 'fixtures',
    returns: "Returns a team's fixtures with derby kind, competition tier, form, standings and headline signals.",
    run: matchIntelligenceOfParsed,
  }),
  /** League table of a league-season as of a date, with form (docs/methodology/matches.md#league-tables); the same table code as match intelligence. */
  standings: operation({
    request: StandingsRequest,
    cli: 'standings',
    returns:
      'Returns the league table (played, won, drawn, lost, goals, points, form) of a league-season as of a date.',
    run: standingsOfParsed,
  }),
  /**
   * Renders a card PNG (docs/design.md#op-cards; docs/cards.md#styles): a sync style, or an hd style
   * (pass `photo` bytes for those). The verdict line uses this engine's verdict when it is decisive.
   */
  card: operation({
    request: CardRequest,
    cli: 'card',
    returns:
      'Renders a shareable PNG card: returns the image itself plus its URL and the player block. hd styles run as a job and return once rendered.',
    async: true,
    run: (ctx, request, options: Omit<CardOptions, 'verdictOf'> = {}) =>
      cardOfParsed(ctx, request, { ...options, verdictOf: (id) => verdictLineOf(ctx, id) }),
  }),
  /** Image prompt for an hd style (docs/design.md#op-cards-prompt): `prompt.data_and_style` plus the fixed `safety.instructions`. */
  cardPrompt: operation({
    request: CardPromptRequest,
    cli: 'prompt',
    returns: 'Returns a composable image-generation prompt with the mandatory safety block (nothing rendered).',
    run: cardPromptOfParsed,
  }),
};

/** The name of an engine operation: its Engine method and its `parsed` entry. */
export type EngineOperationName = keyof typeof ENGINE_OPERATIONS;

/**
 * The method of one registry line: its request (what the schema takes as `input`, or what its
 * `parse` returns as `output`), its options when `run` takes some, its answer.
 */
type MethodOf<L, Side extends 'input' | 'output'> =
  L extends EngineOperation<infer S, infer O, infer R>
    ? [O] extends [never]
      ? (request: Side extends 'input' ? z.input<S> : z.output<S>) => R
      : (request: Side extends 'input' ? z.input<S> : z.output<S>, options?: O) => R
    : never;

/**
 * The engine operations on parsed requests, derived from the registry (request type = what its
 * schema's `parse` returns), and `cardCheck`: the checks of a card that need the dataset (player,
 * stats, hero_stat), without rendering, answering the failure or null; the service runs it before
 * it holds an hd card's credits.
 */
export type ParsedOperations = {
  cardCheck(request: z.output<typeof CardRequest>): Failure | null;
} & { [K in EngineOperationName]: MethodOf<(typeof ENGINE_OPERATIONS)[K], 'output'> };

/** A registry line seen through its widest type (`run` is a method, so a line of any request type is one). */
type AnyOperation = EngineOperation<z.ZodType, never, Answer>;

/**
 * The registry's operations bound to one engine: what `Engine.parsed` is.
 * @example parsedOperationsOf(engine).scouting(ScoutingRequest.parse({ name: 'Saka' })).ok // => true
 */
export function parsedOperationsOf(ctx: OperationContext): ParsedOperations {
  const bound: Record<string, (request: never, options?: never) => unknown> = {};
  for (const [name, op] of Object.entries(ENGINE_OPERATIONS)) {
    const line: AnyOperation = op;
    bound[name] = (request, options) => line.run(ctx, request, options);
  }
  bound.cardCheck = (request: z.output<typeof CardRequest>) => {
    const checked = cardRequestCheckOf(ctx, request);
    return checked.ok ? null : checked.error;
  };
  // cast: `bound` holds one entry per registry key plus cardCheck, each the key's run bound to ctx.
  return bound as ParsedOperations;
}

/**
 * The Engine methods derived from the registry, one per line, each with its line's TSDoc (a
 * homomorphic mapped type keeps the comments of `ENGINE_OPERATIONS`' keys).
 */
export type OperationMethods = {
  [K in keyof typeof ENGINE_OPERATIONS]: MethodOf<(typeof ENGINE_OPERATIONS)[K], 'input'>;
};

/**
 * The Engine method of one line: parses the request with the line's schema (a bad one answers its
 * `invalid_request` failure, resolved for an async line) and runs the parsed request on `this`.
 */
function methodOf(line: AnyOperation) {
  return function operationMethod(this: OperationContext, input: unknown, options?: never): Answer {
    const parsed = parseWith(line.request, input);
    if (parsed.ok) return line.run(this, parsed.value, options);
    return line.async ? Promise.resolve(parsed) : parsed;
  };
}

/**
 * Defines every registry line as a method of `proto` (the Engine's prototype), non-enumerable as
 * class methods are; `OperationMethods` types them through the Engine's interface.
 */
export function installOperationMethods(proto: OperationContext): void {
  for (const [name, op] of Object.entries(ENGINE_OPERATIONS))
    Object.defineProperty(proto, name, { value: methodOf(op), writable: true, configurable: true });
}

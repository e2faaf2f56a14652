/**
 * @module The operation table: every endpoint of the service is one entry (method, path, cost,
 * demo channel, request schemas, response schema, handler calling the engine). The service, the
 * catalogs and the OpenAPI document are all generated from this table.
 */
import type { z } from 'zod';
import type { Engine } from '../engine.js';
import { ok, type Result } from '../errors.js';
import { POSITION_CODES } from '../data/schema.js';
import { vibeCatalog } from '../bestxi/vibes.js';
import type { KeyRecord } from '../store/ports.js';
import { BestXiLineupRequest, BestXiLineupResponse } from './schemas/best-xi-lineup.js';
import { BestXiPoolRequest, BestXiPoolResponse } from './schemas/best-xi-pool.js';
import { EmptyQuery } from './schemas/common.js';
import { PlayerQuery, PlayerRequest, PlayerResponse } from './schemas/intelligence-player.js';
import { ScoutingRequest, ScoutingResponse } from './schemas/intelligence-scouting.js';
import { VerdictRequest, VerdictResponse } from './schemas/verdict.js';
import { MatchIntelligenceRequest, MatchIntelligenceResponse } from './schemas/match-intelligence.js';

/** The engine operations the service calls (a structural view, so tests can pass a fake). */
export type ServiceEngine = Pick<Engine, 'player' | 'scouting' | 'matchIntelligence' | 'verdict' | 'bestXiPool' | 'bestXiLineup'>;

/** What a handler sees of one call. */
export interface OperationContext {
  engine: ServiceEngine;
  /** The request body as sent (already validated against the operation's schema). */
  body: unknown;
  /** The validated query. */
  query: Record<string, unknown>;
  /** The calling key, or null on the demo channel. */
  key: KeyRecord | null;
  baseUrl: string;
}

/** A handler's success: the JSON body, its status (default 200) and whether it may be charged. */
export interface OperationOutcome {
  status?: number;
  body: unknown;
  /** False when the call succeeded but must not be charged (SPEC §8.2.1: a card without a stored image). */
  chargeable?: boolean;
}

/** One endpoint of the paid surface. */
export interface Operation {
  /** Stable id, also the OpenAPI operationId, e.g. `intelligence.player`. */
  id: string;
  method: 'POST';
  /** Path relative to the base address, e.g. `/api/v1/intelligence/player`. */
  path: string;
  summary: string;
  tag: string;
  beta: boolean;
  /** Credits of a successful call (SPEC §8.1); a function when the cost depends on the body. */
  cost: number | ((body: unknown) => number);
  /** Whether X-SVC-Demo-Channel is accepted, possibly depending on the body (not for hd cards). */
  demo: boolean | ((body: unknown) => boolean);
  body: z.ZodType;
  query: z.ZodType;
  response: z.ZodType;
  /** Extra catalog members of the GET twin (enums, bounds, vibes, styles…). */
  catalog?: () => Record<string, unknown>;
  run(ctx: OperationContext): Promise<Result<OperationOutcome>> | Result<OperationOutcome>;
}

const json = <T>(result: Result<T>): Result<OperationOutcome> => (result.ok ? ok({ body: result.value }) : result);

/** Every paid operation, in SPEC §4.1 order (only those whose engine operation exists). */
export const OPERATIONS: readonly Operation[] = [
  {
    id: 'intelligence.player',
    method: 'POST',
    path: '/api/v1/intelligence/player',
    summary: 'Player profile: identity, seasonal rows, DNA style tags and a one-line summary',
    tag: 'intelligence',
    beta: false,
    cost: 1,
    demo: true,
    body: PlayerRequest,
    query: PlayerQuery,
    response: PlayerResponse,
    catalog: () => ({ query: { enhance: ['narrative'] }, notes: ['enhance=narrative adds a narrative paragraph at no extra cost', 'name2 adds a side-by-side comparison'] }),
    run: ({ engine, body, query }) => json(engine.player(body as PlayerRequest, { narrative: query.enhance === 'narrative' })),
  },
  {
    id: 'intelligence.scouting',
    method: 'POST',
    path: '/api/v1/intelligence/scouting',
    summary: 'Scouting report: per-90 map and cohort percentile labels',
    tag: 'intelligence',
    beta: false,
    cost: 1,
    demo: true,
    body: ScoutingRequest,
    query: EmptyQuery,
    response: ScoutingResponse,
    run: ({ engine, body }) => json(engine.scouting(body as ScoutingRequest)),
  },
  {
    id: 'match-intelligence',
    method: 'POST',
    path: '/api/v1/match-intelligence',
    summary: 'Fixtures with derby kind, competition tier, form, standings and headline signals',
    tag: 'match-intelligence',
    beta: true,
    cost: 6,
    demo: true,
    body: MatchIntelligenceRequest,
    query: EmptyQuery,
    response: MatchIntelligenceResponse,
    catalog: () => ({ modes: ['upcoming', 'recent', 'all'], limit: { min: 1, max: 30, default: 10 } }),
    run: ({ engine, body }) => json(engine.matchIntelligence(body as MatchIntelligenceRequest)),
  },
  {
    id: 'verdict',
    method: 'POST',
    path: '/api/v1/verdict',
    summary: 'Data-backed verdict with percentile receipts',
    tag: 'verdict',
    beta: false,
    cost: 5,
    demo: true,
    body: VerdictRequest,
    query: EmptyQuery,
    response: VerdictResponse,
    catalog: () => ({ verdict_codes: ['elite', 'contrast', 'fraud', 'merchant', 'cooked', 'fallback'] }),
    run: ({ engine, body }) => json(engine.verdict(body as VerdictRequest)),
  },
  {
    id: 'best-xi.pool',
    method: 'POST',
    path: '/api/v1/best-xi/pool',
    summary: 'Best XI candidate pool for a vibe',
    tag: 'best-xi',
    beta: false,
    cost: 6,
    demo: true,
    body: BestXiPoolRequest,
    query: EmptyQuery,
    response: BestXiPoolResponse,
    catalog: () => ({ vibes: vibeCatalog().vibes, modes: ['pool', 'full', 'byIds'], accepts: POSITION_CODES, fee_tiers: ['T1', 'T2', 'T3', 'T4', 'T5'], limit: { min: 1, max: 100, default: 30 } }),
    run: ({ engine, body }) => json(engine.bestXiPool(body as BestXiPoolRequest)),
  },
  {
    id: 'best-xi.lineup',
    method: 'POST',
    path: '/api/v1/best-xi/lineup',
    summary: 'Aggregate statistics of a built lineup of 1–11 players',
    tag: 'best-xi',
    beta: false,
    cost: 6,
    demo: true,
    body: BestXiLineupRequest,
    query: EmptyQuery,
    response: BestXiLineupResponse,
    catalog: () => ({ vibe_ids: vibeCatalog().vibes.map((v) => v.id), player_ids: { min: 1, max: 11 } }),
    run: ({ engine, body }) => json(engine.bestXiLineup(body as BestXiLineupRequest)),
  },
];

/**
 * Credits a successful call of `op` with `body` costs.
 * @example costOf(OPERATIONS[0], {}) // => 1
 */
export const costOf = (op: Operation, body: unknown): number => (typeof op.cost === 'function' ? op.cost(body) : op.cost);

/** Whether `op` accepts the demo channel for `body`. */
export const demoAllowed = (op: Operation, body: unknown): boolean => (typeof op.demo === 'function' ? op.demo(body) : op.demo);

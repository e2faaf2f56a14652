/**
 * @module The operation table: every endpoint of the service is one entry (method, path, cost,
 * demo channel, request schemas, response schema, handler calling the engine). The service, the
 * catalogs and the OpenAPI document are all generated from this table.
 */
import type { z } from 'zod';
import type { Engine } from '../engine.js';
import { ok, type Failure, type Result } from '../errors.js';
import { POSITION_CODES, POSITION_GROUPS } from '../data/schema.js';
import { vibeCatalog } from '../bestxi/vibes.js';
import type { ImageStore, KeyRecord } from '../store/ports.js';
import { CardRequest, CardResponse, isHdStyle } from './schemas/cards.js';
import { cardPhotoProblemOf } from './card-photo.js';
import { CardPromptRequest, CardPromptResponse } from './schemas/cards-prompt.js';
import { CARD_TRIPLET, DEFAULT_CARD_STATS, GROUP_METRICS } from '../stats/metrics.js';
import { CARD_STYLES, HD_STYLES, SYNC_STYLES } from '../cards/request.js';
import type { RenderTask } from '../cards/render-pool.js';
import type { RenderedPng } from '../cards/render.js';
import { BestXiLineupRequest, BestXiLineupResponse } from './schemas/best-xi-lineup.js';
import { BestXiPoolRequest, BestXiPoolResponse } from './schemas/best-xi-pool.js';
import { EmptyQuery } from './schemas/common.js';
import { PlayerQuery, PlayerRequest, PlayerResponse } from './schemas/intelligence-player.js';
import { ScoutingRequest, ScoutingResponse } from './schemas/intelligence-scouting.js';
import { VerdictRequest, VerdictResponse } from './schemas/verdict.js';
import { DnaSearchRequest, DnaSearchResponse } from './schemas/dna-search.js';
import { AlternativesRequest, AlternativesResponse } from './schemas/alternatives.js';
import { MatchIntelligenceRequest, MatchIntelligenceResponse } from './schemas/match-intelligence.js';

/** The engine operations the service calls (a structural view, so tests can pass a fake). */
export type ServiceEngine = Pick<Engine, 'player' | 'scouting' | 'dnaSearch' | 'alternatives' | 'matchIntelligence' | 'verdict' | 'card' | 'cardPrompt' | 'bestXiPool' | 'bestXiLineup'> & {
  /** The engine's clock (ages, form, fixtures depend on it); part of the response cache key. */
  now?(): Date;
};

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
  /** Where rendered card images are stored (served at `/images/<sha256>.png`). */
  images: ImageStore;
  /** Photo bytes of an hd card (fetched from photo_url or uploaded), when any. */
  photo?: Uint8Array;
  /** Renders a laid-out card (the service's render pool); default: in this thread. */
  render?: (task: RenderTask) => Promise<RenderedPng>;
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
  /**
   * True when a 200 body depends only on the body, the query and the engine's clock (no key, no
   * side effect), so its JSON text may be served from the response cache.
   */
  cacheable?: boolean;
  /** True when this body runs as an async job (hd cards): 202 with a job, credits held until it ends. */
  isJob?: (body: unknown) => boolean;
  /**
   * Checks of a valid body that need more than its schema (the uploaded photo): a failure is
   * answered 400 before idempotency, holds or work.
   */
  precheck?: (body: unknown, photo: Uint8Array | undefined) => Failure | null;
  /** Extra catalog members of the GET twin (enums, bounds, vibes, styles…). */
  catalog?: () => Record<string, unknown>;
  run(ctx: OperationContext): Promise<Result<OperationOutcome>> | Result<OperationOutcome>;
}

const FEE_TIERS = ['T1', 'T2', 'T3', 'T4', 'T5'] as const;
/** Similarity bands of DNA matches (DESIGN §4). */
const SIMILARITY_BANDS = [
  { min: 0.85, label: 'very similar' },
  { min: 0.75, label: 'strong overlap' },
  { min: 0.65, label: 'partial' },
  { min: -1, label: 'different' },
];

/** Credits of a synchronous card (SPEC §8.1). */
export const SYNC_CARD_CREDITS = 15;
/** Credits of an hd (async) card (SPEC §8.1). */
export const HD_CARD_CREDITS = 40;

const json = <T>(result: Result<T>): Result<OperationOutcome> => (result.ok ? ok({ body: result.value }) : result);

/** Every paid operation, in SPEC §4.1 order (only those whose engine operation exists). */
export const OPERATIONS: readonly Operation[] = [
  {
    id: 'intelligence.player',
    method: 'POST',
    cacheable: true,
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
    cacheable: true,
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
    id: 'intelligence.dna-search',
    method: 'POST',
    cacheable: true,
    path: '/api/v1/intelligence/dna-search',
    summary: 'Players with the most similar playing-style DNA, with the metrics that agree',
    tag: 'intelligence',
    beta: false,
    cost: 1,
    demo: true,
    body: DnaSearchRequest,
    query: EmptyQuery,
    response: DnaSearchResponse,
    catalog: () => ({ filters: { max_fee_tier: FEE_TIERS, max_age: 'integer', league_tier_max: 'integer', position_group: POSITION_GROUPS }, similarity_bands: SIMILARITY_BANDS }),
    run: ({ engine, body }) => json(engine.dnaSearch(body as DnaSearchRequest)),
  },
  {
    id: 'alternatives',
    method: 'POST',
    cacheable: true,
    path: '/api/v1/alternatives',
    summary: 'Hybrid DNA alternatives: cheaper, younger players with a similar style',
    tag: 'alternatives',
    beta: true,
    cost: 2,
    demo: true,
    body: AlternativesRequest,
    query: EmptyQuery,
    response: AlternativesResponse,
    catalog: () => ({ modes: ['dna_hybrid', 'fallback'], recall_sources: ['dna', 'league_peer', 'position_band'], fee_tiers: FEE_TIERS }),
    run: ({ engine, body }) => json(engine.alternatives(body as AlternativesRequest)),
  },
  {
    id: 'match-intelligence',
    method: 'POST',
    cacheable: true,
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
    cacheable: true,
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
    id: 'cards',
    method: 'POST',
    path: '/api/v1/cards',
    summary: 'Card PNG: player_card and stat_ribbon rendered now (15 credits); hd styles as async jobs (40 credits)',
    tag: 'cards',
    beta: false,
    cost: (body) => (isHdStyle(String((body as { style?: unknown })?.style)) ? HD_CARD_CREDITS : SYNC_CARD_CREDITS),
    demo: (body) => !isHdStyle(String((body as { style?: unknown })?.style)),
    isJob: (body) => isHdStyle(String((body as { style?: unknown })?.style)),
    body: CardRequest,
    precheck: cardPhotoProblemOf,
    query: EmptyQuery,
    response: CardResponse,
    catalog: () => ({
      styles: { sync: SYNC_STYLES, hd: HD_STYLES },
      // demo_channel (true) holds for these styles only; the hd styles need an API key.
      demo_channel_styles: SYNC_STYLES,
      demo_channel_refused_styles: HD_STYLES,
      credits_by_style: Object.fromEntries(CARD_STYLES.map((s) => [s, isHdStyle(s) ? HD_CARD_CREDITS : SYNC_CARD_CREDITS])),
      stat_keys_by_group: GROUP_METRICS,
      default_stats_by_group: DEFAULT_CARD_STATS,
      player_card_triplet_by_group: CARD_TRIPLET,
      bounds: { stats: { min: 1, max: 6 }, caption_max_chars: 60, photo_max_bytes: 5 * 1024 * 1024 },
      verdict_codes: ['fraud', 'merchant', 'cooked'],
      photo: { url: 'https only, fetched by the server with SSRF protection', upload: 'multipart/form-data with fields "request" (the JSON body) and "photo" (PNG or JPEG)' },
      jobs: { poll: 'GET /api/v1/cards/jobs/{job_id}', states: ['queued', 'running', 'succeeded', 'failed'] },
    }),
    async run({ engine, body, key, baseUrl, images, photo, render }) {
      const rendered = await engine.card(body as CardRequest, { baseUrl, watermark: !(key?.no_watermark ?? false), ...(photo ? { photo } : {}), ...(render ? { render } : {}) });
      if (!rendered.ok) return rendered;
      const r = rendered.value;
      const hex = r.content_hash.replace(/^sha256:/, '');
      await images.put(hex, r.png);
      const image_url = `${baseUrl}/images/${hex}.png`;
      return ok({
        body: { player: r.player, style: r.style, image_url, watermark: r.watermark, width: r.width, height: r.height, content_hash: r.content_hash },
        // SPEC §8.2.1: charged only with a stored image behind a valid URL.
        chargeable: /^[0-9a-f]{64}$/.test(hex) && URL.canParse(image_url),
      });
    },
  },
  {
    id: 'cards.prompt',
    method: 'POST',
    cacheable: true,
    path: '/api/v1/cards/prompt',
    summary: 'Composable image prompt with the mandatory safety block (nothing rendered)',
    tag: 'cards',
    beta: false,
    cost: 3,
    demo: true,
    body: CardPromptRequest,
    query: EmptyQuery,
    response: CardPromptResponse,
    catalog: () => ({ styles: HD_STYLES }),
    run: ({ engine, body }) => json(engine.cardPrompt(body as CardPromptRequest)),
  },
  {
    id: 'best-xi.pool',
    method: 'POST',
    cacheable: true,
    path: '/api/v1/best-xi/pool',
    summary: 'Best XI candidate pool for a vibe',
    tag: 'best-xi',
    beta: false,
    cost: 6,
    demo: true,
    body: BestXiPoolRequest,
    query: EmptyQuery,
    response: BestXiPoolResponse,
    catalog: () => ({ vibes: vibeCatalog().vibes, modes: ['pool', 'full', 'byIds'], accepts: POSITION_CODES, fee_tiers: FEE_TIERS, limit: { min: 1, max: 100, default: 30 } }),
    run: ({ engine, body }) => json(engine.bestXiPool(body as BestXiPoolRequest)),
  },
  {
    id: 'best-xi.lineup',
    method: 'POST',
    cacheable: true,
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

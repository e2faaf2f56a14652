/**
 * @module The operation table: every endpoint of the service is one entry (method, path, cost,
 * demo channel, request schemas, response schema, handler calling the engine). The service, the
 * catalogs and the OpenAPI document are all generated from this table.
 */
import { ok, type Result } from '../../errors.js';
import { listInProse } from '../../prose.js';
import { POSITION_CODES, POSITION_GROUPS } from '../../model/schema.js';
import { Vibe, vibeCatalog } from '../../bestxi/vibes.js';
import { BestXiPickSlot, FORMATIONS } from '../../bestxi/pick.js';
import * as z from 'zod';
import { CardPromptResponse, CardResponse } from './schemas/cards.js';
import { cardPhotoProblemOf } from '../photos/public-address.js';
import { PHOTO_MAX_BYTES } from '../../cards/photo.js';
import { FEE_TIERS } from '../../stats/fee-tier.js';
import { CARD_TRIPLET, DEFAULT_CARD_STATS, GROUP_METRICS } from '../../stats/metrics.js';
import { CARD_STYLES, HD_STYLES, isHdStyle, SYNC_STYLES } from '../../cards/request.js';
import { BestXiLineupResponse } from '../../bestxi/lineup.js';
import { BestXiPoolResponse } from '../../bestxi/pool.js';
import { PlayerResponse } from '../../reports/player.js';
import { ScoutingResponse } from '../../reports/scouting.js';
import { VerdictResponse } from '../../verdict/verdict.js';
import { DnaSearchResponse } from '../../dna/search-request.js';
import { AlternativesResponse } from '../../dna/alternatives.js';
import { MatchIntelligenceResponse } from '../../matches/match-intelligence.js';
import { engineRoute, type Operation, type OperationOutcome } from './operation.js';
import { VERDICT_CODES } from '../../verdict/rules.js';

export {
  costOf,
  defineOperation,
  demoAllowed,
  type Operation,
  type OperationRun,
  type OperationOutcome,
  type ServiceEngine,
} from './operation.js';

/** Query string of the player profile: `enhance=narrative` adds a narrative paragraph at no extra cost (not the identity inputs, `PlayerQuery` in src/identity/resolve.ts). */
export const PlayerQueryString = z.object({ enhance: z.enum(['narrative']).optional() }).strict();
export type PlayerQueryString = z.infer<typeof PlayerQueryString>;

/** Pick response (docs/design.md#op-best-xi-pick): the XI by slot and its lineup aggregates. */
const BestXiPickResponse = z
  .object({
    formation: z.enum(FORMATIONS),
    vibe_meta: Vibe.describe('The vibe: filters, metric weights, bonuses and constraints'),
    xi: z.array(BestXiPickSlot.loose()).describe('The eleven by slot, goalkeeper first'),
    lineup: BestXiLineupResponse.describe('The lineup aggregates of the XI (the best-xi/lineup answer)'),
    unfilled: z.array(z.string()).describe('Slots no eligible candidate could fill, or empty'),
    meta: z.object({ candidates_considered: z.number().int(), coverage_note: z.string().nullable() }).loose(),
  })
  .loose();

/** Similarity bands of DNA matches (docs/design.md#dna-and-similarity). */
const SIMILARITY_BANDS = [
  { min: 0.85, label: 'very similar' },
  { min: 0.75, label: 'strong overlap' },
  { min: 0.65, label: 'partial' },
  { min: -1, label: 'different' },
];

/** Credits of a synchronous card (docs/design.md#credits). */
export const SYNC_CARD_CREDITS = 15;
/** Credits of an hd (async) card (docs/design.md#credits). */
export const HD_CARD_CREDITS = 40;

/**
 * The `style` of a card body as sent, as text ('undefined' when absent): cost, demo channel and job
 * are decided from it before the body is parsed (401 ranks first) and for the free catalog.
 */
const styleOf = (body: unknown): string =>
  String(typeof body === 'object' && body !== null && 'style' in body ? body.style : undefined);

const json = <T>(result: Result<T>): Result<OperationOutcome> => (result.ok ? ok({ body: result.value }) : result);

/** Every paid operation, in docs/design.md#operations order (only those whose engine operation exists). */
export const OPERATIONS: readonly Operation[] = [
  engineRoute('player', {
    id: 'intelligence.player',
    summary: 'Player profile: identity, seasonal rows, DNA style tags and a one-line summary',
    tag: 'intelligence',
    cost: 1,
    query: PlayerQueryString,
    response: PlayerResponse,
    catalog: () => ({
      query: { enhance: ['narrative'] },
      notes: ['enhance=narrative adds a narrative paragraph at no extra cost', 'name2 adds a side-by-side comparison'],
    }),
    run: ({ engine, body, query }) => json(engine.parsed.player(body, { narrative: query.enhance === 'narrative' })),
  }),
  engineRoute('scouting', {
    id: 'intelligence.scouting',
    summary: 'Scouting report: per-90 map and cohort percentile labels',
    tag: 'intelligence',
    cost: 1,
    response: ScoutingResponse,
  }),
  engineRoute('dnaSearch', {
    id: 'intelligence.dna-search',
    summary: 'Players with the most similar playing-style DNA, with the metrics that agree',
    tag: 'intelligence',
    cost: 1,
    response: DnaSearchResponse,
    catalog: () => ({
      filters: {
        max_fee_tier: FEE_TIERS,
        max_age: 'integer',
        league_tier_max: 'integer',
        position_group: POSITION_GROUPS,
      },
      similarity_bands: SIMILARITY_BANDS,
    }),
  }),
  engineRoute('alternatives', {
    id: 'alternatives',
    summary: 'Hybrid DNA alternatives: cheaper, younger players with a similar style',
    tag: 'alternatives',
    beta: true,
    cost: 2,
    response: AlternativesResponse,
    catalog: () => ({
      modes: ['dna_hybrid', 'fallback'],
      recall_sources: ['dna', 'league_peer', 'position_band'],
      fee_tiers: FEE_TIERS,
    }),
  }),
  engineRoute('matchIntelligence', {
    id: 'match-intelligence',
    summary: 'Fixtures with derby kind, competition tier, form, standings and headline signals',
    tag: 'match-intelligence',
    beta: true,
    cost: 6,
    response: MatchIntelligenceResponse,
    catalog: () => ({ modes: ['upcoming', 'recent', 'all'], limit: { min: 1, max: 30, default: 10 } }),
  }),
  engineRoute('verdict', {
    id: 'verdict',
    summary: 'Data-backed verdict with percentile receipts',
    tag: 'verdict',
    cost: 5,
    response: VerdictResponse,
    catalog: () => ({ verdict_codes: VERDICT_CODES }),
  }),
  engineRoute('card', {
    id: 'cards',
    summary: `Card PNG: ${listInProse(SYNC_STYLES, 'and')} rendered now (${SYNC_CARD_CREDITS} credits); hd styles as async jobs (${HD_CARD_CREDITS} credits)`,
    tag: 'cards',
    // A card depends on the key (its watermark) and stores its image: never served from the response cache.
    cacheable: false,
    cost: (body) => (isHdStyle(styleOf(body)) ? HD_CARD_CREDITS : SYNC_CARD_CREDITS),
    demo: (body) => !isHdStyle(styleOf(body)),
    isJob: (body) => isHdStyle(styleOf(body)),
    precheck: cardPhotoProblemOf,
    // An hd job is queued with its credits held: refuse an unknown player or a bad stat key first.
    validate: (engine, body) => (isHdStyle(body.style) ? engine.parsed.cardCheck(body) : null),
    response: CardResponse,
    catalog: () => ({
      styles: { sync: SYNC_STYLES, hd: HD_STYLES },
      // demo_channel (true) holds for these styles only; the hd styles need an API key.
      demo_channel_styles: SYNC_STYLES,
      demo_channel_refused_styles: HD_STYLES,
      credits_by_style: Object.fromEntries(
        CARD_STYLES.map((s) => [s, isHdStyle(s) ? HD_CARD_CREDITS : SYNC_CARD_CREDITS]),
      ),
      stat_keys_by_group: GROUP_METRICS,
      default_stats_by_group: DEFAULT_CARD_STATS,
      player_card_triplet_by_group: CARD_TRIPLET,
      bounds: { stats: { min: 1, max: 6 }, caption_max_chars: 60, photo_max_bytes: PHOTO_MAX_BYTES },
      verdict_codes: ['fraud', 'merchant', 'cooked'],
      photo: {
        url: 'https only, fetched by the server with SSRF protection',
        upload: 'multipart/form-data with fields "request" (the JSON body) and "photo" (PNG or JPEG)',
      },
      jobs: { poll: 'GET /api/v1/cards/jobs/{job_id}', states: ['queued', 'running', 'succeeded', 'failed'] },
    }),
    async run({ engine, body, key, baseUrl, images, photo, render, photoProblem }) {
      const rendered = await engine.parsed.card(body, {
        baseUrl,
        watermark: !(key?.no_watermark ?? false),
        ...(photo ? { photo } : {}),
        ...(render ? { render } : {}),
        ...(photoProblem ? { photoProblem } : {}),
      });
      if (!rendered.ok) return rendered;
      const r = rendered.value;
      const hex = r.content_hash.replace(/^sha256:/, '');
      await images.put(hex, r.png);
      const image_url = `${baseUrl}/images/${hex}.png`;
      return ok({
        body: {
          player: r.player,
          style: r.style,
          image_url,
          watermark: r.watermark,
          width: r.width,
          height: r.height,
          content_hash: r.content_hash,
        },
        // docs/design.md#billing-rules: charged only with a stored image behind a valid URL.
        chargeable: /^[0-9a-f]{64}$/.test(hex) && URL.canParse(image_url),
      });
    },
  }),
  engineRoute('cardPrompt', {
    id: 'cards.prompt',
    summary: 'Composable image prompt with the mandatory safety block (nothing rendered)',
    tag: 'cards',
    cost: 3,
    response: CardPromptResponse,
    catalog: () => ({ styles: HD_STYLES }),
  }),
  engineRoute('bestXiPool', {
    id: 'best-xi.pool',
    summary: 'Best XI candidate pool for a vibe',
    tag: 'best-xi',
    cost: 6,
    response: BestXiPoolResponse,
    catalog: () => ({
      vibes: vibeCatalog().vibes,
      modes: ['pool', 'full', 'byIds'],
      accepts: POSITION_CODES,
      fee_tiers: FEE_TIERS,
      limit: { min: 1, max: 100, default: 30 },
    }),
  }),
  engineRoute('bestXiLineup', {
    id: 'best-xi.lineup',
    summary: 'Aggregate statistics of a built lineup of 1–11 players',
    tag: 'best-xi',
    cost: 6,
    response: BestXiLineupResponse,
    catalog: () => ({ vibe_ids: vibeCatalog().vibes.map((v) => v.id), player_ids: { min: 1, max: 11 } }),
  }),
  engineRoute('bestXiPick', {
    id: 'best-xi.pick',
    summary: "The best eleven for a vibe in a formation's slots",
    tag: 'best-xi',
    cost: 6,
    response: BestXiPickResponse,
    catalog: () => ({ vibe_ids: vibeCatalog().vibes.map((v) => v.id), formations: FORMATIONS }),
  }),
];

/**
 * The MCP tool name of an operation: its registry name in snake case (`dnaSearch` → `dna_search`);
 * an operation given by id alone is looked up in the route table.
 * @example toolNameOf({ id: 'intelligence.dna-search' }) // => 'dna_search'
 */
export function toolNameOf(op: Pick<Operation, 'id'> & Partial<Pick<Operation, 'engine'>>): string {
  const engine = op.engine ?? OPERATIONS.find((o) => o.id === op.id)?.engine;
  return engine ? engine.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) : op.id.replace(/[.-]/g, '_');
}

/**
 * @module `halfspace/client`: a typed client of the HTTP API with no dependency beyond `fetch`.
 * One method per operation, request and response types inferred from the service's own zod
 * schemas (type-only imports: nothing of zod is loaded), results as values
 * `{ ok: true, value, credits }` or `{ ok: false, problem, credits }`. Every POST carries an
 * `Idempotency-Key`, reused when the call is retried (429, 503, 409 in progress, a dropped
 * connection), so a retry is never charged twice. The hd card flow is one awaitable call.
 */
import type { z } from 'zod';
import type { AlternativesRequest, AlternativesResponse } from '../service/contract/schemas/alternatives.js';
import type { BestXiLineupRequest, BestXiLineupResponse } from '../service/contract/schemas/best-xi-lineup.js';
import type { BestXiPickRequest, BestXiPickResponse } from '../service/contract/schemas/best-xi-pick.js';
import type { BestXiPoolRequest, BestXiPoolResponse } from '../service/contract/schemas/best-xi-pool.js';
import type { CardPromptRequest, CardPromptResponse } from '../service/contract/schemas/cards-prompt.js';
import type {
  CardJobResponse,
  CardRequest,
  CardResponse,
  HD_STYLES,
  SYNC_STYLES,
} from '../service/contract/schemas/cards.js';
import type { CatalogResponse, ProblemResponse } from '../service/contract/schemas/common.js';
import type { DnaSearchRequest, DnaSearchResponse } from '../service/contract/schemas/dna-search.js';
import type {
  PlayerQueryString,
  PlayerRequest,
  PlayerResponse,
} from '../service/contract/schemas/intelligence-player.js';
import type { ScoutingRequest, ScoutingResponse } from '../service/contract/schemas/intelligence-scouting.js';
import type {
  MatchIntelligenceRequest,
  MatchIntelligenceResponse,
} from '../service/contract/schemas/match-intelligence.js';
import type { VerdictRequest, VerdictResponse } from '../service/contract/schemas/verdict.js';

/** A problem document (RFC 9457) as the API returns it; `code` is machine-readable (docs/errors.md). */
export type Problem = ProblemResponse;

/** What a keyed call cost: the credits charged and the wallet balance after; null on the demo channel. */
export interface Credits {
  charged: number;
  balance: number;
}

/** The result of one call: the typed body, or the problem; never thrown. */
export type ApiResult<T> =
  | { ok: true; value: T; status: number; credits: Credits | null; requestId: string | null }
  | { ok: false; problem: Problem; status: number; credits: Credits | null; requestId: string | null };

/** Options of {@link createClient}. */
export interface ClientOptions {
  /** Address of the API, e.g. `http://127.0.0.1:8787`. */
  baseUrl: string;
  /** API key (`svc_sk_…`), sent as `Authorization: Bearer`. */
  apiKey?: string;
  /** Anonymous demo channel instead of a key (15 successful calls per day). */
  demoChannel?: 'mcp' | 'openclaw' | 'custom-gpt';
  /** Retries of a call answered 429, 503 or 409 idempotency_in_progress, or whose connection failed; default 3. */
  maxRetries?: number;
  /** Longest `Retry-After` waited for, in seconds; a longer one is returned as the problem; default 30. */
  maxRetryAfterSeconds?: number;
  /** The fetch to use; default `globalThis.fetch`. */
  fetch?: typeof fetch;
}

/** Options of the hd card flow. */
export interface HdCardOptions {
  /** A PNG or JPEG photo to upload (multipart) instead of `photo_url`. */
  photo?: Blob | Uint8Array;
  /** Time between polls, in ms; default 1000. */
  pollIntervalMs?: number;
  /** Give up polling after this many ms (the job keeps running; its poll_url is in the problem); default 180000. */
  timeoutMs?: number;
}

type In<S extends z.ZodType> = z.input<S>;
/** A card body with its style narrowed to the sync styles or to the hd styles. */
type CardBody<Styles extends readonly string[]> = Omit<In<typeof CardRequest>, 'style'> & { style: Styles[number] };

/** The API client returned by {@link createClient}. */
export interface Client {
  player(body: In<typeof PlayerRequest>, query?: PlayerQueryString): Promise<ApiResult<PlayerResponse>>;
  scouting(body: In<typeof ScoutingRequest>): Promise<ApiResult<ScoutingResponse>>;
  dnaSearch(body: In<typeof DnaSearchRequest>): Promise<ApiResult<DnaSearchResponse>>;
  alternatives(body: In<typeof AlternativesRequest>): Promise<ApiResult<AlternativesResponse>>;
  matchIntelligence(body: In<typeof MatchIntelligenceRequest>): Promise<ApiResult<MatchIntelligenceResponse>>;
  verdict(body: In<typeof VerdictRequest>): Promise<ApiResult<VerdictResponse>>;
  /** A sync card (player_card, stat_ribbon, shot_map): 200 with the image URL. For hd styles use {@link Client.hdCard}. */
  card(body: CardBody<typeof SYNC_STYLES>): Promise<ApiResult<CardResponse>>;
  cardPrompt(body: In<typeof CardPromptRequest>): Promise<ApiResult<CardPromptResponse>>;
  bestXiPool(body: In<typeof BestXiPoolRequest>): Promise<ApiResult<BestXiPoolResponse>>;
  bestXiLineup(body: In<typeof BestXiLineupRequest>): Promise<ApiResult<BestXiLineupResponse>>;
  bestXiPick(body: In<typeof BestXiPickRequest>): Promise<ApiResult<BestXiPickResponse>>;
  /**
   * Queues an hd card (key only), polls its job until it ends and returns the card; credits are the job's.
   * A sync style is refused as `invalid_argument` before anything is sent (nothing charged).
   */
  hdCard(
    body: CardBody<typeof HD_STYLES>,
    options?: HdCardOptions,
  ): Promise<ApiResult<NonNullable<CardJobResponse['result']>>>;
  /** One poll of an async card job (free). */
  cardJob(jobId: string): Promise<ApiResult<CardJobResponse>>;
  /** The GET catalog of an endpoint path, e.g. `/api/v1/cards` (free, no auth); a path without its leading `/` is `invalid_argument`. */
  catalog(path: string): Promise<ApiResult<CatalogResponse>>;
  /** The PNG bytes behind a card's `image_url`. */
  image(url: string): Promise<ApiResult<Uint8Array>>;
}

const RETRIED = new Set([429, 503]);

/**
 * The hd styles, checked before an hd call is sent so that a sync style is refused free of charge.
 * A record over the service's style union: a new hd style is a type error here until it is listed.
 */
const HD_CARD_STYLES: { readonly [S in (typeof HD_STYLES)[number]]: true } = {
  editorial_cover: true,
  fifa_viral: true,
  collage: true,
};
const isHdCardStyle = (style: unknown): boolean => typeof style === 'string' && Object.hasOwn(HD_CARD_STYLES, style);

/** A refusal made before anything is sent: nothing is charged. */
const argumentError = (detail: string, param?: string) => ({
  ok: false as const,
  problem: { ...clientProblem('invalid_argument', detail), ...(param ? { param } : {}) },
  status: 0,
  credits: null,
  requestId: null,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A problem made by the client itself (the server could not be reached, or answered no JSON). */
const clientProblem = (code: string, detail: string, status = 0): Problem => ({
  type: 'about:blank',
  title: 'Client error',
  status,
  detail,
  code,
  request_id: '',
});

function creditsOf(headers: Headers): Credits | null {
  const charged = headers.get('x-svc-credits-charged');
  const balance = headers.get('x-svc-wallet-balance');
  return charged === null || balance === null ? null : { charged: Number(charged), balance: Number(balance) };
}

/** Seconds of a Retry-After header (delta-seconds or HTTP date); null when absent or unreadable. */
function retryAfterSeconds(headers: Headers): number | null {
  const raw = headers.get('retry-after');
  if (raw === null) return null;
  if (/^\d+$/.test(raw.trim())) return Number(raw);
  const at = Date.parse(raw);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

/**
 * Creates a client of the API at `baseUrl`, authenticated by `apiKey` or on `demoChannel`.
 * @example const api = createClient({ baseUrl: 'http://127.0.0.1:8787', demoChannel: 'mcp' }); (await api.verdict({ player_name: 'Igor Teixeira' })).ok // => true
 */
export function createClient(options: ClientOptions): Client {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const maxRetries = options.maxRetries ?? 3;
  const maxWait = options.maxRetryAfterSeconds ?? 30;
  const auth: Record<string, string> = options.apiKey
    ? { authorization: `Bearer ${options.apiKey}` }
    : options.demoChannel
      ? { 'x-svc-demo-channel': options.demoChannel }
      : {};

  /** One call with retries; the same Idempotency-Key on every attempt of a POST. */
  async function send<T>(
    method: 'GET' | 'POST',
    pathOrUrl: string,
    body?: string | FormData,
    contentType?: string,
    parse: (res: Response) => Promise<T> = (res) => res.json() as Promise<T>,
  ): Promise<ApiResult<T>> {
    const absolute = /^https?:\/\//.test(pathOrUrl);
    // A path without its leading slash would be glued to the port ("…:8787verdict").
    if (!absolute && !pathOrUrl.startsWith('/'))
      return argumentError(`"${pathOrUrl}" is neither a URL nor a path starting with "/" (e.g. "/api/v1/verdict")`);
    const url = absolute ? pathOrUrl : `${base}${pathOrUrl}`;
    const headers: Record<string, string> = { ...auth, accept: 'application/json' };
    if (contentType) headers['content-type'] = contentType;
    if (method === 'POST') headers['idempotency-key'] = globalThis.crypto.randomUUID();
    for (let attempt = 0; ; attempt++) {
      let res: Response;
      try {
        res = await doFetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
      } catch (error) {
        if (attempt < maxRetries) {
          await sleep(250 * 2 ** attempt);
          continue;
        }
        return {
          ok: false,
          problem: clientProblem('network_error', `${method} ${url} failed: ${(error as Error).message}`),
          status: 0,
          credits: null,
          requestId: null,
        };
      }
      const credits = creditsOf(res.headers);
      const requestId = res.headers.get('request-id');
      if (res.ok) return { ok: true, value: await parse(res), status: res.status, credits, requestId };
      let problem: Problem;
      try {
        problem = (await res.json()) as Problem;
      } catch {
        problem = clientProblem(
          'unexpected_response',
          `${method} ${url} answered ${res.status} without a problem document`,
          res.status,
        );
      }
      const wait = retryAfterSeconds(res.headers);
      const retriable = RETRIED.has(res.status) || problem.code === 'idempotency_in_progress';
      if (retriable && attempt < maxRetries && (wait ?? 1) <= maxWait) {
        await sleep((wait ?? 1) * 1000);
        continue;
      }
      return { ok: false, problem, status: res.status, credits, requestId };
    }
  }

  const post = <T>(path: string, body: unknown) => send<T>('POST', path, JSON.stringify(body), 'application/json');

  async function hdCard(
    body: CardBody<typeof HD_STYLES>,
    opts: HdCardOptions = {},
  ): Promise<ApiResult<NonNullable<CardJobResponse['result']>>> {
    if (!isHdCardStyle(body.style))
      return argumentError(
        `style ${JSON.stringify(body.style)} is not an hd style (${Object.keys(HD_CARD_STYLES).join(', ')}); use card()`,
        'style',
      );
    let queued: ApiResult<CardJobResponse>;
    if (opts.photo) {
      const form = new FormData();
      form.set('request', JSON.stringify(body));
      form.set(
        'photo',
        opts.photo instanceof Blob ? opts.photo : new Blob([opts.photo as Uint8Array<ArrayBuffer>]),
        'photo',
      );
      // fetch sets the multipart Content-Type with its boundary.
      queued = await send<CardJobResponse>('POST', '/api/v1/cards', form);
    } else {
      queued = await post<CardJobResponse>('/api/v1/cards', body);
    }
    if (!queued.ok) return queued;
    if (queued.status !== 202)
      return {
        ...queued,
        ok: false,
        problem: clientProblem(
          'not_a_job',
          `style ${String(body.style)} is rendered synchronously; use card()`,
          queued.status,
        ),
      };
    const deadline = Date.now() + (opts.timeoutMs ?? 180_000);
    let job = queued.value;
    let last: ApiResult<CardJobResponse> = queued;
    while (job.status === 'queued' || job.status === 'running') {
      if (Date.now() >= deadline)
        return {
          ok: false,
          problem: clientProblem('job_timeout', `job ${job.job_id} still ${job.status}; poll ${job.poll_url}`),
          status: 0,
          credits: last.credits,
          requestId: last.requestId,
        };
      await sleep(opts.pollIntervalMs ?? 1000);
      last = await send<CardJobResponse>('GET', `/api/v1/cards/jobs/${encodeURIComponent(job.job_id)}`);
      if (!last.ok) return last;
      job = last.value;
    }
    const credits = last.credits ? { charged: job.credits_charged, balance: last.credits.balance } : null;
    if (job.status === 'succeeded' && job.result)
      return { ok: true, value: job.result, status: 200, credits, requestId: last.requestId };
    const error = job.error ?? { code: 'internal_error', detail: 'the job failed' };
    return {
      ok: false,
      problem: {
        type: `${base}/docs#error-${error.code}`,
        title: 'Card job failed',
        status: 0,
        request_id: last.requestId ?? '',
        ...error,
      },
      status: 200,
      credits,
      requestId: last.requestId,
    };
  }

  return {
    player: (body, query) =>
      post(`/api/v1/intelligence/player${query?.enhance ? `?enhance=${encodeURIComponent(query.enhance)}` : ''}`, body),
    scouting: (body) => post('/api/v1/intelligence/scouting', body),
    dnaSearch: (body) => post('/api/v1/intelligence/dna-search', body),
    alternatives: (body) => post('/api/v1/alternatives', body),
    matchIntelligence: (body) => post('/api/v1/match-intelligence', body),
    verdict: (body) => post('/api/v1/verdict', body),
    card: (body) => post('/api/v1/cards', body),
    cardPrompt: (body) => post('/api/v1/cards/prompt', body),
    bestXiPool: (body) => post('/api/v1/best-xi/pool', body),
    bestXiLineup: (body) => post('/api/v1/best-xi/lineup', body),
    bestXiPick: (body) => post('/api/v1/best-xi/pick', body),
    hdCard,
    cardJob: (jobId) => send('GET', `/api/v1/cards/jobs/${encodeURIComponent(jobId)}`),
    catalog: (path) => send('GET', path),
    image: (url) => send('GET', url, undefined, undefined, async (res) => new Uint8Array(await res.arrayBuffer())),
  };
}

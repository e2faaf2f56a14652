/**
 * @module `halfspace/client`: a typed client of the HTTP API with no dependency beyond `fetch`.
 * One method per routed operation of the registry (src/operation-registry.ts), derived from it:
 * the path from `ROUTE_PATHS`, the request type from the registry's zod schema and the answer
 * type from what the engine returns (type-only imports: nothing of zod is loaded). Results are
 * values `{ ok: true, value, credits }` or `{ ok: false, problem, credits }`. Every POST carries
 * an `Idempotency-Key`, reused when the call is retried (429, 503, 409 in progress, a dropped
 * connection), so a retry is never charged twice. The hd card flow is one awaitable call.
 */
import type { z } from 'zod';
import type { ENGINE_OPERATIONS, EngineOperationName, ParsedOperations } from '../operation-registry.js';
import { ROUTE_PATHS, type RoutedOperationName } from '../service/contract/paths.js';
import { HD_STYLES, type SYNC_STYLES } from '../cards/styles.js';
import type { CardJobResponse, CardResponse } from '../service/contract/schemas/cards.js';
import type { CatalogResponse, ProblemResponse } from '../service/contract/schemas/common.js';
import type { PlayerQueryString } from '../service/contract/operations.js';

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

/** The request body of a registry operation over HTTP: the input of its registry schema (defaults may be left out). */
export type RequestOf<K extends EngineOperationName> = z.input<(typeof ENGINE_OPERATIONS)[K]['request']>;
/** The JSON answer of a registry operation over HTTP: what the engine answers. */
export type AnswerOf<K extends EngineOperationName> = Extract<
  Awaited<ReturnType<ParsedOperations[K]>>,
  { ok: true }
>['value'];

/** A card body with its style narrowed to the sync styles or to the hd styles. */
type CardBody<Styles extends readonly string[]> = Omit<RequestOf<'card'>, 'style'> & { style: Styles[number] };

/** Routed operations whose 200 body is the engine's answer as it is (a card answers its stored image instead). */
type JsonOperationName = Exclude<RoutedOperationName, 'card'>;

/** One method per routed registry operation: a registry line with a path gets its client method. */
export type OperationMethods = {
  [K in JsonOperationName]: (body: RequestOf<K>) => Promise<ApiResult<AnswerOf<K>>>;
};

/** The API client returned by {@link createClient}. */
export interface Client extends OperationMethods {
  /** The player profile; `query.enhance = 'narrative'` adds a narrative paragraph. */
  player(body: RequestOf<'player'>, query?: PlayerQueryString): Promise<ApiResult<AnswerOf<'player'>>>;
  /** A card of a sync style ({@link SYNC_STYLES}): 200 with the image URL. For hd styles use {@link Client.hdCard}. */
  card(body: CardBody<typeof SYNC_STYLES>): Promise<ApiResult<CardResponse>>;
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

/** Whether `style` is an hd style, checked before an hd call is sent so that a sync style is refused free of charge. */
const isHdCardStyle = (style: unknown): boolean => HD_STYLES.some((hd) => hd === style);

/** A call that got no answer from the API: `problem` is the client's own, nothing was charged. */
const unanswered = (problem: Problem) => ({ ok: false as const, problem, status: 0, credits: null, requestId: null });

/** A refusal made before anything is sent: nothing is charged. */
const argumentError = (detail: string, param?: string) =>
  unanswered({ ...clientProblem('invalid_argument', detail), ...(param ? { param } : {}) });

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

/** What every call of one client shares: the base address, the fetch, the retry limits and the credentials. */
interface Connection {
  base: string;
  fetch: typeof fetch;
  maxRetries: number;
  maxWait: number;
  auth: Record<string, string>;
}

// cast: the body is the server's JSON answer to this call; its type is the API contract's, as documented by OpenAPI.
const jsonOf = <T>(res: Response): Promise<T> => res.json() as Promise<T>;

/** The problem document of a failed response, or a client problem when the body is no JSON object with a code. */
async function problemOf(res: Response, what: string): Promise<Problem> {
  const body: unknown = await res.json().catch(() => undefined);
  if (typeof body === 'object' && body !== null && 'code' in body && typeof body.code === 'string')
    // cast: a JSON object with a string `code` from this API is its problem document (docs/errors.md).
    return body as Problem;
  return clientProblem('unexpected_response', `${what} answered ${res.status} without a problem document`, res.status);
}

/** One call with retries; the same Idempotency-Key on every attempt of a POST. */
async function send<T>(
  c: Connection,
  method: 'GET' | 'POST',
  pathOrUrl: string,
  body?: string | FormData,
  contentType?: string,
  parse: (res: Response) => Promise<T> = jsonOf,
): Promise<ApiResult<T>> {
  const absolute = /^https?:\/\//.test(pathOrUrl);
  // A path without its leading slash would be glued to the port ("…:8787verdict").
  if (!absolute && !pathOrUrl.startsWith('/'))
    return argumentError(`"${pathOrUrl}" is neither a URL nor a path starting with "/" (e.g. "/api/v1/verdict")`);
  const url = absolute ? pathOrUrl : `${c.base}${pathOrUrl}`;
  const headers: Record<string, string> = { ...c.auth, accept: 'application/json' };
  if (contentType) headers['content-type'] = contentType;
  if (method === 'POST') headers['idempotency-key'] = globalThis.crypto.randomUUID();
  for (let attempt = 0; ; attempt++) {
    let res: Response;
    try {
      res = await c.fetch(url, { method, headers, ...(body !== undefined ? { body } : {}) });
    } catch (error) {
      if (attempt < c.maxRetries) {
        await sleep(250 * 2 ** attempt);
        continue;
      }
      const detail = `${method} ${url} failed: ${error instanceof Error ? error.message : String(error)}`;
      return unanswered(clientProblem('network_error', detail));
    }
    const credits = creditsOf(res.headers);
    const requestId = res.headers.get('request-id');
    if (res.ok) return { ok: true, value: await parse(res), status: res.status, credits, requestId };
    const problem = await problemOf(res, `${method} ${url}`);
    const wait = retryAfterSeconds(res.headers);
    const retriable = RETRIED.has(res.status) || problem.code === 'idempotency_in_progress';
    if (retriable && attempt < c.maxRetries && (wait ?? 1) <= c.maxWait) {
      await sleep((wait ?? 1) * 1000);
      continue;
    }
    return { ok: false, problem, status: res.status, credits, requestId };
  }
}

type HdCardResult = ApiResult<NonNullable<CardJobResponse['result']>>;

/** Sends an hd card: the JSON body, or a multipart form when a photo is uploaded. */
function queueHdCard(c: Connection, body: CardBody<typeof HD_STYLES>, photo: HdCardOptions['photo']) {
  if (!photo) return send<CardJobResponse>(c, 'POST', ROUTE_PATHS.card, JSON.stringify(body), 'application/json');
  const form = new FormData();
  form.set('request', JSON.stringify(body));
  form.set('photo', photo instanceof Blob ? photo : new Blob([new Uint8Array(photo)]), 'photo');
  // fetch sets the multipart Content-Type with its boundary.
  return send<CardJobResponse>(c, 'POST', ROUTE_PATHS.card, form);
}

/** Polls a queued job until it ends or the deadline passes; the last poll, or the timeout problem. */
async function pollJob(c: Connection, queued: ApiResult<CardJobResponse>, opts: HdCardOptions) {
  const deadline = Date.now() + (opts.timeoutMs ?? 180_000);
  let last = queued;
  while (last.ok && (last.value.status === 'queued' || last.value.status === 'running')) {
    const job = last.value;
    if (Date.now() >= deadline) {
      const detail = `job ${job.job_id} still ${job.status}; poll ${job.poll_url}`;
      const problem = clientProblem('job_timeout', detail);
      return { ok: false as const, problem, status: 0, credits: last.credits, requestId: last.requestId };
    }
    await sleep(opts.pollIntervalMs ?? 1000);
    last = await send<CardJobResponse>(c, 'GET', `/api/v1/cards/jobs/${encodeURIComponent(job.job_id)}`);
  }
  return last;
}

/** The card of a finished job, or its failure as a problem; credits are the job's. */
function jobOutcome(base: string, last: ApiResult<CardJobResponse> & { ok: true }): HdCardResult {
  const job = last.value;
  const credits = last.credits ? { charged: job.credits_charged, balance: last.credits.balance } : null;
  if (job.status === 'succeeded' && job.result)
    return { ok: true, value: job.result, status: 200, credits, requestId: last.requestId };
  const error = job.error ?? { code: 'internal_error', detail: 'the job failed' };
  const problem = {
    type: `${base}/docs#error-${error.code}`,
    title: 'Card job failed',
    status: 0,
    request_id: last.requestId ?? '',
    ...error,
  };
  return { ok: false, problem, status: 200, credits, requestId: last.requestId };
}

/** The hd card flow: refuse a sync style free of charge, queue the job, poll it, return its card. */
async function hdCardWith(
  c: Connection,
  body: CardBody<typeof HD_STYLES>,
  opts: HdCardOptions = {},
): Promise<HdCardResult> {
  if (!isHdCardStyle(body.style))
    return argumentError(
      `style ${JSON.stringify(body.style)} is not an hd style (${HD_STYLES.join(', ')}); use card()`,
      'style',
    );
  const queued = await queueHdCard(c, body, opts.photo);
  if (!queued.ok) return queued;
  if (queued.status !== 202) {
    const problem = clientProblem(
      'not_a_job',
      `style ${String(body.style)} is rendered synchronously; use card()`,
      queued.status,
    );
    return { ...queued, ok: false, problem };
  }
  const last = await pollJob(c, queued, opts);
  return last.ok ? jobOutcome(c.base, last) : last;
}

/** The method of every routed registry operation: POST its JSON body to its path. */
function operationMethodsOf(c: Connection): OperationMethods & Pick<Client, 'card'> {
  const methods: Record<string, (body: unknown) => Promise<ApiResult<unknown>>> = {};
  for (const [name, path] of Object.entries(ROUTE_PATHS))
    methods[name] = (body) => send(c, 'POST', path, JSON.stringify(body), 'application/json');
  // cast: each method posts its registry request to its own ROUTE_PATHS entry, whose 200 body is the
  // engine's answer of that operation, which is what OperationMethods and Client.card type per key.
  return methods as OperationMethods & Pick<Client, 'card'>;
}

/** Credentials of a client: its key, or the demo channel header, or none. */
const authOf = (options: ClientOptions): Record<string, string> =>
  options.apiKey
    ? { authorization: `Bearer ${options.apiKey}` }
    : options.demoChannel
      ? { 'x-svc-demo-channel': options.demoChannel }
      : {};

/**
 * Creates a client of the API at `baseUrl`, authenticated by `apiKey` or on `demoChannel`.
 * @example const api = createClient({ baseUrl: 'http://127.0.0.1:8787', demoChannel: 'mcp' }); (await api.verdict({ player_name: 'Igor Teixeira' })).ok // => true
 */
export function createClient(options: ClientOptions): Client {
  const c: Connection = {
    base: options.baseUrl.replace(/\/+$/, ''),
    fetch: options.fetch ?? globalThis.fetch.bind(globalThis),
    maxRetries: options.maxRetries ?? 3,
    maxWait: options.maxRetryAfterSeconds ?? 30,
    auth: authOf(options),
  };
  const enhance = (query: PlayerQueryString | undefined) =>
    query?.enhance ? `?enhance=${encodeURIComponent(query.enhance)}` : '';
  return {
    ...operationMethodsOf(c),
    player: (body, query) =>
      send(c, 'POST', `${ROUTE_PATHS.player}${enhance(query)}`, JSON.stringify(body), 'application/json'),
    hdCard: (body, opts) => hdCardWith(c, body, opts),
    cardJob: (jobId) => send(c, 'GET', `/api/v1/cards/jobs/${encodeURIComponent(jobId)}`),
    catalog: (path) => send(c, 'GET', path),
    image: (url) => send(c, 'GET', url, undefined, undefined, async (res) => new Uint8Array(await res.arrayBuffer())),
  };
}

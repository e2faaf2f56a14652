/**
 * @module What an MCP tool call runs against. Over HTTP every call goes through the service as
 * the REST twin would (same auth, wallet, demo quota, failures free: billed identically);
 * over stdio the operation runs in-process on the user's own engine, with no wallet.
 */
import type { Failure, Result } from '../errors.js';
import { catalogOf } from '../service/contract/catalog.js';
import { problemOf, type Problem } from '../service/contract/errors.js';
import { fetchPhoto } from '../service/photos/photo-fetch.js';
import { OPERATIONS, type Operation, type ServiceEngine } from '../service/contract/operations.js';
import { newRequestId, type Service, type ServiceResponse } from '../service/service.js';
import { parsedRequestOf } from '../service/pipeline.js';
import { runOperation } from '../service/billing/settle.js';

/** Credits of one call over HTTP with a key: what was charged and the balance after. */
export interface ToolCredits {
  charged: number;
  balance: number;
}

/** The outcome of one operation call: its JSON body (and card PNG), or the problem document. */
export type ToolCallOutcome =
  | { ok: true; value: Record<string, unknown>; credits?: ToolCredits; png?: Uint8Array }
  | { ok: false; problem: Problem; credits?: ToolCredits };

/** Where the MCP tools send their calls. */
export interface ToolBackend {
  readonly operations: readonly Operation[];
  /** Runs `op` with its JSON body and query. */
  call(op: Operation, body: Record<string, unknown>, query: Record<string, string>): Promise<ToolCallOutcome>;
  /** The GET catalog of `op` (free). */
  catalog(op: Operation): Promise<Record<string, unknown>>;
  /** The PNG behind a card's `image_url`, or null. */
  image(url: string): Promise<Uint8Array | null>;
}

/** The caller of an MCP-over-HTTP request, passed to each tool call as the REST request's credentials. */
export interface HttpCaller {
  authorization?: string;
  demoChannel?: string;
  clientIp?: string;
  forwardedFor?: string;
}

/**
 * What the tool calls of one MCP request cost, for that request's response headers: the credits
 * charged in all, and the wallet and RateLimit headers of the latest call.
 */
export interface CallTally {
  charged: number;
  headers: Record<string, string>;
}

/** Headers of a tool call's response that the MCP response repeats (docs/api.md#billing). */
const TALLIED = [
  'x-svc-wallet-balance',
  'ratelimit-limit',
  'ratelimit-policy',
  'ratelimit-remaining',
  'ratelimit-reset',
];

/** How long a tool call waits for an hd card job before returning the job to poll, in ms. */
export const JOB_WAIT_MS = 120_000;
const JOB_POLL_MS = 200;

const IMAGE_URL = /\/images\/([0-9a-f]{64}\.png)$/;

/** A JSON object (not an array, not null). */
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON object a service response carries (every JSON answer of the service is one). */
function jsonObjectOf(body: string | Uint8Array): Record<string, unknown> {
  const json: unknown = JSON.parse(textOf(body));
  if (!isRecord(json)) throw new Error('the service answered JSON that is not an object');
  return json;
}

const textOf = (body: string | Uint8Array): string =>
  typeof body === 'string' ? body : Buffer.from(body).toString('utf8');

function creditsOf(res: ServiceResponse): ToolCredits | undefined {
  const charged = res.headers['x-svc-credits-charged'];
  const balance = res.headers['x-svc-wallet-balance'];
  return charged === undefined || balance === undefined
    ? undefined
    : { charged: Number(charged), balance: Number(balance) };
}

function outcomeOf(res: ServiceResponse): ToolCallOutcome {
  const json = jsonObjectOf(res.body);
  const credits = creditsOf(res);
  // cast: a 4xx/5xx body of the service is always a problem document (problemOf built it).
  if (res.status >= 400) return { ok: false, problem: json as Problem, ...(credits ? { credits } : {}) };
  return { ok: true, value: json, ...(credits ? { credits } : {}) };
}

/** Polls an hd card job until it ends or `jobWaitMs` passes: its card, its problem, or the job to poll on. */
async function awaitJob(
  service: Service,
  caller: HttpCaller,
  jobWaitMs: number,
  first: Record<string, unknown>,
  held: ToolCredits | undefined,
): Promise<ToolCallOutcome> {
  const deadline = Date.now() + jobWaitMs;
  let job = first;
  let credits = held;
  while ((job.status === 'queued' || job.status === 'running') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, JOB_POLL_MS));
    const res = await service.handle({
      method: 'GET',
      path: `/api/v1/cards/jobs/${String(job.job_id)}`,
      ...(caller.authorization ? { authorization: caller.authorization } : {}),
    });
    const polled = outcomeOf(res);
    if (!polled.ok) return polled;
    job = polled.value;
    if (polled.credits) credits = { charged: Number(job.credits_charged ?? 0), balance: polled.credits.balance };
  }
  if (job.status === 'succeeded' && isRecord(job.result))
    return { ok: true, value: job.result, ...(credits ? { credits } : {}) };
  if (job.status === 'failed' && isRecord(job.error)) {
    const { code, detail, param } = job.error;
    return {
      ok: false,
      problem: problemOf(serviceBase(service), String(job.job_id), {
        // cast: a failed job's error code is one the service itself recorded (an ErrorCode).
        code: String(code) as Failure['code'],
        message: String(detail),
        ...(typeof param === 'string' && param !== '' ? { param } : {}),
      }),
      ...(credits ? { credits } : {}),
    };
  }
  // Still running: the agent gets the job and its poll_url.
  return { ok: true, value: job, ...(credits ? { credits } : {}) };
}

/**
 * Tool calls through `service`, with the credentials of the MCP request: each one is the REST call
 * of its operation (so charged, limited and refused exactly like it). An hd card job is polled
 * until it ends (at most {@link JOB_WAIT_MS}) so the tool returns the card itself.
 * @example await serviceBackend(service, { demoChannel: 'mcp', clientIp: '127.0.0.1' }).call(op, { name: 'X' }, {}) // => { ok: true, value: {…} }
 */
export function serviceBackend(
  service: Service,
  caller: HttpCaller,
  options: { jobWaitMs?: number; tally?: CallTally } = {},
): ToolBackend {
  const jobWaitMs = options.jobWaitMs ?? JOB_WAIT_MS;
  const { tally } = options;
  return {
    get operations() {
      return service.operations;
    },
    async call(op, body, query) {
      const res = await service.call(op, { method: 'POST', path: op.path, ...caller, body, query });
      const first = outcomeOf(res);
      const outcome =
        first.ok && res.status === 202 ? await awaitJob(service, caller, jobWaitMs, first.value, first.credits) : first;
      if (tally) {
        for (const name of TALLIED) if (res.headers[name] !== undefined) tally.headers[name] = res.headers[name];
        if (outcome.credits) {
          tally.charged += outcome.credits.charged;
          tally.headers['x-svc-wallet-balance'] = String(outcome.credits.balance);
        }
      }
      return outcome;
    },
    async catalog(op) {
      return jsonObjectOf((await service.handle({ method: 'GET', path: op.path })).body);
    },
    async image(url) {
      const name = IMAGE_URL.exec(url)?.[1];
      if (!name) return null;
      const res = await service.image(name);
      return res.status === 200 && typeof res.body !== 'string' ? res.body : null;
    },
  };
}

/** The service's public base address, read from its OpenAPI servers entry (for job problem types). */
function serviceBase(service: Service): string {
  const servers = service.openApi().servers;
  const first: unknown = Array.isArray(servers) ? servers[0] : undefined;
  return isRecord(first) && typeof first.url === 'string' ? first.url : '';
}

/** Base of image URLs and problem types over stdio: there is no server, so images are MCP resources under it. */
export const LOCAL_BASE = 'halfspace://local';

/** What a local tool call runs with: the engine, the photo fetcher and the session's image store. */
interface LocalRun {
  engine: ServiceEngine;
  photoFetcher: (url: string) => Promise<Result<Uint8Array>>;
  images: { put(hex: string, png: Uint8Array): Promise<void>; get(hex: string): Promise<Uint8Array | null> };
}

const localProblem = (failure: Failure): ToolCallOutcome => ({
  ok: false,
  problem: problemOf(LOCAL_BASE, newRequestId(), failure),
});

/**
 * One local tool call: the pipeline's steps minus authentication and billing: parse (schemas,
 * precheck, dataset checks), fetch an hd card's photo, run; a throw is an internal_error like the service's.
 */
async function localCall(
  run: LocalRun,
  op: Operation,
  body: Record<string, unknown>,
  query: Record<string, string>,
): Promise<ToolCallOutcome> {
  const parsed = parsedRequestOf(op, run.engine, body, query, undefined);
  if (!parsed.ok) return localProblem(parsed.error);
  let photo: Uint8Array | undefined;
  if (op.isJob?.(body) && typeof body.photo_url === 'string') {
    const fetched = await run.photoFetcher(body.photo_url);
    if (!fetched.ok) return localProblem(fetched.error);
    photo = fetched.value;
  }
  const ran = await runOperation(
    op,
    {
      engine: run.engine,
      body: parsed.value.body,
      query: parsed.value.query,
      key: null,
      baseUrl: LOCAL_BASE,
      images: run.images,
      ...(photo ? { photo } : {}),
    },
    (error) => console.error('[halfspace mcp] internal error:', error),
  );
  if (!ran.ok) return localProblem(ran.error);
  // cast: every operation answers a JSON object (its response schema is a z.object).
  const value = ran.value.body as Record<string, unknown>;
  return { ok: true, value };
}

/**
 * Tool calls run in-process on `engine`: validated by the operation's schemas, no key, no wallet,
 * hd cards rendered before returning. Card images stay in memory for the session and are
 * readable as resources at their `halfspace://local/images/<sha256>.png` URL.
 * @example await localBackend(Engine.open({ dataset: 'demo' })).call(op, { name: 'Igor Teixeira' }, {}) // => { ok: true, value: {…} }
 */
export function localBackend(
  engine: ServiceEngine,
  options: { operations?: readonly Operation[]; fetchPhoto?: (url: string) => Promise<Result<Uint8Array>> } = {},
): ToolBackend {
  const operations = options.operations ?? OPERATIONS;
  const photoFetcher = options.fetchPhoto ?? ((url: string) => fetchPhoto(url));
  const images = new Map<string, Uint8Array>();
  const store = {
    put: async (hex: string, png: Uint8Array) => void images.set(hex, png),
    get: async (hex: string) => images.get(hex) ?? null,
  };
  // No public address: the card watermark keeps its default text rather than "local".
  const local: ServiceEngine = {
    parsed: {
      ...engine.parsed,
      card: (request, opts = {}) => engine.parsed.card(request, { ...opts, baseUrl: undefined }),
    },
    ...(engine.now ? { now: () => engine.now!() } : {}),
  };
  return {
    operations,
    call: (op, body, query) => localCall({ engine: local, photoFetcher, images: store }, op, body, query),
    catalog: async (op) => catalogOf(op),
    async image(url) {
      const hex = IMAGE_URL.exec(url)?.[1]?.slice(0, 64);
      return url.startsWith(LOCAL_BASE) && hex ? (images.get(hex) ?? null) : null;
    },
  };
}

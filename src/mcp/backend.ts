/**
 * @module What an MCP tool call runs against. Over HTTP every call runs the service's paid
 * pipeline as its REST call would (same auth, wallet, demo quota, failures free: billed identically);
 * over stdio the operation runs in-process on the user's own engine, with no wallet.
 */
import type { Failure, Result } from '../errors.js';
import { catalogOf } from '../service/contract/catalog.js';
import { problemOf } from '../service/contract/errors.js';
import { fetchPhoto } from '../service/photos/photo-fetch.js';
import { OPERATIONS, type Operation, type ServiceEngine } from '../service/contract/operations.js';
import { newRequestId } from '../service/request-id.js';
import type { ToolAnswer, ToolCaller, ToolCalls, ToolCredits } from '../service/tool-calls.js';
import { parsedRequestOf } from '../service/pipeline.js';
import { runOperation } from '../service/billing/settle.js';

/** The outcome of one operation call: its JSON body, or the problem document, with the credits of a keyed call. */
export type ToolCallOutcome = ToolAnswer;

export type { ToolCredits };

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
export type HttpCaller = ToolCaller;

const IMAGE_URL = /\/images\/([0-9a-f]{64})\.png$/;

/**
 * Tool calls of one MCP-over-HTTP request through the service's paid pipeline (`service.tools`):
 * each one is the REST call of its operation, so charged, limited and refused exactly like it.
 * @example serviceBackend(service.tools({ demoChannel: 'mcp', clientIp: '127.0.0.1' }, {}), service.operations)
 */
export function serviceBackend(tools: ToolCalls, operations: readonly Operation[]): ToolBackend {
  return {
    operations,
    call: (op, body, query) => tools.call(op, body, query),
    catalog: async (op) => tools.catalog(op),
    async image(url) {
      const hex = IMAGE_URL.exec(url)?.[1];
      return hex ? tools.image(hex) : null;
    },
  };
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
      const hex = IMAGE_URL.exec(url)?.[1];
      return url.startsWith(LOCAL_BASE) && hex ? (images.get(hex) ?? null) : null;
    },
  };
}

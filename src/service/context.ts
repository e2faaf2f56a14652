/**
 * @module What every part of the service shares: the request and response it handles, and the
 * options resolved once by `createService` (clock, limits, the operation table, the store…).
 */
import type { StoreRecovery } from './store-outage.js';
import type { Failure, Result } from '../errors.js';
import type { ServiceStore } from '../store/ports.js';
import type { KeyLookup } from './auth.js';
import type { Operation, OperationRun, ServiceEngine } from './contract/operation.js';
import { problemOf } from './contract/errors.js';
import type { ChargeListener } from './billing/settle.js';

/** A request as the service sees it, whatever the transport. */
export interface ServiceRequest {
  method: string;
  /** Path relative to the base address, without query string. */
  path: string;
  /** Value of the Authorization header. */
  authorization?: string;
  /** Value of X-SVC-Demo-Channel. */
  demoChannel?: string;
  /** Parsed JSON body (undefined when none was sent). */
  body?: unknown;
  /** Query parameters (last value wins). */
  query?: Record<string, string>;
  /** Address of the direct peer. */
  clientIp?: string;
  /** Value of X-Forwarded-For (honoured only from trusted proxies). */
  forwardedFor?: string;
  /** Value of Idempotency-Key. */
  idempotencyKey?: string;
  /** Photo bytes uploaded with the request (multipart field `photo`), for hd cards. */
  photo?: Uint8Array;
  /** Request id chosen by the transport; generated when absent. */
  requestId?: string;
  /**
   * Reads the body as the transport received it (size and media-type rules, JSON, the multipart
   * card upload). The pipeline calls it only after authentication and the rate limit, so a
   * request with no valid key costs no body read; `body` and `photo` are used when it is absent.
   */
  readBody?: () => Promise<Result<RequestBody>>;
}

/** A request body as read by the transport: the parsed JSON (undefined when empty) and an uploaded photo. */
export type RequestBody = Pick<ServiceRequest, 'body' | 'photo'>;

/** A response: status, lowercase header names, and the body (JSON text, its UTF-8 bytes from the response cache, or PNG bytes). */
export interface ServiceResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

const UTF8 = new TextDecoder();

/**
 * The text of a response body.
 * @example textOf(new Uint8Array([123, 125])) // => '{}'
 */
export const textOf = (body: string | Uint8Array): string => (typeof body === 'string' ? body : UTF8.decode(body));

/** A request parsed by its operation's schemas: what the operation's `run` receives. */
export interface ParsedRequest {
  body: unknown;
  query: Record<string, unknown>;
}

export const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON answer no cache may keep (operations routes, the admin API): balances, keys, health. */
export const noStoreJson = (
  status: number,
  requestId: string,
  body: unknown,
  extra: Record<string, string> = {},
): ServiceResponse => ({
  status,
  headers: { 'content-type': JSON_TYPE, 'request-id': requestId, 'cache-control': 'no-store', ...extra },
  body: JSON.stringify(body),
});
const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

/** The options of `createService` with their defaults applied, and the helpers built once from them. */
export interface ServiceContext {
  engine: ServiceEngine;
  store: ServiceStore;
  baseUrl: string;
  clock: () => Date;
  /** Keyed rate limit: tokens per second and bucket size. */
  perSecond: number;
  burst: number;
  /** Peers whose X-Forwarded-For is believed. */
  trusted: readonly string[];
  /** Demo calls per client per UTC day. */
  demoLimit: number;
  operations: readonly Operation[];
  onError: (error: unknown, requestId: string) => void;
  /** Receives every capture of the ledger (settle.ts): the metrics count exactly what was charged. */
  onCharge?: ChargeListener;
  fetchPhoto: (url: string) => Promise<Result<Uint8Array>>;
  /** Spread into an operation's context: the render pool's render and photo check, when one was given. */
  renderOption: Pick<OperationRun, 'render' | 'photoProblem'>;
  /** The active key of an Authorization value, remembered between calls (auth.ts). */
  keyOf: KeyLookup;
  /** The releases a store outage left undone, retried until the store is back (store-outage.ts). */
  recovery: StoreRecovery;
  /** A problem response (application/problem+json) for `failure`, with extra headers. */
  problem(requestId: string, failure: Failure, headers?: Record<string, string>): ServiceResponse;
}

/**
 * Builds {@link ServiceContext.problem} for a base address.
 * @example problemResponder('http://h')('req_1', { code: 'not_found', message: 'no such thing' }).status // => 404
 */
export const problemResponder =
  (baseUrl: string) =>
  (requestId: string, failure: Failure, headers: Record<string, string> = {}): ServiceResponse => {
    const body = problemOf(baseUrl, requestId, failure);
    return {
      status: body.status,
      headers: { 'content-type': PROBLEM_TYPE, 'request-id': requestId, ...headers },
      body: JSON.stringify(body),
    };
  };

/**
 * @module What every part of the service shares: the request and response it handles, and the
 * options resolved once by `createService` (clock, limits, the operation table, the store…).
 */
import type { Failure, Result } from '../errors.js';
import type { ServiceStore } from '../store/ports.js';
import type { RenderTask } from '../cards/render-pool.js';
import type { RenderedPng } from '../cards/render.js';
import type { KeyLookup } from './key-cache.js';
import type { Operation, ServiceEngine } from './operation.js';
import { problemOf } from './errors.js';

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
   * A problem the transport found in the body (413, 415, JSON or multipart that cannot be parsed);
   * answered after authentication and the rate limit, so an unauthenticated request gets 401 first.
   */
  bodyProblem?: Failure;
  /**
   * A response the transport produced itself (documents, images, 404 and 405 outside `/api/`):
   * `handle` returns it with the key headers added when the request carries a valid key.
   */
  answer?: ServiceResponse;
}

/** A response: status, lowercase header names, and the body (JSON text or PNG bytes). */
export interface ServiceResponse {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array;
}

/** A response whose body is JSON text (every answer of a paid call, and every problem). */
export interface JsonResponse extends ServiceResponse {
  body: string;
}

/** A request parsed by its operation's schemas: what the operation's `run` receives. */
export interface ParsedRequest {
  body: unknown;
  query: Record<string, unknown>;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
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
  fetchPhoto: (url: string) => Promise<Result<Uint8Array>>;
  /** Spread into an operation's context: the render pool, when one was given. */
  renderOption: { render?: (task: RenderTask) => Promise<RenderedPng> };
  /** The active key of an Authorization value, remembered between calls (key-cache.ts). */
  keyOf: KeyLookup;
  /** A problem response (application/problem+json) for `failure`, with extra headers. */
  problem(requestId: string, failure: Failure, headers?: Record<string, string>): JsonResponse;
}

/**
 * Builds {@link ServiceContext.problem} for a base address.
 * @example problemResponder('http://h')('req_1', { code: 'not_found', message: 'no such thing' }).status // => 404
 */
export const problemResponder =
  (baseUrl: string) =>
  (requestId: string, failure: Failure, headers: Record<string, string> = {}): JsonResponse => {
    const body = problemOf(baseUrl, requestId, failure);
    return {
      status: body.status,
      headers: { 'content-type': PROBLEM_TYPE, 'request-id': requestId, ...headers },
      body: JSON.stringify(body),
    };
  };

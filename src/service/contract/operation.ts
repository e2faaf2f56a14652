/**
 * @module The shape of one operation of the paid surface and {@link defineOperation}, which types
 * an operation's handler from its zod schemas so it receives the parsed request without a cast.
 */
import type { z } from 'zod';
import type { Engine } from '../../engine.js';
import { ok, type Failure, type Result } from '../../errors.js';
import { ENGINE_OPERATIONS, type EngineOperationName } from '../../operation-registry.js';
import { EmptyQuery } from './schemas/common.js';
import type { ImageStore, KeyRecord } from '../../store/ports.js';
import type { RenderTask } from '../../cards/render-pool.js';
import type { RenderedPng } from '../../cards/render.js';
import { ROUTE_PATHS, type RoutedOperationName } from './paths.js';

/**
 * What the service calls of the engine (a structural view, so tests can pass a fake): the
 * operations on parsed requests, since the service has parsed each body with its schema already.
 */
export type ServiceEngine = Pick<Engine, 'parsed'> & {
  /** The engine's clock (ages, form, fixtures depend on it); part of the response cache key. */
  now?(): Date;
};

/** What a handler sees of one call; `Body` and `Query` are what the operation's schemas parse to. */
export interface OperationRun<Body = unknown, Query = Record<string, unknown>> {
  engine: ServiceEngine;
  /** The request body parsed by the operation's `body` schema. */
  body: Body;
  /** The query parsed by the operation's `query` schema. */
  query: Query;
  /** The calling key, or null on the demo channel. */
  key: KeyRecord | null;
  baseUrl: string;
  /** Where rendered card images are stored (served at `/images/<sha256>.png`). */
  images: ImageStore;
  /** Photo bytes of an hd card (fetched from photo_url or uploaded), when any. */
  photo?: Uint8Array;
  /** Renders a laid-out card (the service's render pool); default: in this thread. */
  render?: (task: RenderTask) => Promise<RenderedPng>;
  /** Checks a photo's pixel data (the service's render pool); default photoPixelsProblemOf in this thread. */
  photoProblem?: (bytes: Uint8Array) => Promise<string | null>;
}

/** A handler's success: the JSON body, its status (default 200) and whether it may be charged. */
export interface OperationOutcome {
  status?: number;
  body: unknown;
  /** False when the call succeeded but must not be charged (docs/design.md#billing-rules: a card without a stored image). */
  chargeable?: boolean;
}

/**
 * One endpoint of the paid surface. `Body` and `Query` are the parsed request types: `unknown` in
 * the operation table, precise in a {@link defineOperation} definition.
 */
export interface Operation<Body = unknown, Query = Record<string, unknown>> {
  /** Stable id, also the OpenAPI operationId, e.g. `intelligence.player`. */
  id: string;
  /** The engine operation this route serves (src/operation-registry.ts): its request schema is `body`. */
  engine?: EngineOperationName;
  method: 'POST';
  /** Path relative to the base address, e.g. `/api/v1/intelligence/player`. */
  path: string;
  summary: string;
  tag: string;
  beta: boolean;
  /** Credits of a successful call (docs/design.md#credits); a function of the body as sent when the cost depends on it. */
  cost: number | ((body: unknown) => number);
  /** Whether X-SVC-Demo-Channel is accepted, possibly depending on the body as sent (not for hd cards). */
  demo: boolean | ((body: unknown) => boolean);
  body: z.ZodType;
  query: z.ZodType<Record<string, unknown>>;
  response: z.ZodType;
  /**
   * True when a 200 body depends only on the body, the query and the engine's clock (no key, no
   * side effect), so its JSON text may be served from the response cache.
   */
  cacheable?: boolean;
  /** True when this body (as sent) runs as an async job (hd cards): 202 with a job, credits held until it ends. */
  isJob?: (body: unknown) => boolean;
  /**
   * Checks of a parsed body that need more than its schema (the uploaded photo): a failure is
   * answered 400 before idempotency, holds or work.
   */
  precheck?(body: Body, photo: Uint8Array | undefined): Failure | null;
  /**
   * Checks of a parsed body against the dataset that `run` would otherwise make only later (an hd
   * job runs after its credits are held): a failure is answered before idempotency or holds.
   */
  validate?(engine: ServiceEngine, body: Body): Failure | null;
  /** Extra catalog members of the GET twin (enums, bounds, vibes, styles…). */
  catalog?: () => Record<string, unknown>;
  // Method syntax: the table holds operations of different request types; the service calls
  // `run` only with what `body` and `query` parsed (see defineOperation).
  run(ctx: OperationRun<Body, Query>): Promise<Result<OperationOutcome>> | Result<OperationOutcome>;
}

/** An operation whose `run` and `precheck` receive what its `body` and `query` schemas parse to. */
type OperationDefinition<B extends z.ZodType, Q extends z.ZodType<Record<string, unknown>>> = Operation<
  z.output<B>,
  z.output<Q>
> & { body: B; query: Q };

/**
 * Types an operation from its schemas: `run` receives the parsed body and query, so no handler
 * casts the request. The service parses both with these schemas before it calls `run`.
 * @example defineOperation({ …, body: VerdictRequest, query: EmptyQuery, run: ({ engine, body }) => … }).id // => 'verdict'
 */
export function defineOperation<B extends z.ZodType, Q extends z.ZodType<Record<string, unknown>>>(
  definition: OperationDefinition<B, Q>,
): Operation {
  return definition;
}

/**
 * Credits a successful call of `op` with `body` costs.
 * @example costOf(OPERATIONS[0], {}) // => 1
 */
export const costOf = (op: Operation, body: unknown): number =>
  typeof op.cost === 'function' ? op.cost(body) : op.cost;

/** Whether `op` accepts the demo channel for `body`. */
export const demoAllowed = (op: Operation, body: unknown): boolean =>
  typeof op.demo === 'function' ? op.demo(body) : op.demo;

/** The parsed request of a routed engine operation: the output of its registry schema. */
type RequestOf<K extends RoutedOperationName> = z.output<(typeof ENGINE_OPERATIONS)[K]['request']>;

/**
 * The transport facts of a route over one engine operation: everything but what the registry and
 * the route's path give. Most routes are free of a query, cacheable, on the demo channel and out
 * of beta and answer 200 with what the engine answers; those are the defaults.
 */
type RouteFacts<K extends RoutedOperationName, Q extends z.ZodType<Record<string, unknown>>> = Omit<
  Operation,
  'method' | 'engine' | 'path' | 'body' | 'query' | 'run' | 'cacheable' | 'beta' | 'demo' | 'precheck' | 'validate'
> &
  Partial<Pick<Operation, 'cacheable' | 'beta' | 'demo'>> &
  Partial<
    Pick<OperationDefinition<(typeof ENGINE_OPERATIONS)[K]['request'], Q>, 'query' | 'run' | 'precheck' | 'validate'>
  >;

/**
 * A route over an engine operation of the registry: the request schema comes from the registry and
 * the handler, unless the facts give one, answers 200 with what the engine answers, so the route
 * adds only transport facts (cost, response schema for OpenAPI, catalog); its path is in
 * `ROUTE_PATHS` (./paths.ts).
 * @example engineRoute('verdict', { id: 'verdict', … }).body === VerdictRequest // => true
 */
export function engineRoute<
  K extends RoutedOperationName,
  Q extends z.ZodType<Record<string, unknown>> = typeof EmptyQuery,
>(name: K, facts: RouteFacts<K, Q>): Operation {
  return {
    cacheable: true,
    beta: false,
    demo: true,
    query: EmptyQuery,
    async run({ engine, body }: OperationRun<RequestOf<K>>) {
      // cast: the service parsed `body` with this very operation's request schema (the route's `body`), so
      // the request type the mapped ParsedOperations entry expects holds; TypeScript cannot correlate the two.
      const run = engine.parsed[name] as (request: unknown) => Result<unknown> | Promise<Result<unknown>>;
      const result = await run(body);
      return result.ok ? ok({ body: result.value }) : result;
    },
    ...facts,
    method: 'POST',
    path: ROUTE_PATHS[name],
    engine: name,
    body: ENGINE_OPERATIONS[name].request,
  };
}

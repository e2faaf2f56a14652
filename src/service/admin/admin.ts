/**
 * @module The admin API (`/admin/v1`): create, list and revoke keys, top up wallets,
 * read balances with held credits, the ledger, open holds and usage by day and endpoint. It is
 * transport-neutral like the service (`handle(request) → response`) and runs the same account
 * functions as the `keys` and `wallet` commands. Every route needs the admin token; without one
 * configured the API refuses every call.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import * as z from 'zod';
import { fail, HalfspaceError, ok, type Failure, type Result } from '../../errors.js';
import type { ServiceStore } from '../../store/ports.js';
import { parseWith } from '../../validation.js';
import { issueKey, revokeKey, topupWallet, walletStatusOf } from '../billing/accounts.js';
import { keySummaryOf, ledgerPage, listKeys, usageOf, type KeySummary } from './reports.js';
import { LEDGER_PAGE_MAX } from '../contract/admin-openapi.js';
import { ADMIN_PREFIX, notFoundFailure } from '../routes.js';

export { ADMIN_PREFIX } from '../routes.js';
import { noStoreJson, problemResponder, type ServiceRequest, type ServiceResponse } from '../context.js';

/** A request of the admin API: a service request plus the problem the transport found in its body (answered after the token check). */
export type AdminRequest = ServiceRequest & { bodyProblem?: Failure };

/** Shortest admin token accepted (`serve` refuses shorter ones): guessing must stay out of reach. */
export const ADMIN_TOKEN_MIN_LENGTH = 16;

/**
 * Compares a presented admin token with the configured one in time independent of both: the
 * SHA-256 digests are compared, so neither the content nor the length leaks.
 * @example adminTokenMatches('s3cret-token-0123', 's3cret-token-0123') // => true
 */
export function adminTokenMatches(expected: string, presented: string): boolean {
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(presented).digest();
  return timingSafeEqual(a, b);
}

/** Options of {@link createAdmin}. */
export interface AdminOptions {
  store: ServiceStore;
  /** The admin token; undefined or empty refuses every call. */
  token?: string;
  /** Base address, for the problem `type` URIs. */
  baseUrl: string;
  /** Wall clock; default `() => new Date()`. */
  clock?: () => Date;
}

/** The admin API: one entry point for every `/admin/v1` request. */
export interface Admin {
  handle(request: AdminRequest): Promise<ServiceResponse>;
  /** True when a token is configured. */
  readonly enabled: boolean;
}

/** A UTF-16 surrogate without its pair. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

const Instant = z.iso.datetime({ offset: true }).or(z.iso.date());
const CreateKeyBody = z
  .object({
    // Range checked by issueKey, which answers amount_out_of_range like a top-up.
    credits: z.number(),
    // Well-formed text only: a lone surrogate cannot be stored as UTF-8 without being replaced.
    label: z
      .string()
      .max(200)
      .refine((t) => !LONE_SURROGATE.test(t), 'must be well-formed Unicode (no lone surrogate)')
      .nullable()
      .optional(),
    no_watermark: z.boolean().optional(),
  })
  .strict();
const TopupBody = z.object({ credits: z.number(), note: z.string().max(200).nullable().optional() }).strict();
const LedgerQuerySchema = z
  .object({
    kind: z.enum(['topup', 'hold', 'capture', 'release']).optional(),
    since: Instant.optional(),
    until: Instant.optional(),
    before: z.coerce.number().int().min(1).optional(),
    limit: z.coerce.number().int().min(1).max(LEDGER_PAGE_MAX).optional(),
  })
  .strict();
const UsageQuery = z
  .object({ key: z.string().max(100).optional(), since: Instant.optional(), until: Instant.optional() })
  .strict();
const NoQuery = z.object({}).strict();

/** The key id of a `/keys/{id}…` path (ROUTES tells which follow it). */
const KEY_ROUTE = /^\/keys\/(key_[0-9A-Za-z]{1,64})(?=\/|$)/;

/** A date-only instant (`YYYY-MM-DD`) as the start of that UTC day. */
const instantOf = (s: string | undefined) =>
  s === undefined ? undefined : s.length === 10 ? `${s}T00:00:00.000Z` : new Date(s).toISOString();

/** What every admin route reads: the store, the clock and the problem builder of this API. */
interface AdminContext {
  store: ServiceStore;
  clock: () => Date;
  problem: (requestId: string, failure: Failure, headers?: Record<string, string>) => ServiceResponse;
}

/**
 * Creates the admin API over a store.
 * @example (await createAdmin({ store, token: 't'.repeat(32), baseUrl }).handle({ method: 'GET', path: '/admin/v1/keys', authorization: `Bearer ${'t'.repeat(32)}` })).status // => 200
 */
export function createAdmin(options: AdminOptions): Admin {
  const { store, baseUrl } = options;
  const token = options.token ?? '';
  const clock = options.clock ?? (() => new Date());
  // Admin answers are never cached: they carry balances and keys.
  const problemOf = problemResponder(baseUrl);
  const problem = (requestId: string, failure: Failure, headers: Record<string, string> = {}) =>
    problemOf(requestId, failure, { 'cache-control': 'no-store', ...headers });
  const ctx: AdminContext = { store, clock, problem };
  return {
    enabled: token !== '',
    async handle(req) {
      const requestId = req.requestId ?? `req_admin_${Date.now().toString(36)}`;
      const refused = authorized(token, req.authorization);
      if (refused) return problem(requestId, refused, { 'www-authenticate': 'Bearer realm="halfspace-admin"' });
      return route(ctx, req, requestId);
    },
  };
}

const answer = <T>(ctx: AdminContext, requestId: string, result: Result<T>, status = 200) =>
  result.ok ? noStoreJson(status, requestId, result.value) : ctx.problem(requestId, result.error);

/** Why a call is refused (no token configured, none presented, or a wrong one), or null when it may go on. */
function authorized(token: string, authorization: string | undefined): Failure | null {
  if (token === '')
    return {
      code: 'unauthorized',
      message: 'the admin API is disabled: start the server with --admin-token-file (or HALFSPACE_ADMIN_TOKEN)',
    };
  const presented = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1];
  if (presented === undefined)
    return {
      code: 'unauthorized',
      message: 'send the admin token as Authorization: Bearer <token>',
      param: 'Authorization',
    };
  if (!adminTokenMatches(token, presented))
    return { code: 'unauthorized', message: 'the admin token is not valid', param: 'Authorization' };
  return null;
}

/** One admin route: what it answers to an authorized request; `id` is the key of a `/keys/{id}…` path. */
type AdminRoute = (ctx: AdminContext, req: AdminRequest, id: string) => Promise<Result<unknown>>;

/** `next` of a parsed value, or the failure as it is. */
const andThen = async <T, U>(r: Result<T>, next: (value: T) => Promise<Result<U>>): Promise<Result<U>> =>
  r.ok ? next(r.value) : r;

/** The request's query parsed by `schema` (`NoQuery` for a GET that takes none). */
const queryOf = <T>(req: AdminRequest, schema: z.ZodType<T>) => parseWith(schema, req.query ?? {});

/** The request's JSON body parsed by `schema`: the problem the transport found in it, or a missing or invalid body. */
function bodyOf<T>(req: AdminRequest, schema: z.ZodType<T>): Result<T> {
  if (req.bodyProblem) return { ok: false, error: req.bodyProblem };
  if (req.body === undefined) return fail('invalid_request', 'a JSON object body is required', { param: 'body' });
  return parseWith(schema, req.body);
}

/** The summary of key `id`, or `not_found`. */
async function keySummary(store: ServiceStore, id: string): Promise<Result<KeySummary>> {
  const key = await store.keys.byId(id);
  return key ? ok(await keySummaryOf(store, key)) : fail('not_found', `no key ${id}`, { param: 'key' });
}

/** The wallet of key `id` as the admin API shows it. */
const walletOf = async (store: ServiceStore, id: string) =>
  andThen(await walletStatusOf(store, id), async (w) => ok({ id, ...w }));

/** Every admin route by its path below the prefix (`{id}` for a key id) and method; POST `/keys` answers 201. */
const ROUTES: Record<string, Record<string, AdminRoute>> = {
  '/keys': {
    GET: async ({ store }, req) => andThen(queryOf(req, NoQuery), async () => ok({ keys: await listKeys(store) })),
    POST: async (ctx, req) => andThen(bodyOf(req, CreateKeyBody), (body) => createKey(ctx, body)),
  },
  '/usage': { GET: async (ctx, req) => andThen(queryOf(req, UsageQuery), (q) => usage(ctx.store, q)) },
  '/keys/{id}': { GET: async ({ store }, req, id) => andThen(queryOf(req, NoQuery), () => keySummary(store, id)) },
  '/keys/{id}/revoke': {
    POST: async ({ store, clock }, _req, id) =>
      andThen(await revokeKey(store, id, clock()), () => keySummary(store, id)),
  },
  '/keys/{id}/topup': {
    POST: async ({ store, clock }, req, id) =>
      andThen(bodyOf(req, TopupBody), async ({ credits, note }) =>
        andThen(await topupWallet(store, id, credits, note ?? 'admin topup', clock()), () => walletOf(store, id)),
      ),
  },
  '/keys/{id}/wallet': { GET: async ({ store }, req, id) => andThen(queryOf(req, NoQuery), () => walletOf(store, id)) },
  '/keys/{id}/holds': {
    GET: async ({ store }, req, id) =>
      andThen(queryOf(req, NoQuery), async () =>
        andThen(await walletStatusOf(store, id), async (w) => ok({ holds: w.holds })),
      ),
  },
  '/keys/{id}/ledger': {
    GET: async ({ store }, req, id) =>
      andThen(queryOf(req, LedgerQuerySchema), (q) =>
        ledgerPage(store, id, { ...q, since: instantOf(q.since), until: instantOf(q.until) }),
      ),
  },
};

/** Dispatches an authorized request on its path below the admin prefix. */
async function route(ctx: AdminContext, req: AdminRequest, requestId: string): Promise<ServiceResponse> {
  const path = req.path.slice(ADMIN_PREFIX.length).replace(/\/+$/, '') || '/';
  const id = KEY_ROUTE.exec(path)?.[1];
  const template = id === undefined ? path : path.replace(id, '{id}');
  const routes = Object.hasOwn(ROUTES, template) ? ROUTES[template] : undefined;
  if (!routes) return ctx.problem(requestId, notFoundFailure(req.method, req.path, '/openapi.json (tag admin)'));
  const run = Object.hasOwn(routes, req.method) ? routes[req.method] : undefined;
  // A key issued is a resource created: 201.
  const status = req.method === 'POST' && template === '/keys' ? 201 : 200;
  if (run) return answer(ctx, requestId, await run(ctx, req, id ?? ''), status);
  const allow = Object.keys(routes).join(', ');
  const message = `${ADMIN_PREFIX}${path} answers ${allow} only`;
  return ctx.problem(requestId, { code: 'method_not_allowed', message }, { allow });
}

/** Issues a key (POST `/keys`): the secret is in this answer only. */
async function createKey(ctx: AdminContext, body: z.output<typeof CreateKeyBody>): Promise<Result<unknown>> {
  try {
    const issued = await issueKey(ctx.store, {
      credits: body.credits,
      label: body.label ?? null,
      noWatermark: body.no_watermark ?? false,
      now: ctx.clock(),
    });
    const { id, label, no_watermark, created_at } = issued.record;
    return ok({
      id,
      key: issued.key,
      label,
      no_watermark,
      created_at,
      revoked_at: null,
      balance: issued.balance,
      held: 0,
    });
  } catch (e) {
    if (e instanceof HalfspaceError) return { ok: false, error: e.failure };
    throw e;
  }
}

/** Usage by day and endpoint (GET `/usage`), for one key or all. */
async function usage(store: ServiceStore, q: z.output<typeof UsageQuery>): Promise<Result<unknown>> {
  if (q.key !== undefined && !(await store.keys.byId(q.key)))
    return fail('not_found', `no key ${q.key}`, { param: 'key' });
  return ok({ usage: await usageOf(store, { keyId: q.key, since: instantOf(q.since), until: instantOf(q.until) }) });
}

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
import { keySummaryOf, ledgerPage, listKeys, usageOf } from './reports.js';
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

const KEY_ROUTE = /^\/keys\/(key_[0-9A-Za-z]{1,64})(?:\/(revoke|topup|wallet|holds|ledger))?$/;

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

const methodNotAllowed = (ctx: AdminContext, requestId: string, path: string, allow: string) =>
  ctx.problem(
    requestId,
    { code: 'method_not_allowed', message: `${ADMIN_PREFIX}${path} answers ${allow} only` },
    { allow },
  );

/** The request's JSON body, or the problem the transport found in it, or a missing-body problem. */
const needBody = (req: AdminRequest): Result<unknown> =>
  req.bodyProblem
    ? { ok: false as const, error: req.bodyProblem }
    : req.body === undefined
      ? fail<never>('invalid_request', 'a JSON object body is required', { param: 'body' })
      : ok(req.body);

/** Dispatches an authorized request on its path below the admin prefix. */
async function route(ctx: AdminContext, req: AdminRequest, requestId: string): Promise<ServiceResponse> {
  const path = req.path.slice(ADMIN_PREFIX.length).replace(/\/+$/, '') || '/';
  if (path === '/keys') return keysRoute(ctx, req, requestId, path);
  if (path === '/usage') return usageRoute(ctx, req, requestId, path);
  const match = KEY_ROUTE.exec(path);
  if (!match) return ctx.problem(requestId, notFoundFailure(req.method, req.path, '/openapi.json (tag admin)'));
  const [, id, action] = match;
  if (action === 'revoke' || action === 'topup') {
    if (req.method !== 'POST') return methodNotAllowed(ctx, requestId, path, 'POST');
    return action === 'revoke' ? revokeRoute(ctx, requestId, id) : topupRoute(ctx, req, requestId, id);
  }
  if (req.method !== 'GET') return methodNotAllowed(ctx, requestId, path, 'GET');
  return keyReadRoute(ctx, req, requestId, id, action);
}

/** `/keys`: GET lists the keys, POST issues one. */
async function keysRoute(ctx: AdminContext, req: AdminRequest, requestId: string, path: string) {
  const { store, problem } = ctx;
  if (req.method === 'GET') {
    const q = parseWith(NoQuery, req.query ?? {});
    return q.ok ? noStoreJson(200, requestId, { keys: await listKeys(store) }) : problem(requestId, q.error);
  }
  if (req.method !== 'POST') return methodNotAllowed(ctx, requestId, path, 'GET, POST');
  const raw = needBody(req);
  if (!raw.ok) return problem(requestId, raw.error);
  const body = parseWith(CreateKeyBody, raw.value);
  if (!body.ok) return problem(requestId, body.error);
  try {
    const issued = await issueKey(store, {
      credits: body.value.credits,
      label: body.value.label ?? null,
      noWatermark: body.value.no_watermark ?? false,
      now: ctx.clock(),
    });
    const r = issued.record;
    return noStoreJson(201, requestId, {
      id: r.id,
      key: issued.key,
      label: r.label,
      no_watermark: r.no_watermark,
      created_at: r.created_at,
      revoked_at: null,
      balance: issued.balance,
      held: 0,
    });
  } catch (e) {
    if (e instanceof HalfspaceError) return problem(requestId, e.failure);
    throw e;
  }
}

/** GET `/usage`: usage by day and endpoint, for one key or all. */
async function usageRoute(ctx: AdminContext, req: AdminRequest, requestId: string, path: string) {
  const { store, problem } = ctx;
  if (req.method !== 'GET') return methodNotAllowed(ctx, requestId, path, 'GET');
  const q = parseWith(UsageQuery, req.query ?? {});
  if (!q.ok) return problem(requestId, q.error);
  if (q.value.key !== undefined && !(await store.keys.byId(q.value.key)))
    return problem(requestId, { code: 'not_found', message: `no key ${q.value.key}`, param: 'key' });
  const usage = await usageOf(store, {
    keyId: q.value.key,
    since: instantOf(q.value.since),
    until: instantOf(q.value.until),
  });
  return noStoreJson(200, requestId, { usage });
}

/** POST `/keys/{id}/revoke`. */
async function revokeRoute(ctx: AdminContext, requestId: string, id: string) {
  const revoked = await revokeKey(ctx.store, id, ctx.clock());
  if (!revoked.ok) return ctx.problem(requestId, revoked.error);
  const key = await ctx.store.keys.byId(id);
  return noStoreJson(200, requestId, await keySummaryOf(ctx.store, key!));
}

/** POST `/keys/{id}/topup`. */
async function topupRoute(ctx: AdminContext, req: AdminRequest, requestId: string, id: string) {
  const { store, problem } = ctx;
  const raw = needBody(req);
  if (!raw.ok) return problem(requestId, raw.error);
  const body = parseWith(TopupBody, raw.value);
  if (!body.ok) return problem(requestId, body.error);
  const added = await topupWallet(store, id, body.value.credits, body.value.note ?? 'admin topup', ctx.clock());
  if (!added.ok) return problem(requestId, added.error);
  const status = await walletStatusOf(store, id);
  return answer(ctx, requestId, status.ok ? ok({ id, ...status.value }) : status);
}

/** GET `/keys/{id}` and its `/ledger`, `/wallet` and `/holds`. */
async function keyReadRoute(
  ctx: AdminContext,
  req: AdminRequest,
  requestId: string,
  id: string,
  action: string | undefined,
): Promise<ServiceResponse> {
  const { store, problem } = ctx;
  const query = req.query ?? {};
  if (action === 'ledger') {
    const q = parseWith(LedgerQuerySchema, query);
    if (!q.ok) return problem(requestId, q.error);
    return answer(
      ctx,
      requestId,
      await ledgerPage(store, id, { ...q.value, since: instantOf(q.value.since), until: instantOf(q.value.until) }),
    );
  }
  const q = parseWith(NoQuery, query);
  if (!q.ok) return problem(requestId, q.error);
  if (action === 'wallet' || action === 'holds') {
    const status = await walletStatusOf(store, id);
    if (!status.ok) return problem(requestId, status.error);
    return noStoreJson(200, requestId, action === 'holds' ? { holds: status.value.holds } : { id, ...status.value });
  }
  const key = await store.keys.byId(id);
  if (!key) return problem(requestId, { code: 'not_found', message: `no key ${id}`, param: 'key' });
  return noStoreJson(200, requestId, await keySummaryOf(store, key));
}

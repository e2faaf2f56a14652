/**
 * @module The persistence ports of the API service: keys, wallets with their ledger, idempotency
 * records, demo counters, rate-limit buckets, stored card images and async card jobs. The service
 * depends on these interfaces only; `store/memory`, `store/sqlite` and `store/postgres` implement them.
 */

/** An API key as stored: never the secret itself, only its SHA-256 hash (hex). */
export interface KeyRecord {
  /** Public identifier, e.g. `key_3fK9…`; also the id of the key's wallet. */
  id: string;
  /** SHA-256 of the full key string, lowercase hex (64 characters). */
  hash: string;
  label: string | null;
  /** Plan flag: cards rendered for this key carry no watermark. */
  no_watermark: boolean;
  /** ISO-8601 UTC. */
  created_at: string;
  /** ISO-8601 UTC, or null while the key is active. */
  revoked_at: string | null;
}

/** Persistence of API keys. */
export interface KeyStore {
  /** Stores a new key; the id and hash must be unique. */
  create(record: KeyRecord): Promise<void>;
  /** The key whose hash is `hash`, or null. */
  byHash(hash: string): Promise<KeyRecord | null>;
  byId(id: string): Promise<KeyRecord | null>;
  /** Every key, oldest first. */
  list(): Promise<KeyRecord[]>;
  /** Marks a key revoked at `at`; false when the id is unknown or already revoked. */
  revoke(id: string, at: string): Promise<boolean>;
  /**
   * A number that changes whenever a key may have been created or revoked, by this handle or by
   * another process sharing the store. It lets the service remember active keys between calls;
   * a store without it is asked on every call.
   */
  revision?(): number;
}

/** Kinds of ledger entry (docs/design.md#service, docs/design.md#errors: two-phase transfers). */
export type LedgerKind = 'topup' | 'hold' | 'capture' | 'release';

/**
 * One immutable ledger entry. `amount` is signed so the entries of a wallet always sum to its
 * balance: topup +n, hold −n, capture 0 (the held credits stay spent), release +n (returned).
 */
export interface LedgerEntry {
  /** Monotonic per store, starting at 1. */
  entry_id: number;
  wallet_id: string;
  kind: LedgerKind;
  /** Credits, signed as above. */
  amount: number;
  /** For hold/capture/release: the entry_id of the hold; null for topups. */
  hold_id: number | null;
  /** Balance of the wallet right after this entry. */
  balance_after: number;
  /** Operation name or a free note (e.g. `intelligence/player`, `expired`, `cli topup`). */
  note: string | null;
  /** ISO-8601 UTC. */
  at: string;
}

/**
 * The most credits one wallet may own, open holds included (10^12, ≈ 10 billion USD at 0.01 USD a
 * credit): far below 2^53, so every balance, hold and ledger sum stays an exact JavaScript number.
 * It also bounds every single top-up and hold (docs/api.md#billing).
 */
export const MAX_WALLET_CREDITS = 1_000_000_000_000;

/** Result of a top-up: the new ledger entry, or why nothing was added. */
export type TopupOutcome =
  | { ok: true; entry: LedgerEntry }
  /** `balance_limit_exceeded`: balance + held + credits would pass {@link MAX_WALLET_CREDITS}. */
  | { ok: false; reason: 'unknown_wallet' | 'balance_limit_exceeded'; balance: number; held: number };

/** An open (not yet settled) hold, as `halfspace wallet holds` lists it. */
export interface OpenHold {
  /** The entry id of the hold's ledger entry. */
  hold_id: number;
  wallet_id: string;
  credits: number;
  /** The hold entry's note: the operation that took it (e.g. `intelligence.player`), or null. */
  note: string | null;
  /** ISO-8601 UTC. */
  created_at: string;
  /** ISO-8601 UTC: the hold releases itself then (see {@link WalletStore.expireHolds}). */
  expires_at: string;
  /** The store handle that took it (`host:pid#token`, see {@link WalletStore.owner}); null for holds from before owners were recorded. */
  owner: string | null;
}

/** Result of placing a hold: the new balance, or the balance that was too low. */
export type HoldOutcome =
  | { ok: true; hold_id: number; balance: number }
  | { ok: false; reason: 'insufficient_credits' | 'unknown_wallet'; balance: number };

/** Result of a charge: a hold captured at once (its id names both entries), or why nothing was written. */
export type ChargeOutcome =
  | { ok: true; hold_id: number; balance: number; amount: number }
  | { ok: false; reason: 'insufficient_credits' | 'unknown_wallet'; balance: number };

/** Result of settling a hold: only the first settlement of a hold succeeds. */
export type SettleOutcome =
  | { ok: true; balance: number; amount: number }
  | { ok: false; reason: 'unknown_hold' | 'already_settled' };

/** Wallets and their append-only ledger. Every change is one atomic transaction. */
export interface WalletStore {
  /**
   * Recorded on every hold this handle takes: `instance#token`, where the instance is
   * `hostname:pid` unless the store was opened with another, and the token is drawn at open.
   * A later process can so tell holds of an earlier one (see {@link releaseAbandoned}).
   */
  readonly owner: string;
  /** Creates an empty wallet (no-op when it exists). */
  open(walletId: string, at: string): Promise<void>;
  /**
   * Adds `credits` (an integer 1–{@link MAX_WALLET_CREDITS}, else RangeError) unless balance +
   * held + credits would pass {@link MAX_WALLET_CREDITS} (`balance_limit_exceeded`, nothing written).
   */
  topup(walletId: string, credits: number, at: string, note?: string | null): Promise<TopupOutcome>;
  /** Holds `credits` when the balance covers them; the hold releases itself at `expiresAt` (see {@link expireHolds}). */
  hold(walletId: string, credits: number, at: string, expiresAt: string, note?: string | null): Promise<HoldOutcome>;
  /**
   * Holds and captures `credits` in one transaction (the same two ledger entries, no open hold in
   * between), when the balance covers them: for a call whose chargeable answer is already known.
   */
  charge(walletId: string, credits: number, at: string, note?: string | null): Promise<ChargeOutcome>;
  /** Keeps the held credits spent. */
  capture(holdId: number, at: string): Promise<SettleOutcome>;
  /** Returns the held credits to the wallet. */
  release(holdId: number, at: string, note?: string | null): Promise<SettleOutcome>;
  /** Releases every open hold whose expiry is at or before `now`; returns how many. */
  expireHolds(now: string): Promise<number>;
  /**
   * Releases now, noted `abandoned`, the open holds an earlier process left and no live process
   * will settle, except those in `keep` (holds of unfinished jobs, which resume under them);
   * returns how many. SQLite (one serving process per file): every hold another handle took.
   * PostgreSQL (replicas share it): only holds of an earlier process of this instance (same
   * instance, other token); other replicas' holds wait for their expiry. Memory: none (its holds
   * die with the process). Call it at start, before serving (`halfspace serve` does).
   */
  releaseAbandoned(at: string, keep?: readonly number[]): Promise<number>;
  /** The wallet's balance in credits (open holds not included), or null when it is unknown. */
  balance(walletId: string): Promise<number | null>;
  /** The open holds of a wallet, oldest first (empty for an unknown wallet). */
  openHolds(walletId: string): Promise<OpenHold[]>;
  /** Ledger entries of a wallet, oldest first (at most `limit`, the newest ones, when given). */
  ledger(walletId: string, limit?: number): Promise<LedgerEntry[]>;
}

/** A response kept for Idempotency-Key replays. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  /** The JSON body as text. */
  body: string;
}

/** An idempotency record: pending while the first request runs, then its stored response. */
export interface IdempotencyRecord {
  fingerprint: string;
  response: StoredResponse | null;
}

/** Idempotency-Key records, scoped by caller (key id or demo client). */
export interface IdempotencyStore {
  /**
   * Claims `key` for a new request, recording this store handle's owner (WalletStore.owner); when
   * a record exists, returns it unchanged instead (so the caller can replay it or report a
   * conflict). Expired records are replaced. `expiresAt` bounds the pending claim: a claim whose
   * request never finished (a crash) is replaced after it, as an open hold expires.
   */
  begin(
    scope: string,
    key: string,
    fingerprint: string,
    at: string,
    expiresAt: string,
  ): Promise<{ claimed: true } | { claimed: false; record: IdempotencyRecord }>;
  /** Stores the final response of a claimed key, kept until `expiresAt` (ISO-8601). */
  complete(scope: string, key: string, response: StoredResponse, expiresAt: string): Promise<void>;
  /** Forgets a claimed key, so a retry runs again (used for responses that must not be replayed). */
  abandon(scope: string, key: string): Promise<void>;
  /** Deletes the records expired at `now` (ISO-8601); returns how many. Keeps the store from growing without end. */
  purge(now: string): Promise<number>;
  /**
   * Forgets the pending claims an earlier process left (its requests will never finish), so a
   * retry with the same key runs; the same owners as WalletStore.releaseAbandoned (SQLite: every
   * other handle's; PostgreSQL: an earlier process of this instance's). Returns how many.
   */
  releaseAbandoned(): Promise<number>;
}

/** Demo-channel counters: successful calls per client per UTC day. */
export interface DemoStore {
  /** Reserves one call for `client` on `day` when fewer than `limit` are used or reserved; the reservation is recorded under this handle's owner. */
  reserve(client: string, day: string, limit: number): Promise<{ ok: boolean; used: number }>;
  /** Gives a reservation back (the call did not succeed). */
  unreserve(client: string, day: string): Promise<void>;
  /** Keeps a reservation as a used call (the call succeeded). */
  confirm(client: string, day: string): Promise<void>;
  /**
   * Gives back the reservations an earlier process left unsettled (same owners as
   * WalletStore.releaseAbandoned); returns how many calls were given back.
   */
  releaseAbandoned(): Promise<number>;
  /** Deletes the counts of days before `day` (YYYY-MM-DD, UTC); returns how many. */
  purge(day: string): Promise<number>;
}

/** Decision of a token bucket. */
export interface RateDecision {
  allowed: boolean;
  /** Whole tokens left after this request. */
  remaining: number;
  /** Milliseconds until one token is available again (0 when allowed). */
  retry_after_ms: number;
  /** Milliseconds until the bucket is full again. */
  reset_ms: number;
}

/**
 * Token buckets for keyed rate limits: per process in memory and SQLite (one serving process),
 * shared by every replica on PostgreSQL (store/postgres/rate-limits.ts).
 */
export interface RateLimitStore {
  /** Takes one token from `bucket` refilled at `ratePerSecond` up to `burst`. */
  take(bucket: string, nowMs: number, ratePerSecond: number, burst: number): RateDecision | Promise<RateDecision>;
}

/** Rendered card images, addressed by the SHA-256 of their bytes. */
export interface ImageStore {
  put(sha256: string, png: Uint8Array): Promise<void>;
  get(sha256: string): Promise<Uint8Array | null>;
}

/** States of an async card job: queued → running → succeeded | failed. */
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** An async (hd) card job. */
export interface JobRecord {
  job_id: string;
  key_id: string;
  hold_id: number;
  /** Credits held for the job. */
  credits: number;
  status: JobStatus;
  /** The validated request, as JSON text. */
  request: string;
  /** The success body or the error body, as JSON text; null until finished. */
  result: string | null;
  created_at: string;
  updated_at: string;
}

/** A job still `queued` or `running`, with what is needed to run it again after a restart. */
export interface UnfinishedJob extends JobRecord {
  /** The uploaded photo (PNG/JPEG, ≤ 5 MB), or null when there was none (a `photo_url` is refetched). */
  photo: Uint8Array | null;
}

/** Async card jobs. */
export interface JobStore {
  /** Stores a new job; `photo` (the uploaded bytes, if any) is kept until the job finishes. */
  create(job: JobRecord, photo?: Uint8Array | null): Promise<void>;
  get(jobId: string): Promise<JobRecord | null>;
  /**
   * Moves a job to `status`; false when the job is unknown or already finished. Reaching
   * `succeeded` or `failed` drops the stored photo, so finished jobs keep no upload.
   */
  update(jobId: string, status: JobStatus, result: string | null, at: string): Promise<boolean>;
  /** Every `queued` or `running` job with its stored photo, oldest first (created_at, then insertion order). */
  unfinished(): Promise<UnfinishedJob[]>;
  /**
   * Leases unfinished job `jobId` to `owner` (a WalletStore.owner) until `until`; true when
   * `owner` holds the lease now: the job had none, its lease lapsed (`until` ≤ `at`), it was
   * `owner`'s already (a renewal), or an earlier process of the same instance held it. Stores that
   * replicas share (PostgreSQL) implement it; without it the one serving process owns every job.
   */
  lease?(jobId: string, owner: string, at: string, until: string): Promise<boolean>;
}

/** Filter and page of {@link LedgerQueries.ledgerPage}: entries of one kind, `at` in `[since, until)`, `entry_id` below `before`. */
export interface LedgerFilter {
  kind?: LedgerKind;
  /** ISO-8601 instant: only entries at or after it. */
  since?: string;
  /** ISO-8601 instant: only entries strictly before it. */
  until?: string;
  /** Only entries with a smaller entry id (the `next_before` of the previous page). */
  before?: number;
  /** Entries per page. */
  limit: number;
}

/** Charged calls of one UTC day and hold note (the operation), as {@link LedgerQueries.usage} counts them. */
export interface UsageCount {
  day: string;
  note: string | null;
  calls: number;
  credits: number;
}

/**
 * Ledger reads done by the database instead of by reading a whole ledger (the admin API and the
 * console): SQLite and PostgreSQL implement them, the memory store does not.
 */
export interface LedgerQueries {
  /** At most `limit` entries of `walletId` matching the filter, newest first. */
  ledgerPage(walletId: string, filter: LedgerFilter): Promise<LedgerEntry[]>;
  /** Captures by UTC day of the capture and note of their hold, for one wallet or all, `at` in `[since, until)`. */
  usage(filter: { walletId?: string; since?: string; until?: string }): Promise<UsageCount[]>;
}

/** What {@link ServiceStore.stats} counts. */
export interface StoreStats {
  holds_open: number;
  jobs: Record<JobStatus, number>;
}

/** Everything the service persists. */
export interface ServiceStore {
  keys: KeyStore;
  wallets: WalletStore;
  idempotency: IdempotencyStore;
  demo: DemoStore;
  rateLimits: RateLimitStore;
  images: ImageStore;
  jobs: JobStore;
  /** Counts for monitoring (`/metrics`): open holds and async jobs by state, across every process sharing the store. */
  stats?(): Promise<StoreStats>;
  /** Ledger pages and usage counted by the database; without it they are computed from `wallets.ledger`. */
  ledgerQueries?: LedgerQueries;
  /**
   * Releases resources (closes the database or its connection pool); the store must not be used
   * afterwards. Callers await it: a pooled store resolves once its connections are closed.
   */
  close(): void | Promise<void>;
}

/**
 * Throws a RangeError unless `credits` is an integer from 1 to {@link MAX_WALLET_CREDITS}: every
 * store refuses other top-ups and holds the same way (a caller's bug, not a business outcome; the
 * service checks amounts first and answers with an error value).
 * @example assertCredits('hold', 0) // throws RangeError('hold must be an integer from 1 to 1000000000000, got 0')
 */
export function assertCredits(what: 'top-up' | 'hold', credits: number): void {
  if (!isCreditAmount(credits))
    throw new RangeError(`${what} must be an integer from 1 to ${MAX_WALLET_CREDITS}, got ${credits}`);
}

/**
 * True when `credits` is an amount one top-up or hold may move: an integer 1–{@link MAX_WALLET_CREDITS}.
 * @example isCreditAmount(9_007_199_254_740_000) // => false
 */
export function isCreditAmount(credits: number): boolean {
  return Number.isInteger(credits) && credits >= 1 && credits <= MAX_WALLET_CREDITS;
}

/**
 * @module Errors shared by every layer: the closed set of error codes, the expected-failure
 * result type, and assertions for bugs. Imports nothing.
 */

/** Every machine-readable error code the library or the service can produce. */
export type ErrorCode =
  | 'invalid_request'
  | 'player_not_found'
  | 'ambiguous_player'
  | 'team_not_found'
  | 'ambiguous_team'
  | 'league_not_found'
  | 'season_not_found'
  | 'not_found'
  | 'invalid_dataset'
  | 'unauthorized'
  | 'insufficient_credits'
  | 'demo_limit_exhausted'
  | 'idempotency_key_reused'
  | 'idempotency_in_progress'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'request_timeout'
  | 'method_not_allowed'
  | 'no_dna_vector'
  | 'amount_out_of_range'
  | 'key_revoked'
  | 'balance_limit_exceeded'
  | 'store_unavailable'
  | 'internal_error';

/** An expected failure, carried as a value. `param` is the dot path of the offending field. */
export interface Failure {
  code: ErrorCode;
  message: string;
  param?: string;
  [extra: string]: unknown;
}

/** Result of an operation that can fail in an expected way [zod `safeParse`]. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: Failure };

/** Wraps a value as a success. @example ok(1) // => { ok: true, value: 1 } */
export const ok = <T>(value: T): Result<T> => ({ ok: true, value });

/** Wraps a failure. @example fail('invalid_request', 'limit must be 1–50', { param: 'limit' }) */
export const fail = <T = never>(
  code: ErrorCode,
  message: string,
  extra: Omit<Failure, 'code' | 'message'> = {},
): Result<T> => ({ ok: false, error: { code, message, ...extra } });

/**
 * Thrown by the library's public methods when an expected failure must become an exception
 * (e.g. `engine.scouting` on an unknown name). Carries the failure unchanged.
 */
export class HalfspaceError extends Error {
  readonly code: ErrorCode;
  readonly failure: Failure;
  constructor(failure: Failure) {
    super(failure.message);
    this.name = 'HalfspaceError';
    this.code = failure.code;
    this.failure = failure;
  }
}

/** A broken invariant: a bug in halfspace, never a caller's mistake. */
export class InvariantError extends Error {
  override name = 'InvariantError';
}

/** Throws {@link InvariantError} when `condition` is false. */
export function assert(condition: unknown, why: string): asserts condition {
  if (!condition) throw new InvariantError(why);
}

/**
 * An optional package halfspace needs for one feature (a store driver) is not installed, or its
 * native add-on did not load. The message is one line naming the package and the command that fixes it.
 */
export class MissingPackageError extends Error {
  /** The npm package name, e.g. `better-sqlite3`. */
  readonly packageName: string;
  /** True when the package is installed but did not load (a native add-on that was never built). */
  readonly installed: boolean;
  constructor(packageName: string, message: string, installed = false) {
    super(message);
    this.name = 'MissingPackageError';
    this.packageName = packageName;
    this.installed = installed;
  }
}

/**
 * The message of a thrown value: an Error's message, anything else as text.
 * @example messageOf(new Error('boom')) // => 'boom'
 */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

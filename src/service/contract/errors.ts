/**
 * @module The one table of service errors: code → HTTP status and title, in precedence order
 * (the order in which a request is checked), and the RFC 9457 problem body built from a failure.
 * `http/` never writes an error body of its own (docs/design.md#errors).
 */
import type { ErrorCode, Failure } from '../../errors.js';
import type { ProblemResponse } from './schemas/common.js';

/** Status and human title of one error code. */
interface ErrorInfo {
  status: number;
  title: string;
}

/**
 * Every error code the service answers with, in precedence order: when a request has several
 * problems, the one listed first is reported. docs/errors.md has one heading per entry, same order.
 */
export const ERRORS = {
  not_found: { status: 404, title: 'Not found' },
  method_not_allowed: { status: 405, title: 'Method not allowed' },
  unauthorized: { status: 401, title: 'Missing or invalid credentials' },
  rate_limited: { status: 429, title: 'Too many requests' },
  request_timeout: { status: 408, title: 'Request timeout' },
  payload_too_large: { status: 413, title: 'Request body too large' },
  unsupported_media_type: { status: 415, title: 'Unsupported media type' },
  invalid_request: { status: 400, title: 'Invalid request' },
  amount_out_of_range: { status: 400, title: 'Credit amount out of range' },
  idempotency_key_reused: { status: 422, title: 'Idempotency key reused with another request' },
  idempotency_in_progress: { status: 409, title: 'Request with this idempotency key in progress' },
  demo_limit_exhausted: { status: 402, title: 'Demo limit exhausted' },
  insufficient_credits: { status: 402, title: 'Insufficient credits' },
  key_revoked: { status: 409, title: 'Key revoked' },
  balance_limit_exceeded: { status: 422, title: 'Wallet limit exceeded' },
  player_not_found: { status: 404, title: 'Player not found' },
  ambiguous_player: { status: 409, title: 'Ambiguous player name' },
  no_dna_vector: { status: 422, title: 'Player has no DNA vector' },
  team_not_found: { status: 404, title: 'Team not found' },
  ambiguous_team: { status: 409, title: 'Ambiguous team name' },
  league_not_found: { status: 404, title: 'League not found' },
  season_not_found: { status: 404, title: 'Season not found' },
  invalid_dataset: { status: 500, title: 'Dataset unusable' },
  store_unavailable: { status: 503, title: 'Store unavailable' },
  internal_error: { status: 500, title: 'Internal error' },
} as const satisfies Partial<Record<ErrorCode, ErrorInfo>>;

/** Codes that have an entry in {@link ERRORS}. */
type ServiceErrorCode = keyof typeof ERRORS;

/** Used for a code added to `ErrorCode` without a table entry yet: a caller-side problem by default. */
const FALLBACK: ErrorInfo = { status: 400, title: 'Request failed' };

/**
 * Status and title of `code`.
 * @example errorInfoOf('insufficient_credits') // => { status: 402, title: 'Insufficient credits' }
 */
export function errorInfoOf(code: string): ErrorInfo {
  return isServiceErrorCode(code) ? ERRORS[code] : FALLBACK;
}

const isServiceErrorCode = (code: string): code is ServiceErrorCode => Object.hasOwn(ERRORS, code);

/** The `type` URI of a code: its anchor in the served documentation. */
const problemTypeOf = (baseUrl: string, code: string): string => `${baseUrl}/docs#error-${code}`;

/** An RFC 9457 problem document with the service's members (its schema is `ProblemResponse`). */
export type Problem = ProblemResponse;

/**
 * Builds the problem body of a failure; extra failure members (`candidates`, `required_credits`,
 * `balance`, …) are kept, and internal errors never carry more than a generic detail.
 * @example problemOf('http://x', 'req_1', { code: 'not_found', message: 'no route' }).status // => 404
 */
export function problemOf(baseUrl: string, requestId: string, failure: Failure): Problem {
  const { code, message, param, ...extra } = failure;
  const info = errorInfoOf(code);
  const problem: Problem = {
    type: problemTypeOf(baseUrl, code),
    title: info.title,
    status: info.status,
    detail:
      info.status >= 500
        ? 'The service failed to answer this request; quote the request_id when reporting it.'
        : message,
    code,
    request_id: requestId,
  };
  if (param !== undefined) problem.param = param;
  if (info.status < 500) {
    for (const [k, v] of Object.entries(extra)) if (!(k in problem) && v !== undefined) problem[k] = v;
  }
  return problem;
}

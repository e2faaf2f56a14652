/**
 * @module Store outages. Telling one from a bug: an error thrown because the database cannot be
 * reached or is shutting down (PostgreSQL stopped, a connection cut, SQLite locked past its busy
 * timeout, failing I/O, a full disk, a file made read-only or removed under the server) is answered 503 `store_unavailable` with Retry-After, so clients retry;
 * anything else stays 500 `internal_error` (docs/errors.md#error-store_unavailable). And what an
 * outage leaves undone, done once the store is back: a paid call cut off by it answers 503 with
 * nothing charged, so its hold must be released, its demo reservation given back and its
 * Idempotency-Key settled; those writes wait and are tried again every
 * {@link STORE_RECOVERY_RETRY_MS}, in order, until the store answers
 * (docs/deploy.md#crashes-outages-and-resource-limits).
 */

/** Seconds a client is told to wait after `store_unavailable` (docs/errors.md#error-store_unavailable). */
const STORE_RETRY_AFTER_S = 5;

// Socket errors of the driver, and PostgreSQL's classes 08 (connection exception), 53300 (too many
// connections) and 57P01–57P03 (shutdown, crash, cannot connect now).
const OUTAGE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '53300',
  '57P01',
  '57P02',
  '57P03',
]);

// SQLite's primary result codes of a database that cannot be used right now; drivers report the
// extended code (SQLITE_BUSY_SNAPSHOT, SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED …), which starts
// with its primary one.
const SQLITE_OUTAGE_CODES = [
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_IOERR',
  'SQLITE_FULL',
  'SQLITE_READONLY',
  'SQLITE_CANTOPEN',
  'SQLITE_PROTOCOL',
];

// node-postgres reports a lost or refused connection with these messages and no code.
const OUTAGE_MESSAGE =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Connection refused)/;

/**
 * True when `error` says the store cannot be reached right now, not that the code is wrong.
 * @example isStoreOutage(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })) // => true
 */
export function isStoreOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (OUTAGE_CODES.has(code) || code.startsWith('08')) return true;
  if (SQLITE_OUTAGE_CODES.some((primary) => code === primary || code.startsWith(`${primary}_`))) return true;
  if (OUTAGE_MESSAGE.test(error.message)) return true;
  // AggregateError (a connect to every address of a host failed) and errors with a cause.
  if (error instanceof AggregateError) return error.errors.some(isStoreOutage);
  return error.cause !== undefined && isStoreOutage(error.cause);
}

/** The failure answered for an outage (503 with Retry-After {@link STORE_RETRY_AFTER_S}). */
export const STORE_OUTAGE = {
  code: 'store_unavailable',
  message: `the service's database cannot be reached right now; nothing was charged, retry after ${STORE_RETRY_AFTER_S} s`,
} as const;

/**
 * `response` (a problem for {@link STORE_OUTAGE}) with its Retry-After header.
 * @example withRetryAfter({ status: 503, headers: {}, body: '' }).headers['retry-after'] // => '5'
 */
export function withRetryAfter<R extends { headers: Record<string, string> }>(response: R): R {
  return { ...response, headers: { ...response.headers, 'retry-after': String(STORE_RETRY_AFTER_S) } };
}

/** Milliseconds between tries of the writes an outage left undone (docs/deploy.md#crashes-outages-and-resource-limits). */
export const STORE_RECOVERY_RETRY_MS = 1_000;

/** The writes a store outage left undone, retried until the store answers. */
export interface StoreRecovery {
  /** Runs `write` now and, while it fails because the store is down, again until it succeeds. */
  later(write: () => Promise<unknown>): void;
  /** Writes still waiting for the store. */
  pending(): number;
  /** Resolves once nothing waits (or at once when nothing does). */
  idle(): Promise<void>;
}

/**
 * A recovery queue; `onError` receives what a write throws that is not an outage (the write is then dropped).
 * @example storeRecovery(console.error).later(() => store.wallets.release(7, new Date().toISOString(), 'store outage'))
 */
export function storeRecovery(onError: (error: unknown) => void, retryMs = STORE_RECOVERY_RETRY_MS): StoreRecovery {
  const queue: (() => Promise<unknown>)[] = [];
  let running = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let waiters: (() => void)[] = [];
  const settled = () => {
    for (const resolve of waiters) resolve();
    waiters = [];
  };
  const drain = async (): Promise<void> => {
    if (running) return;
    running = true;
    timer = null;
    try {
      while (queue.length > 0) {
        try {
          await queue[0]!();
        } catch (error) {
          if (isStoreOutage(error)) {
            // Still down: the whole queue waits, in order, for the next try.
            timer = setTimeout(() => void drain(), retryMs);
            timer.unref();
            return;
          }
          onError(error);
        }
        queue.shift();
      }
      settled();
    } finally {
      running = false;
    }
  };
  return {
    later(write) {
      queue.push(write);
      if (timer === null) void drain();
    },
    pending: () => queue.length,
    idle: () => (queue.length === 0 ? Promise.resolve() : new Promise((resolve) => waiters.push(resolve))),
  };
}

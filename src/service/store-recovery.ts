/**
 * @module What a store outage leaves undone, done once the store is back: a paid call cut off by
 * the outage answers 503 `store_unavailable` with nothing charged, so its hold must be released,
 * its demo reservation given back and its Idempotency-Key settled. Those writes fail too while the
 * store is down; here they wait and are tried again every {@link STORE_RECOVERY_RETRY_MS}, in
 * order, until the store answers (docs/deploy.md#crashes-outages-and-resource-limits).
 */
import { isStoreOutage } from './store-outage.js';

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

/**
 * @module The SQLite service store (better-sqlite3, else Node's node:sqlite): one file in WAL mode, every ledger change in
 * one IMMEDIATE transaction, and a busy timeout so the CLI (`keys`, `wallet`) and a running
 * server can share the file.
 */
import type { JobStatus, ServiceStore, StoreStats } from '../ports.js';
import { newHoldOwner } from '../hold-owner.js';
import { MemoryRateLimits } from '../memory/rate-limits.js';
import { startCheckpointer } from './checkpointer.js';
import { sqliteDemo } from './demo-usage.js';
import { type SqliteDatabase, type SqliteDriverName, sqliteDriver } from './driver.js';
import { sqliteIdempotency } from './idempotency.js';
import { sqliteImages } from './images.js';
import { sqliteJobs } from './jobs.js';
import { sqliteKeys } from './keys.js';
import { sqliteLedgerQueries } from './ledger-queries.js';
import { createSchema } from './schema.js';
import { sqliteWallets } from './wallets.js';

/** How long a writer waits for another process's lock before SQLITE_BUSY (docs/api.md#storage). */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/**
 * WAL pages after which a commit checkpoints the log into the database (SQLite's default is 1000).
 * A checkpoint runs on the committing call's event-loop turn and syncs twice; the ledger rewrites
 * the same few pages, so ten times fewer checkpoints copy barely more each: less server CPU per
 * cached paid call (bench:http), for a larger log (docs/api.md#storage).
 */
const SQLITE_WAL_CHECKPOINT_PAGES = 10_000;

/** Open holds and jobs by state, for `/metrics`. */
function sqliteStats(db: SqliteDatabase): StoreStats {
  const jobs: StoreStats['jobs'] = { queued: 0, running: 0, succeeded: 0, failed: 0 };
  for (const row of db
    .prepare<[], { status: JobStatus; n: number }>('SELECT status, COUNT(*) AS n FROM jobs GROUP BY status')
    .all())
    jobs[row.status] = row.n;
  return { holds_open: db.prepare<[], { n: number }>('SELECT COUNT(*) AS n FROM holds').get()?.n ?? 0, jobs };
}

/** Options of {@link sqliteStore}. */
export interface SqliteStoreOptions {
  /**
   * Durability of commits; default `mixed`. `full`: every commit is synced to disk before it
   * returns (≈ one fsync per hold and per capture). `normal`: commits survive a process crash but
   * the latest may be lost on power loss. `mixed`: top-ups and new keys are committed `full`,
   * holds and settlements `normal` — losing the tail of the log on power loss can then only drop
   * a hold or a capture, which returns credits to the caller (an open hold expires), never money
   * that was paid in (docs/api.md#storage).
   */
  synchronous?: 'full' | 'normal' | 'mixed';
  /** Instance part of the owner id recorded on holds (WalletStore.owner); default `hostname:pid`. */
  instanceId?: string;
  /**
   * The driver: by default better-sqlite3 when it is installed, else Node's built-in node:sqlite
   * (Node ≥ 22.13). Naming one uses that one or throws (docs/library.md#stores-and-their-packages).
   */
  driver?: SqliteDriverName;
  /**
   * Who checkpoints the WAL into the file; default `inline`. `inline`: the committing connection,
   * every {@link SQLITE_WAL_CHECKPOINT_PAGES} pages, on the caller's thread. `background`: a worker
   * thread with its own connection, every second, so no commit waits for a checkpoint's copy and
   * syncs (a server's store: docs/api.md#storage). A `:memory:` database has no log and ignores it.
   */
  checkpoints?: 'inline' | 'background';
}

/**
 * Opens (creating when needed) the SQLite store at `file`; `':memory:'` gives a private database.
 * Throws MissingPackageError (one line with the install command) when neither better-sqlite3 nor
 * node:sqlite is there.
 * @example sqliteStore('./halfspace.db').close()
 */
export function sqliteStore(file: string, options: SqliteStoreOptions = {}): ServiceStore {
  const driver = sqliteDriver(options.driver);
  const db = driver.open(file);
  const store = sqliteStoreOver(db, options);
  if (options.checkpoints !== 'background' || file === ':memory:') return store;
  db.pragma('wal_autocheckpoint = 0');
  const checkpointer = startCheckpointer(file, driver.name);
  return {
    ...store,
    close: () => {
      checkpointer.close();
      store.close();
    },
  };
}

/**
 * The SQLite store over a database already opened (by either driver); closing the store closes it.
 * @example sqliteStoreOver(sqliteDriver().open(':memory:'))
 */
export function sqliteStoreOver(db: SqliteDatabase, options: Omit<SqliteStoreOptions, 'driver'> = {}): ServiceStore {
  const owner = newHoldOwner(options.instanceId);
  db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  db.pragma('journal_mode = WAL');
  db.pragma(`wal_autocheckpoint = ${SQLITE_WAL_CHECKPOINT_PAGES}`);
  const mode = options.synchronous ?? 'mixed';
  db.pragma(`synchronous = ${mode === 'full' ? 'FULL' : 'NORMAL'}`);
  createSchema(db);
  // In WAL mode a FULL commit also syncs every earlier NORMAL commit still in the log.
  const durable = <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
    mode !== 'mixed'
      ? work
      : async (...args: A): Promise<R> => {
          db.pragma('synchronous = FULL');
          try {
            return await work(...args);
          } finally {
            db.pragma('synchronous = NORMAL');
          }
        };
  const keys = sqliteKeys(db);
  const wallets = sqliteWallets(db, owner);
  return {
    keys: { ...keys, create: durable(keys.create), revoke: durable(keys.revoke) },
    wallets: { ...wallets, open: durable(wallets.open), topup: durable(wallets.topup) },
    idempotency: sqliteIdempotency(db, owner),
    demo: sqliteDemo(db, owner),
    rateLimits: new MemoryRateLimits(),
    images: sqliteImages(db),
    jobs: sqliteJobs(db),
    stats: async () => sqliteStats(db),
    ledgerQueries: sqliteLedgerQueries(db),
    close: () => {
      db.close();
    },
  };
}

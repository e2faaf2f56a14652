/**
 * @module The PostgreSQL service store (node-postgres): one schema shared by any number of server
 * replicas and CLI calls. Every ledger change is one transaction that locks the wallet rows it
 * touches (`SELECT … FOR UPDATE`, in wallet_id order), so two replicas holding from one wallet
 * never overspend; a CHECK constraint keeps every balance at or above zero as a last guard.
 */
import type pg from 'pg';
import type { JobStatus, ServiceStore, StoreStats } from '../ports.js';
import { newHoldOwner } from '../hold-owner.js';
import { requireOptional } from '../optional-package.js';
import { MemoryRateLimits } from '../memory/rate-limits.js';
import { postgresDemo } from './demo-usage.js';
import { postgresIdempotency } from './idempotency.js';
import { postgresImages } from './images.js';
import { postgresJobLease } from './job-lease.js';
import { postgresJobs } from './jobs.js';
import { postgresKeys } from './keys.js';
import { postgresLedgerQueries } from './ledger-queries.js';
import { INT8_OID } from './pool.js';
import { postgresRateLimits } from './rate-limits.js';
import { createSchema, SCHEMA_NAME } from './schema.js';
import { postgresWallets } from './wallets.js';

/** Schema used when none is given (docs/api.md#storage). */
export const POSTGRES_DEFAULT_SCHEMA = 'halfspace';

/** Connections per store (per process) when `max` is not given; node-postgres's own default (docs/api.md#storage). */
export const POSTGRES_DEFAULT_POOL_SIZE = 10;

/** Options of {@link postgresStore}. */
export interface PostgresStoreOptions {
  /** `postgres://user:password@host:port/database` (any libpq-style URL node-postgres accepts). */
  connectionString: string;
  /** Schema holding the tables, created when missing; default {@link POSTGRES_DEFAULT_SCHEMA}. Lowercase letters, digits and `_`. */
  schema?: string;
  /** Most connections this store opens; default {@link POSTGRES_DEFAULT_POOL_SIZE}. */
  max?: number;
  /**
   * Instance part of the owner id recorded on holds; default `hostname:pid`. Give each replica its
   * own, stable across its restarts, so a restarted replica releases the holds its predecessor left
   * (WalletStore.releaseAbandoned); two live replicas must never share one.
   */
  instanceId?: string;
  /**
   * Keyed rate limits counted in the database, shared by every replica (one round trip per keyed
   * call); false counts them per process, as SQLite does. Default true.
   */
  sharedRateLimits?: boolean;
}

/**
 * Connects to PostgreSQL and creates the schema and its tables when missing (safe while other
 * replicas start too). Rejects when the database cannot be reached or the schema name is invalid,
 * and with MissingPackageError when pg is not installed.
 * @example await (await postgresStore({ connectionString: 'postgres://localhost/halfspace' })).wallets.balance('key_x') // => null
 */
export async function postgresStore(options: PostgresStoreOptions): Promise<ServiceStore> {
  const schema = options.schema ?? POSTGRES_DEFAULT_SCHEMA;
  if (!SCHEMA_NAME.test(schema))
    throw new RangeError(`schema must be a lowercase identifier (a-z, 0-9, _), got ${JSON.stringify(schema)}`);
  const owner = newHoldOwner(options.instanceId);
  const driver = requireOptional<typeof pg>('pg', 'halfspace/store/postgres');
  const pool = new driver.Pool({
    connectionString: options.connectionString,
    max: options.max ?? POSTGRES_DEFAULT_POOL_SIZE,
    // Every connection works in the store's schema, so the store's SQL names no schema.
    options: `-c search_path=${schema}`,
    types: {
      // cast: pg's getTypeParser is overloaded per format; this one answers both as the default does.
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? (v: string) => Number(v)
          : driver.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server drops (restart, timeout) is removed from the pool; the next
  // query opens a new one or fails itself. Without a listener the error would end the process.
  pool.on('error', () => undefined);
  // A connection cut while checked out (a query in flight, or between the queries of a
  // transaction) emits 'error' on its client, where the pool listens only while it is idle: the
  // error already fails the client's queries, so this listener only keeps it from ending the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    await createSchema(pool, schema);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    keys: postgresKeys(pool),
    wallets: postgresWallets(pool, owner),
    idempotency: postgresIdempotency(pool, owner),
    demo: postgresDemo(pool, owner),
    // Shared buckets: N replicas give a key its limit once, not N times (docs/api.md#rate-limits).
    rateLimits: options.sharedRateLimits === false ? new MemoryRateLimits() : postgresRateLimits(pool),
    images: postgresImages(pool),
    jobs: { ...postgresJobs(pool), lease: postgresJobLease(pool) },
    ledgerQueries: postgresLedgerQueries(pool),
    stats: async () => {
      const jobs: StoreStats['jobs'] = { queued: 0, running: 0, succeeded: 0, failed: 0 };
      for (const row of (
        await pool.query<{ status: JobStatus; n: number }>(
          'SELECT status, COUNT(*)::bigint AS n FROM jobs GROUP BY status',
        )
      ).rows)
        jobs[row.status] = row.n;
      return {
        holds_open: (await pool.query<{ n: number }>('SELECT COUNT(*)::bigint AS n FROM holds')).rows[0].n,
        jobs,
      };
    },
    close: () => pool.end(),
  };
}

/**
 * @module The tables of the PostgreSQL store and their creation: one schema per store, created
 * when missing by whichever replica starts first.
 */
import type pg from 'pg';
import { transaction } from './pool.js';

/**
 * SQL adding `definition` (one or more columns, the first named `column`) to `table` when `column`
 * is missing: checked first, so opening a current schema takes no table lock.
 * @example addColumn('holds', 'owner', 'owner TEXT') // => 'DO $$ BEGIN IF NOT EXISTS (…) THEN ALTER TABLE holds ADD COLUMN owner TEXT; …'
 */
const addColumn = (table: string, column: string, definition: string): string => `DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = '${table}' AND column_name = '${column}') THEN
    ALTER TABLE ${table} ADD COLUMN ${definition};
  END IF;
END $$;`;

/** Schema names are put into SQL text, so only plain identifiers are accepted. */
export const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

// Times are ISO-8601 text compared as strings, so their columns use the byte-order "C" collation
// whatever the database's default is. BIGINTs come back as strings from node-postgres; the store's pool
// parses them to numbers (INT8_OID in pool.ts).
const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY, hash TEXT NOT NULL UNIQUE, label TEXT, no_watermark BOOLEAN NOT NULL DEFAULT false,
  created_at TEXT COLLATE "C" NOT NULL, revoked_at TEXT
);
CREATE TABLE IF NOT EXISTS wallets (
  wallet_id TEXT COLLATE "C" PRIMARY KEY, balance BIGINT NOT NULL CHECK (balance >= 0), created_at TEXT NOT NULL
);
CREATE SEQUENCE IF NOT EXISTS ledger_entry_seq;
CREATE TABLE IF NOT EXISTS ledger (
  entry_id BIGINT PRIMARY KEY, wallet_id TEXT NOT NULL REFERENCES wallets(wallet_id),
  kind TEXT NOT NULL CHECK (kind IN ('topup','hold','capture','release')), amount BIGINT NOT NULL,
  hold_id BIGINT, balance_after BIGINT NOT NULL CHECK (balance_after >= 0), note TEXT, at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS ledger_wallet ON ledger(wallet_id, entry_id);
-- Open holds only: settling deletes the row (the ledger keeps the history), so exactly one
-- DELETE … RETURNING can settle a hold.
CREATE TABLE IF NOT EXISTS holds (
  hold_id BIGINT PRIMARY KEY, wallet_id TEXT NOT NULL, amount BIGINT NOT NULL, expires_at TEXT COLLATE "C" NOT NULL
);
CREATE INDEX IF NOT EXISTS holds_expiry ON holds(expires_at);
-- owner: the store handle that took the hold (WalletStore.owner); NULL in schemas made before it.
${addColumn('holds', 'owner', 'owner TEXT COLLATE "C"')}
CREATE TABLE IF NOT EXISTS idempotency (
  scope TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, status INTEGER, headers TEXT, body TEXT,
  expires_at TEXT COLLATE "C" NOT NULL, PRIMARY KEY (scope, key)
);
-- owner: the store handle that claimed the key (WalletStore.owner), so a restarted replica can
-- forget its predecessor's pending claims; NULL in schemas made before it.
${addColumn('idempotency', 'owner', 'owner TEXT COLLATE "C"')}
-- Demo calls reserved and not yet settled, per store handle: a restart gives back a killed one's.
CREATE TABLE IF NOT EXISTS demo_reservations (
  owner TEXT COLLATE "C" NOT NULL, day TEXT COLLATE "C" NOT NULL, client TEXT NOT NULL, n INTEGER NOT NULL,
  PRIMARY KEY (owner, day, client)
);
CREATE INDEX IF NOT EXISTS idempotency_expiry ON idempotency(expires_at);
CREATE TABLE IF NOT EXISTS demo_usage (
  day TEXT COLLATE "C" NOT NULL, client TEXT NOT NULL, used INTEGER NOT NULL, PRIMARY KEY (day, client)
);
CREATE TABLE IF NOT EXISTS images (sha256 TEXT PRIMARY KEY, png BYTEA NOT NULL);
CREATE TABLE IF NOT EXISTS jobs (
  seq BIGSERIAL UNIQUE, job_id TEXT PRIMARY KEY, key_id TEXT NOT NULL, hold_id BIGINT NOT NULL, credits BIGINT NOT NULL,
  status TEXT NOT NULL, request TEXT NOT NULL, result TEXT, created_at TEXT COLLATE "C" NOT NULL, updated_at TEXT NOT NULL, photo BYTEA
);
-- Keyed rate-limit buckets (rate-limits.ts). UNLOGGED: buckets are worth nothing after a database
-- crash (they refill in seconds), so their writes skip the WAL.
CREATE UNLOGGED TABLE IF NOT EXISTS rate_buckets (
  bucket TEXT PRIMARY KEY, tokens DOUBLE PRECISION NOT NULL, at_ms BIGINT NOT NULL, allowed BOOLEAN NOT NULL
);
-- The lease of an unfinished job (job-lease.ts).
${addColumn('jobs', 'lease_owner', 'lease_owner TEXT COLLATE "C", ADD COLUMN lease_until TEXT COLLATE "C"')}
`;

/**
 * Creates `schema` and its tables when missing, safe while other replicas do the same.
 * @example await createSchema(pool, 'halfspace')
 */
export async function createSchema(pool: pg.Pool, schema: string): Promise<void> {
  await transaction(pool, async (client) => {
    // Replicas starting together take turns, so CREATE … IF NOT EXISTS never races itself.
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`halfspace schema ${schema}`]);
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await client.query(SCHEMA_SQL);
  });
}

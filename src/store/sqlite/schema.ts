/** @module The tables of the SQLite store, their creation and the migration of files made by earlier schemas. */
import type { SqliteDatabase } from './driver.js';

const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS api_keys (
  id TEXT PRIMARY KEY, hash TEXT NOT NULL UNIQUE, label TEXT, no_watermark INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL, revoked_at TEXT
);
CREATE TABLE IF NOT EXISTS wallets (
  wallet_id TEXT PRIMARY KEY, balance INTEGER NOT NULL CHECK (balance >= 0), created_at TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS ledger (
  entry_id INTEGER PRIMARY KEY AUTOINCREMENT, wallet_id TEXT NOT NULL REFERENCES wallets(wallet_id),
  kind TEXT NOT NULL CHECK (kind IN ('topup','hold','capture','release')), amount INTEGER NOT NULL,
  hold_id INTEGER, balance_after INTEGER NOT NULL, note TEXT, at TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS ledger_wallet ON ledger(wallet_id, entry_id);
-- Open holds only: a settled hold's row is deleted (the ledger keeps its history), so the table
-- stays as small as the calls in flight. settled is always 0; it remains for files made before.
-- owner: the store handle that took the hold (WalletStore.owner); NULL in files made before.
CREATE TABLE IF NOT EXISTS holds (
  hold_id INTEGER PRIMARY KEY, wallet_id TEXT NOT NULL, amount INTEGER NOT NULL, expires_at TEXT NOT NULL,
  settled INTEGER NOT NULL DEFAULT 0, owner TEXT
);
-- owner: the store handle that claimed the key (WalletStore.owner), so a restart can forget the
-- pending claims of a killed process; NULL in files made before.
CREATE TABLE IF NOT EXISTS idempotency (
  scope TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, status INTEGER, headers TEXT, body TEXT,
  expires_at TEXT NOT NULL, owner TEXT, PRIMARY KEY (scope, key)
);
CREATE INDEX IF NOT EXISTS idempotency_expiry ON idempotency(expires_at);
CREATE TABLE IF NOT EXISTS demo_usage (
  day TEXT NOT NULL, client TEXT NOT NULL, used INTEGER NOT NULL, PRIMARY KEY (day, client)
);
-- Demo calls reserved and not yet settled, per store handle: a restart gives back a killed one's.
CREATE TABLE IF NOT EXISTS demo_reservations (
  owner TEXT NOT NULL, day TEXT NOT NULL, client TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (owner, day, client)
);
CREATE TABLE IF NOT EXISTS images (sha256 TEXT PRIMARY KEY, png BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS jobs (
  job_id TEXT PRIMARY KEY, key_id TEXT NOT NULL, hold_id INTEGER NOT NULL, credits INTEGER NOT NULL, status TEXT NOT NULL,
  request TEXT NOT NULL, result TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, photo BLOB
);
`;

/** Whether `table` has a column named `column`. */
const hasColumn = (db: SqliteDatabase, table: string, column: string): boolean =>
  db.prepare('SELECT 1 FROM pragma_table_info(?) WHERE name = ?').get(table, column) !== undefined;

/**
 * Brings a file created by an earlier schema up to date: `jobs.photo` (uploaded photos of
 * unfinished jobs, so they resume after a restart) and `holds.owner` (which process took a hold)
 * and `idempotency.owner` arrived after the first release, and an earlier `holds` table kept settled holds (flagged,
 * indexed) where this one keeps open ones only. Runs in an IMMEDIATE transaction so a server and the CLI opening an
 * old file together migrate it once.
 */
function migrate(db: SqliteDatabase): void {
  db.transaction(() => {
    if (!hasColumn(db, 'jobs', 'photo')) db.exec('ALTER TABLE jobs ADD COLUMN photo BLOB');
    if (!hasColumn(db, 'holds', 'owner')) db.exec('ALTER TABLE holds ADD COLUMN owner TEXT');
    if (!hasColumn(db, 'idempotency', 'owner')) db.exec('ALTER TABLE idempotency ADD COLUMN owner TEXT');
    db.exec('DROP INDEX IF EXISTS holds_open; DELETE FROM holds WHERE settled = 1;');
  }).immediate();
}

/**
 * Creates the store's tables in `db` when missing and migrates a file made by an earlier schema.
 * @example createSchema(sqliteDriver().open(':memory:'))
 */
export function createSchema(db: SqliteDatabase): void {
  db.exec(SCHEMA_SQL);
  migrate(db);
}

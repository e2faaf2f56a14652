/**
 * @module The SQLite service store (better-sqlite3): one file in WAL mode, every ledger change in
 * one IMMEDIATE transaction, and a busy timeout so the CLI (`keys`, `wallet`) and a running
 * server can share the file.
 */
import type Database from 'better-sqlite3';
import type {
  DemoStore,
  IdempotencyStore,
  ImageStore,
  JobRecord,
  JobStatus,
  JobStore,
  KeyRecord,
  KeyStore,
  LedgerEntry,
  OpenHold,
  ServiceStore,
  StoreStats,
  StoredResponse,
  TopupOutcome,
  WalletStore,
} from '../ports.js';
import type { HeldCredits, LedgerOp, LedgerOutcome } from '../ledger.js';
import { batchReads, consecutiveIds, decideBatch, groupCommit, queuedSettlements, topupOp } from '../ledger.js';
import { newHoldOwner } from '../hold-owner.js';
import { MemoryRateLimits } from '../memory/rate-limits.js';
import { requireOptional } from '../optional-package.js';
import { sqliteLedgerQueries } from './ledger-queries.js';

/** How long a writer waits for another process's lock before SQLITE_BUSY (docs/api.md#storage). */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;

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
CREATE TABLE IF NOT EXISTS idempotency (
  scope TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, status INTEGER, headers TEXT, body TEXT,
  expires_at TEXT NOT NULL, PRIMARY KEY (scope, key)
);
CREATE INDEX IF NOT EXISTS idempotency_expiry ON idempotency(expires_at);
CREATE TABLE IF NOT EXISTS demo_usage (
  day TEXT NOT NULL, client TEXT NOT NULL, used INTEGER NOT NULL, PRIMARY KEY (day, client)
);
CREATE TABLE IF NOT EXISTS images (sha256 TEXT PRIMARY KEY, png BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS jobs (
  job_id TEXT PRIMARY KEY, key_id TEXT NOT NULL, hold_id INTEGER NOT NULL, credits INTEGER NOT NULL, status TEXT NOT NULL,
  request TEXT NOT NULL, result TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, photo BLOB
);
`;

/**
 * Brings a file created by an earlier schema up to date: `jobs.photo` (uploaded photos of
 * unfinished jobs, so they resume after a restart) and `holds.owner` (which process took a hold)
 * arrived after the first release, and `holds` used to keep settled holds (flagged, indexed) where
 * it now keeps open ones only. Runs in an IMMEDIATE transaction so a server and the CLI opening an
 * old file together migrate it once.
 */
function migrate(db: Database.Database): void {
  db.transaction(() => {
    const columns = db.pragma('table_info(jobs)') as { name: string }[];
    if (!columns.some((c) => c.name === 'photo')) db.exec('ALTER TABLE jobs ADD COLUMN photo BLOB');
    const holdColumns = db.pragma('table_info(holds)') as { name: string }[];
    if (!holdColumns.some((c) => c.name === 'owner')) db.exec('ALTER TABLE holds ADD COLUMN owner TEXT');
    db.exec('DROP INDEX IF EXISTS holds_open; DELETE FROM holds WHERE settled = 1;');
  }).immediate();
}

/** Row counts of the multi-row statements: any count is a sum of these, so five statements serve every batch. */
const CHUNK_SIZES = [256, 64, 16, 4, 1] as const;

/**
 * A statement over a variable number of items (`sqlOf(n)` holds n items' parameters), prepared
 * once per chunk size and run over the items in chunks.
 */
function chunked<R = unknown>(db: Database.Database, sqlOf: (n: number) => string) {
  const prepared = new Map<number, Database.Statement>();
  const statement = (n: number) => {
    let s = prepared.get(n);
    if (!s) prepared.set(n, (s = db.prepare(sqlOf(n))));
    return s;
  };
  const each = (items: readonly unknown[][], use: (s: Database.Statement, params: unknown[]) => void) => {
    let i = 0;
    for (const size of CHUNK_SIZES)
      for (; items.length - i >= size; i += size) use(statement(size), items.slice(i, i + size).flat());
  };
  return {
    run: (items: readonly unknown[][]) => each(items, (s, params) => s.run(params)),
    all: (items: readonly unknown[][]): R[] => {
      const rows: R[] = [];
      each(items, (s, params) => rows.push(...(s.all(params) as R[])));
      return rows;
    },
  };
}
/** `?, ?, …` (width 1) or `(?, ?), (?, ?), …` bind slots for n items. */
const bindSlots = (n: number, width = 1) =>
  Array.from({ length: n }, () => (width === 1 ? '?' : `(${Array(width).fill('?').join(', ')})`)).join(', ');

interface KeyRow {
  id: string;
  hash: string;
  label: string | null;
  no_watermark: number;
  created_at: string;
  revoked_at: string | null;
}

const keyOf = (row: KeyRow): KeyRecord => ({ ...row, no_watermark: row.no_watermark === 1 });

function sqliteKeys(db: Database.Database): KeyStore {
  const insert = db.prepare(
    'INSERT INTO api_keys (id, hash, label, no_watermark, created_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const byHash = db.prepare<[string], KeyRow>('SELECT * FROM api_keys WHERE hash = ?');
  const byId = db.prepare<[string], KeyRow>('SELECT * FROM api_keys WHERE id = ?');
  const list = db.prepare<[], KeyRow>('SELECT * FROM api_keys ORDER BY created_at, id');
  const revoke = db.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL');
  // data_version moves when another connection (the CLI next to a running server) commits; own
  // changes are counted here. Both only grow, so their sum changes whenever either does.
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  let own = 0;
  return {
    async create(r) {
      insert.run(r.id, r.hash, r.label, r.no_watermark ? 1 : 0, r.created_at, r.revoked_at);
      own += 1;
    },
    async byHash(hash) {
      const row = byHash.get(hash);
      return row ? keyOf(row) : null;
    },
    async byId(id) {
      const row = byId.get(id);
      return row ? keyOf(row) : null;
    },
    async list() {
      return list.all().map(keyOf);
    },
    async revoke(id, at) {
      const revoked = revoke.run(at, id).changes === 1;
      if (revoked) own += 1;
      return revoked;
    },
    revision: () => own + dataVersion.get()!,
  };
}

function sqliteWallets(db: Database.Database, owner: string): WalletStore {
  const openWallet = db.prepare('INSERT OR IGNORE INTO wallets (wallet_id, balance, created_at) VALUES (?, 0, ?)');
  const getBalance = db.prepare<[string], { balance: number }>('SELECT balance FROM wallets WHERE wallet_id = ?');
  const setBalance = db.prepare('UPDATE wallets SET balance = ? WHERE wallet_id = ?');
  const dueHolds = db.prepare<[string], { hold_id: number }>('SELECT hold_id FROM holds WHERE expires_at <= ?');
  const othersHolds = db.prepare<[string], { hold_id: number }>(
    'SELECT hold_id FROM holds WHERE owner IS NULL OR owner <> ? ORDER BY hold_id',
  );
  const heldOf = db.prepare<[string], number>('SELECT COALESCE(SUM(amount), 0) FROM holds WHERE wallet_id = ?').pluck();
  const openHoldsOf = db.prepare<[string], OpenHold>(
    'SELECT h.hold_id, h.wallet_id, h.amount AS credits, l.note, l.at AS created_at, h.expires_at, h.owner FROM holds AS h JOIN ledger AS l ON l.entry_id = h.hold_id WHERE h.wallet_id = ? ORDER BY h.hold_id',
  );
  const entriesOf = db.prepare<[string, number], LedgerEntry>(
    'SELECT * FROM (SELECT * FROM ledger WHERE wallet_id = ? ORDER BY entry_id DESC LIMIT ?) ORDER BY entry_id',
  );

  // Group commit: holds and settlements requested in the same event-loop turn are applied in one
  // IMMEDIATE transaction (one WAL commit for many calls). The ledger core decides the batch under
  // the write lock, from balances and holds read at its start; it is then written with a few
  // multi-row statements per table instead of ~10 statements per call (bench/results/http.md).
  const nextEntryId = db.prepare<[], { seq: number }>("SELECT seq FROM sqlite_sequence WHERE name = 'ledger'");
  const holdsIn = chunked<{ hold_id: number; wallet_id: string; amount: number }>(
    db,
    (n) => `SELECT hold_id, wallet_id, amount FROM holds WHERE hold_id IN (${bindSlots(n)})`,
  );
  const holdEntriesIn = chunked<{ entry_id: number }>(
    db,
    (n) => `SELECT entry_id FROM ledger WHERE kind = 'hold' AND entry_id IN (${bindSlots(n)})`,
  );
  const insertEntries = chunked(
    db,
    (n) =>
      `INSERT INTO ledger (entry_id, wallet_id, kind, amount, hold_id, balance_after, note, at) VALUES ${bindSlots(n, 8)}`,
  );
  const insertHolds = chunked(
    db,
    (n) => `INSERT INTO holds (hold_id, wallet_id, amount, expires_at, owner) VALUES ${bindSlots(n, 5)}`,
  );
  const deleteHolds = chunked(db, (n) => `DELETE FROM holds WHERE hold_id IN (${bindSlots(n)})`);

  const applyBatch = db.transaction((ops: LedgerOp[]): LedgerOutcome[] => {
    const reads = batchReads(ops);
    const open = holdsIn.all(reads.holdIds.map((id) => [id]));
    const holds = new Map(
      open.map((h): [number, HeldCredits] => [h.hold_id, { wallet_id: h.wallet_id, amount: h.amount }]),
    );
    // A hold id missing from the open holds is either settled already (its ledger entry exists) or unknown.
    const missing = reads.holdIds.filter((id) => !holds.has(id)).map((id) => [id]);
    const settledBefore = new Set(holdEntriesIn.all(missing).map((e) => e.entry_id));
    const balances = new Map<string, number>();
    for (const walletId of new Set([...reads.walletIds, ...open.map((h) => h.wallet_id)])) {
      const row = getBalance.get(walletId);
      if (row) balances.set(walletId, row.balance);
    }
    const held = new Map(reads.heldWalletIds.map((walletId) => [walletId, heldOf.get(walletId)!]));
    const decision = decideBatch(
      { balances, held, holds, settledBefore },
      ops,
      consecutiveIds(nextEntryId.get()?.seq ?? 0, ops.length),
    );
    insertEntries.run(
      decision.entries.map((e) => [
        e.entry_id,
        e.wallet_id,
        e.kind,
        e.amount,
        e.hold_id,
        e.balance_after,
        e.note,
        e.at,
      ]),
    );
    insertHolds.run(decision.opened.map((h) => [h.hold_id, h.wallet_id, h.amount, h.expires_at, h.owner]));
    deleteHolds.run(decision.settled.map((id) => [id]));
    for (const [walletId, balance] of decision.balances) setBalance.run(balance, walletId);
    return decision.outcomes;
  });
  const released = (outcomes: LedgerOutcome[]) => outcomes.filter((o) => o.ok).length;

  const expire = db.transaction((now: string): number => {
    const due = dueHolds
      .all(now)
      .map(({ hold_id }): LedgerOp => ({ kind: 'release', holdId: hold_id, at: now, note: 'expired' }));
    return released(applyBatch(due));
  });

  const abandoned = db.transaction((at: string, keep: readonly number[]): number => {
    const kept = new Set(keep);
    const ops = othersHolds
      .all(owner)
      .flatMap(({ hold_id }): LedgerOp[] =>
        kept.has(hold_id) ? [] : [{ kind: 'release', holdId: hold_id, at, note: 'abandoned' }],
      );
    return released(applyBatch(ops));
  });

  // Outcomes are decided in JavaScript, so only the database itself can fail a batch (disk full,
  // lock timeout): the transaction wrote nothing and every call of the batch gets the error.
  const grouped = groupCommit((ops) => applyBatch.immediate(ops));

  return {
    owner,
    async open(walletId, at) {
      openWallet.run(walletId, at);
    },
    async topup(walletId, credits, at, note = null) {
      // Not grouped: a top-up commits alone, so `mixed` durability can sync exactly its commit.
      return applyBatch.immediate([topupOp(walletId, credits, at, note)])[0] as TopupOutcome;
    },
    ...queuedSettlements(grouped, owner),
    async expireHolds(now) {
      return expire.immediate(now);
    },
    async releaseAbandoned(at, keep = []) {
      return abandoned.immediate(at, keep);
    },
    async balance(walletId) {
      return getBalance.get(walletId)?.balance ?? null;
    },
    async openHolds(walletId) {
      return openHoldsOf.all(walletId);
    },
    async ledger(walletId, limit) {
      return entriesOf.all(walletId, limit ?? -1);
    },
  };
}

function sqliteIdempotency(db: Database.Database): IdempotencyStore {
  const get = db.prepare<
    [string, string],
    { fingerprint: string; status: number | null; headers: string | null; body: string | null; expires_at: string }
  >('SELECT fingerprint, status, headers, body, expires_at FROM idempotency WHERE scope = ? AND key = ?');
  const put = db.prepare(
    'INSERT OR REPLACE INTO idempotency (scope, key, fingerprint, status, headers, body, expires_at) VALUES (?, ?, ?, NULL, NULL, NULL, ?)',
  );
  const complete = db.prepare('UPDATE idempotency SET status = ?, headers = ?, body = ? WHERE scope = ? AND key = ?');
  const remove = db.prepare('DELETE FROM idempotency WHERE scope = ? AND key = ?');
  const purge = db.prepare('DELETE FROM idempotency WHERE expires_at <= ?');
  const begin = db.transaction((scope: string, key: string, fingerprint: string, at: string, expiresAt: string) => {
    const row = get.get(scope, key);
    if (row && row.expires_at > at) {
      const response: StoredResponse | null =
        row.status === null ? null : { status: row.status, headers: JSON.parse(row.headers!), body: row.body! };
      return { claimed: false as const, record: { fingerprint: row.fingerprint, response } };
    }
    put.run(scope, key, fingerprint, expiresAt);
    return { claimed: true as const };
  });
  return {
    async begin(scope, key, fingerprint, at, expiresAt) {
      return begin.immediate(scope, key, fingerprint, at, expiresAt);
    },
    async complete(scope, key, r) {
      complete.run(r.status, JSON.stringify(r.headers), r.body, scope, key);
    },
    async abandon(scope, key) {
      remove.run(scope, key);
    },
    async purge(now) {
      return purge.run(now).changes;
    },
  };
}

function sqliteDemo(db: Database.Database): DemoStore {
  const get = db.prepare<[string, string], { used: number }>(
    'SELECT used FROM demo_usage WHERE day = ? AND client = ?',
  );
  const set = db.prepare(
    'INSERT INTO demo_usage (day, client, used) VALUES (?, ?, ?) ON CONFLICT (day, client) DO UPDATE SET used = excluded.used',
  );
  const reserve = db.transaction((client: string, day: string, limit: number) => {
    const used = get.get(day, client)?.used ?? 0;
    if (used >= limit) return { ok: false, used };
    set.run(day, client, used + 1);
    return { ok: true, used: used + 1 };
  });
  const unreserve = db.prepare('UPDATE demo_usage SET used = used - 1 WHERE day = ? AND client = ? AND used > 0');
  const purge = db.prepare('DELETE FROM demo_usage WHERE day < ?');
  return {
    async reserve(client, day, limit) {
      return reserve.immediate(client, day, limit);
    },
    async unreserve(client, day) {
      unreserve.run(day, client);
    },
    async purge(day) {
      return purge.run(day).changes;
    },
  };
}

function sqliteImages(db: Database.Database): ImageStore {
  const put = db.prepare('INSERT OR IGNORE INTO images (sha256, png) VALUES (?, ?)');
  const get = db.prepare<[string], { png: Buffer }>('SELECT png FROM images WHERE sha256 = ?');
  return {
    async put(sha256, png) {
      put.run(sha256, Buffer.from(png.buffer, png.byteOffset, png.byteLength));
    },
    async get(sha256) {
      const row = get.get(sha256);
      return row ? new Uint8Array(row.png) : null;
    },
  };
}

/** Columns of a JobRecord; the photo BLOB is read only when resuming, not on every poll. */
const JOB_COLUMNS = 'job_id, key_id, hold_id, credits, status, request, result, created_at, updated_at';

function sqliteJobs(db: Database.Database): JobStore {
  const insert = db.prepare(`INSERT INTO jobs (${JOB_COLUMNS}, photo) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const get = db.prepare<[string], JobRecord>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE job_id = ?`);
  // A finished job drops its photo: only unfinished jobs need one, so uploads never pile up.
  const update = db.prepare<{ status: JobStatus; result: string | null; at: string; id: string }>(
    "UPDATE jobs SET status = @status, result = @result, updated_at = @at, photo = CASE WHEN @status IN ('succeeded', 'failed') THEN NULL ELSE photo END WHERE job_id = @id AND status NOT IN ('succeeded', 'failed')",
  );
  const unfinished = db.prepare<[], JobRecord & { photo: Buffer | null }>(
    `SELECT ${JOB_COLUMNS}, photo FROM jobs WHERE status IN ('queued', 'running') ORDER BY created_at, rowid`,
  );
  return {
    async create(j, photo = null) {
      insert.run(
        j.job_id,
        j.key_id,
        j.hold_id,
        j.credits,
        j.status,
        j.request,
        j.result,
        j.created_at,
        j.updated_at,
        photo ? Buffer.from(photo.buffer, photo.byteOffset, photo.byteLength) : null,
      );
    },
    async get(jobId) {
      return get.get(jobId) ?? null;
    },
    async update(jobId: string, status: JobStatus, result: string | null, at: string) {
      return update.run({ status, result, at, id: jobId }).changes === 1;
    },
    async unfinished() {
      return unfinished.all().map((row) => ({ ...row, photo: row.photo ? new Uint8Array(row.photo) : null }));
    },
  };
}

/** Open holds and jobs by state, for `/metrics`. */
function sqliteStats(db: Database.Database): StoreStats {
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
}

/**
 * Opens (creating when needed) the SQLite store at `file`; `':memory:'` gives a private database.
 * Throws MissingPackageError when better-sqlite3 is not installed.
 * @example sqliteStore('./halfspace.db').close()
 */
export function sqliteStore(file: string, options: SqliteStoreOptions = {}): ServiceStore {
  const owner = newHoldOwner(options.instanceId);
  const Sqlite = requireOptional<typeof Database>('better-sqlite3', 'halfspace/store/sqlite', (Driver) =>
    new Driver(':memory:').close(),
  );
  const db = new Sqlite(file);
  db.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  db.pragma('journal_mode = WAL');
  const mode = options.synchronous ?? 'mixed';
  db.pragma(`synchronous = ${mode === 'full' ? 'FULL' : 'NORMAL'}`);
  db.exec(SCHEMA_SQL);
  migrate(db);
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
    idempotency: sqliteIdempotency(db),
    demo: sqliteDemo(db),
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

/**
 * @module The PostgreSQL service store (node-postgres): one schema shared by any number of server
 * replicas and CLI calls. Every ledger change is one transaction that locks the wallet rows it
 * touches (`SELECT … FOR UPDATE`, in wallet_id order), so two replicas holding from one wallet
 * never overspend; a CHECK constraint keeps every balance at or above zero as a last guard.
 */
import type pg from 'pg';
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
  WalletStore,
} from '../ports.js';
import type { HeldCredits, LedgerOp, LedgerOutcome } from '../ledger.js';
import { batchReads, decideBatch, groupCommit, queuedSettlements, topupOp } from '../ledger.js';
import { instanceOfOwner, newHoldOwner } from '../hold-owner.js';
import { requireOptional } from '../optional-package.js';
import { MemoryRateLimits } from '../memory/rate-limits.js';
import { postgresRateLimits, RATE_LIMITS_SQL } from './rate-limits.js';
import { JOB_LEASE_SQL, postgresJobLease } from './job-lease.js';
import { postgresLedgerQueries } from './ledger-queries.js';

/** Schema used when none is given (docs/api.md#storage). */
export const POSTGRES_DEFAULT_SCHEMA = 'halfspace';

/** Connections per store (per process) when `max` is not given; node-postgres's own default (docs/api.md#storage). */
export const POSTGRES_DEFAULT_POOL_SIZE = 10;

/** Schema names are put into SQL text, so only plain identifiers are accepted. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

// Times are ISO-8601 text compared as strings, so their columns use the byte-order "C" collation
// whatever the database's default is. BIGINTs come back as strings from node-postgres; the pool
// below parses them to numbers (credits and ids are safe integers).
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
-- Added only when missing, so opening a current schema takes no table lock.
DO $$ BEGIN
  IF NOT EXISTS (SELECT 1 FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'holds' AND column_name = 'owner') THEN
    ALTER TABLE holds ADD COLUMN owner TEXT COLLATE "C";
  END IF;
END $$;
CREATE TABLE IF NOT EXISTS idempotency (
  scope TEXT NOT NULL, key TEXT NOT NULL, fingerprint TEXT NOT NULL, status INTEGER, headers TEXT, body TEXT,
  expires_at TEXT COLLATE "C" NOT NULL, PRIMARY KEY (scope, key)
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
`;

/** Type oid of BIGINT (int8). */
const INT8_OID = 20;

/** Runs `work` in one transaction on a pooled connection: COMMIT when it returns, ROLLBACK when it throws. */
async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

function postgresKeys(pool: pg.Pool): KeyStore {
  // No revision(): another replica's key changes cannot be seen without asking the database, so
  // the service looks the key up on every call (one indexed SELECT) instead of caching it.
  const COLUMNS = 'id, hash, label, no_watermark, created_at, revoked_at';
  return {
    async create(r) {
      await pool.query(`INSERT INTO api_keys (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)`, [
        r.id,
        r.hash,
        r.label,
        r.no_watermark,
        r.created_at,
        r.revoked_at,
      ]);
    },
    async byHash(hash) {
      return (await pool.query<KeyRecord>(`SELECT ${COLUMNS} FROM api_keys WHERE hash = $1`, [hash])).rows[0] ?? null;
    },
    async byId(id) {
      return (await pool.query<KeyRecord>(`SELECT ${COLUMNS} FROM api_keys WHERE id = $1`, [id])).rows[0] ?? null;
    },
    async list() {
      return (await pool.query<KeyRecord>(`SELECT ${COLUMNS} FROM api_keys ORDER BY created_at, id`)).rows;
    },
    async revoke(id, at) {
      return (
        (await pool.query('UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND revoked_at IS NULL', [at, id]))
          .rowCount === 1
      );
    },
  };
}

/**
 * Applies a batch of ledger operations, in order, in the transaction of `client`: reads what the
 * ledger core needs under row locks, lets it decide, and writes its decision. Lock order is always
 * wallets (sorted by id, one statement) and then their holds, so concurrent batches of two replicas
 * wait for each other instead of deadlocking.
 */
async function applyBatch(client: pg.PoolClient, ops: LedgerOp[]): Promise<LedgerOutcome[]> {
  const reads = batchReads(ops);
  // A hold's wallet never changes, so reading it before taking the lock is safe.
  const holdWallets =
    reads.holdIds.length === 0
      ? []
      : (
          await client.query<{ wallet_id: string }>('SELECT wallet_id FROM holds WHERE hold_id = ANY($1::bigint[])', [
            reads.holdIds,
          ])
        ).rows;
  const walletIds = [...new Set([...reads.walletIds, ...holdWallets.map((h) => h.wallet_id)])];
  const locked = (
    await client.query<{ wallet_id: string; balance: number }>(
      'SELECT wallet_id, balance FROM wallets WHERE wallet_id = ANY($1::text[]) ORDER BY wallet_id FOR UPDATE',
      [walletIds],
    )
  ).rows;
  const balances = new Map(locked.map((w) => [w.wallet_id, w.balance]));
  // Credits in open holds, for the top-up limit: read under the wallet locks (holds of a wallet are
  // only added or settled under its lock) and before this batch settles any.
  const heldRows =
    reads.heldWalletIds.length === 0
      ? []
      : (
          await client.query<{ wallet_id: string; held: number }>(
            'SELECT wallet_id, SUM(amount)::bigint AS held FROM holds WHERE wallet_id = ANY($1::text[]) GROUP BY wallet_id',
            [reads.heldWalletIds],
          )
        ).rows;
  const held = new Map(
    reads.heldWalletIds.map((walletId) => [walletId, heldRows.find((h) => h.wallet_id === walletId)?.held ?? 0]),
  );
  // Deleting the holds claims their settlement: a replica settling the same hold waits for this
  // transaction and then finds no row.
  const open =
    reads.holdIds.length === 0
      ? []
      : (
          await client.query<{ hold_id: number; wallet_id: string; amount: number }>(
            'DELETE FROM holds WHERE hold_id = ANY($1::bigint[]) RETURNING hold_id, wallet_id, amount',
            [reads.holdIds],
          )
        ).rows;
  const holds = new Map(
    open.map((h): [number, HeldCredits] => [h.hold_id, { wallet_id: h.wallet_id, amount: h.amount }]),
  );
  // A hold id with no open hold is settled already (its hold entry exists) or unknown.
  const missing = reads.holdIds.filter((id) => !holds.has(id));
  const settledBefore = new Set(
    missing.length === 0
      ? []
      : (
          await client.query<{ entry_id: number }>(
            "SELECT entry_id FROM ledger WHERE kind = 'hold' AND entry_id = ANY($1::bigint[])",
            [missing],
          )
        ).rows.map((e) => e.entry_id),
  );
  // Ids are drawn under the wallet locks, so each wallet's entries are numbered in commit order;
  // one per operation, and those of refused operations are left unused (gaps, as after a rollback).
  const ids = (
    await client.query<{ id: number }>("SELECT nextval('ledger_entry_seq') AS id FROM generate_series(1, $1::int)", [
      ops.length,
    ])
  ).rows
    .map((r) => r.id)
    .sort((a, b) => a - b);

  const decision = decideBatch({ balances, held, holds, settledBefore }, ops, ids);
  const { entries, opened } = decision;
  if (entries.length > 0) {
    await client.query(
      `INSERT INTO ledger (entry_id, wallet_id, kind, amount, hold_id, balance_after, note, at)
       SELECT * FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::bigint[], $7::text[], $8::text[])`,
      [
        entries.map((e) => e.entry_id),
        entries.map((e) => e.wallet_id),
        entries.map((e) => e.kind),
        entries.map((e) => e.amount),
        entries.map((e) => e.hold_id),
        entries.map((e) => e.balance_after),
        entries.map((e) => e.note),
        entries.map((e) => e.at),
      ],
    );
  }
  if (opened.length > 0) {
    await client.query(
      'INSERT INTO holds (hold_id, wallet_id, amount, expires_at, owner) SELECT * FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::text[])',
      [
        opened.map((h) => h.hold_id),
        opened.map((h) => h.wallet_id),
        opened.map((h) => h.amount),
        opened.map((h) => h.expires_at),
        opened.map((h) => h.owner),
      ],
    );
  }
  if (decision.balances.length > 0) {
    await client.query(
      'UPDATE wallets AS w SET balance = v.balance FROM unnest($1::text[], $2::bigint[]) AS v(wallet_id, balance) WHERE w.wallet_id = v.wallet_id',
      [decision.balances.map(([id]) => id), decision.balances.map(([, balance]) => balance)],
    );
  }
  return decision.outcomes;
}

function postgresWallets(pool: pg.Pool, owner: string): WalletStore {
  // Group commit: the operations requested while the previous batch was being written go into the
  // next transaction together. Outcomes are decided from locked rows, so only the database itself
  // can fail a batch (lost connection, shutdown): it rolls back and every call of it gets the error.
  const grouped = groupCommit((ops) => transaction(pool, (client) => applyBatch(client, ops)));

  /** Releases the given holds through the batch; a hold another replica settled first is not counted. */
  async function releaseAll(holdIds: number[], at: string, note: string): Promise<number> {
    const outcomes = await Promise.all(holdIds.map((holdId) => grouped({ kind: 'release', holdId, at, note })));
    return outcomes.filter((o) => o.ok).length;
  }

  return {
    owner,
    async open(walletId, at) {
      await pool.query(
        'INSERT INTO wallets (wallet_id, balance, created_at) VALUES ($1, 0, $2) ON CONFLICT (wallet_id) DO NOTHING',
        [walletId, at],
      );
    },
    async topup(walletId, credits, at, note = null) {
      return grouped(topupOp(walletId, credits, at, note));
    },
    ...queuedSettlements(grouped, owner),
    async expireHolds(now) {
      // Every due hold is released through the batch; one another replica settles first comes back
      // already_settled and is not counted, so each hold is released (and counted) once.
      const due = (
        await pool.query<{ hold_id: number }>('SELECT hold_id FROM holds WHERE expires_at <= $1 ORDER BY hold_id', [
          now,
        ])
      ).rows;
      return releaseAll(
        due.map((h) => h.hold_id),
        now,
        'expired',
      );
    },
    async releaseAbandoned(at, keep = []) {
      // Only an earlier process of this instance: same instance, another token. Other replicas'
      // holds may belong to calls in flight right now; they wait for their expiry.
      const prefix = `${instanceOfOwner(owner)}#`;
      const mine = (
        await pool.query<{ hold_id: number }>(
          'SELECT hold_id FROM holds WHERE left(owner, $1) = $2 AND owner <> $3 ORDER BY hold_id',
          [prefix.length, prefix, owner],
        )
      ).rows;
      const kept = new Set(keep);
      return releaseAll(
        mine.map((h) => h.hold_id).filter((id) => !kept.has(id)),
        at,
        'abandoned',
      );
    },
    async balance(walletId) {
      return (
        (await pool.query<{ balance: number }>('SELECT balance FROM wallets WHERE wallet_id = $1', [walletId])).rows[0]
          ?.balance ?? null
      );
    },
    async openHolds(walletId) {
      return (
        await pool.query<OpenHold>(
          'SELECT h.hold_id, h.wallet_id, h.amount AS credits, l.note, l.at AS created_at, h.expires_at, h.owner FROM holds AS h JOIN ledger AS l ON l.entry_id = h.hold_id WHERE h.wallet_id = $1 ORDER BY h.hold_id',
          [walletId],
        )
      ).rows;
    },
    async ledger(walletId, limit) {
      return (
        await pool.query<LedgerEntry>(
          'SELECT * FROM (SELECT entry_id, wallet_id, kind, amount, hold_id, balance_after, note, at FROM ledger WHERE wallet_id = $1 ORDER BY entry_id DESC LIMIT $2) AS newest ORDER BY entry_id',
          [walletId, limit ?? null],
        )
      ).rows;
    },
  };
}

function postgresIdempotency(pool: pg.Pool): IdempotencyStore {
  return {
    begin: (scope, key, fingerprint, at, expiresAt) =>
      transaction(pool, async (client) => {
        // Claims a new or expired record in one statement; a live record is only locked (not
        // changed) by ON CONFLICT, so the SELECT below reads it as it stands.
        const claimed = await client.query(
          `INSERT INTO idempotency (scope, key, fingerprint, status, headers, body, expires_at) VALUES ($1, $2, $3, NULL, NULL, NULL, $4)
           ON CONFLICT (scope, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = NULL, headers = NULL, body = NULL, expires_at = EXCLUDED.expires_at
           WHERE idempotency.expires_at <= $5`,
          [scope, key, fingerprint, expiresAt, at],
        );
        if (claimed.rowCount === 1) return { claimed: true as const };
        const row = (
          await client.query<{
            fingerprint: string;
            status: number | null;
            headers: string | null;
            body: string | null;
          }>('SELECT fingerprint, status, headers, body FROM idempotency WHERE scope = $1 AND key = $2', [scope, key])
        ).rows[0];
        const response: StoredResponse | null =
          row.status === null ? null : { status: row.status, headers: JSON.parse(row.headers!), body: row.body! };
        return { claimed: false as const, record: { fingerprint: row.fingerprint, response } };
      }),
    async complete(scope, key, r) {
      await pool.query('UPDATE idempotency SET status = $1, headers = $2, body = $3 WHERE scope = $4 AND key = $5', [
        r.status,
        JSON.stringify(r.headers),
        r.body,
        scope,
        key,
      ]);
    },
    async abandon(scope, key) {
      await pool.query('DELETE FROM idempotency WHERE scope = $1 AND key = $2', [scope, key]);
    },
    async purge(now) {
      return (await pool.query('DELETE FROM idempotency WHERE expires_at <= $1', [now])).rowCount ?? 0;
    },
  };
}

function postgresDemo(pool: pg.Pool): DemoStore {
  return {
    async reserve(client, day, limit) {
      // One upsert counts the call only while the count is below the limit; when it does not, the
      // current count is read (a limit of 0 never inserts a row).
      if (limit > 0) {
        const counted = await pool.query<{ used: number }>(
          'INSERT INTO demo_usage (day, client, used) VALUES ($1, $2, 1) ON CONFLICT (day, client) DO UPDATE SET used = demo_usage.used + 1 WHERE demo_usage.used < $3 RETURNING used',
          [day, client, limit],
        );
        if (counted.rows.length === 1) return { ok: true, used: counted.rows[0].used };
      }
      const row = (
        await pool.query<{ used: number }>('SELECT used FROM demo_usage WHERE day = $1 AND client = $2', [day, client])
      ).rows[0];
      return { ok: false, used: row?.used ?? 0 };
    },
    async unreserve(client, day) {
      await pool.query('UPDATE demo_usage SET used = used - 1 WHERE day = $1 AND client = $2 AND used > 0', [
        day,
        client,
      ]);
    },
    async purge(day) {
      return (await pool.query('DELETE FROM demo_usage WHERE day < $1', [day])).rowCount ?? 0;
    },
  };
}

const bytesOf = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

function postgresImages(pool: pg.Pool): ImageStore {
  return {
    async put(sha256, png) {
      await pool.query('INSERT INTO images (sha256, png) VALUES ($1, $2) ON CONFLICT (sha256) DO NOTHING', [
        sha256,
        bytesOf(png),
      ]);
    },
    async get(sha256) {
      const row = (await pool.query<{ png: Buffer }>('SELECT png FROM images WHERE sha256 = $1', [sha256])).rows[0];
      return row ? new Uint8Array(row.png) : null;
    },
  };
}

/** Columns of a JobRecord; the photo is read only when resuming, not on every poll. */
const JOB_COLUMNS = 'job_id, key_id, hold_id, credits, status, request, result, created_at, updated_at';

function postgresJobs(pool: pg.Pool): JobStore {
  return {
    async create(j, photo = null) {
      // The bytes are sent now, so a caller reusing its buffer later cannot change the stored photo.
      await pool.query(`INSERT INTO jobs (${JOB_COLUMNS}, photo) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, [
        j.job_id,
        j.key_id,
        j.hold_id,
        j.credits,
        j.status,
        j.request,
        j.result,
        j.created_at,
        j.updated_at,
        photo ? bytesOf(photo) : null,
      ]);
    },
    async get(jobId) {
      return (
        (await pool.query<JobRecord>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE job_id = $1`, [jobId])).rows[0] ?? null
      );
    },
    async update(jobId: string, status: JobStatus, result: string | null, at: string) {
      // A finished job drops its photo: only unfinished jobs need one, so uploads never pile up.
      const updated = await pool.query(
        "UPDATE jobs SET status = $1, result = $2, updated_at = $3, photo = CASE WHEN $1 IN ('succeeded', 'failed') THEN NULL ELSE photo END WHERE job_id = $4 AND status NOT IN ('succeeded', 'failed')",
        [status, result, at, jobId],
      );
      return updated.rowCount === 1;
    },
    async unfinished() {
      const rows = (
        await pool.query<JobRecord & { photo: Buffer | null }>(
          `SELECT ${JOB_COLUMNS}, photo FROM jobs WHERE status IN ('queued', 'running') ORDER BY created_at, seq`,
        )
      ).rows;
      return rows.map((row) => ({ ...row, photo: row.photo ? new Uint8Array(row.photo) : null }));
    },
  };
}

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
    // Every connection works in the store's schema, so the SQL above names no schema.
    options: `-c search_path=${schema}`,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === INT8_OID
          ? (v: string) => Number(v)
          : driver.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // An idle connection the server drops (restart, timeout) is removed from the pool; the next
  // query opens a new one or fails itself. Without a listener the error would end the process.
  pool.on('error', () => undefined);
  try {
    await transaction(pool, async (client) => {
      // Replicas starting together take turns, so CREATE … IF NOT EXISTS never races itself.
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`halfspace schema ${schema}`]);
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
      await client.query(SCHEMA_SQL);
      await client.query(RATE_LIMITS_SQL);
      await client.query(JOB_LEASE_SQL);
    });
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    keys: postgresKeys(pool),
    wallets: postgresWallets(pool, owner),
    idempotency: postgresIdempotency(pool),
    demo: postgresDemo(pool),
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

/**
 * @module The store behind `--db` of `serve`, `keys` and `wallet`: a SQLite file path, or a
 * `postgres://…` / `postgresql://…` URL for a PostgreSQL database several servers share
 * (docs/api.md#storage). The PostgreSQL driver is loaded only when a URL is given.
 */
import { MissingPackageError } from '../errors.js';
import { memoryStore } from '../store/memory/store.js';
import type { ServiceStore } from '../store/ports.js';
import { type SqliteStoreOptions, sqliteStore } from '../store/sqlite/store.js';
import { fieldOf, UsageError } from './run.js';

const POSTGRES_URL = /^postgres(ql)?:\/\//i;

/**
 * True when `db` names a PostgreSQL database rather than a SQLite file.
 * @example isPostgresUrl('postgres://localhost/halfspace') // => true
 * @example isPostgresUrl('./halfspace.db') // => false
 */
export function isPostgresUrl(db: string): boolean {
  return POSTGRES_URL.test(db);
}

/**
 * `db` safe to print: a URL's password is replaced by `***`; file paths and URLs without one are unchanged.
 * @example printableDb('postgres://app:s3cret@db:5432/halfspace') // => 'postgres://app:***@db:5432/halfspace'
 */
export function printableDb(db: string): string {
  return isPostgresUrl(db) ? db.replace(/^([a-z]+:\/\/[^:@/]*):[^@/]*@/i, '$1:***@') : db;
}

/** The readable cause of a connection failure (node's AggregateError of several addresses has no message of its own). */
function causeOf(error: unknown): string {
  const errors = fieldOf(error, 'errors');
  const text = (v: unknown): string => (typeof v === 'string' ? v : '');
  return (
    text(fieldOf(error, 'message')) ||
    text(Array.isArray(errors) ? fieldOf(errors[0], 'message') : undefined) ||
    text(fieldOf(error, 'code')) ||
    String(error)
  );
}

/**
 * The environment variable naming this process's instance in hold owner ids (default
 * `hostname:pid`): set it to a stable name per replica so a restarted replica releases the holds
 * its predecessor left at once (docs/api.md#storage).
 */
const INSTANCE_ID_ENV = 'HALFSPACE_INSTANCE_ID';

/**
 * Opens the store named by `--db`: connects to PostgreSQL (creating its tables when missing) for
 * a `postgres://` URL, else opens (creating) the SQLite file. A database that cannot be reached
 * or opened (missing folder, no permission, not a SQLite file) is a UsageError naming it, password
 * hidden; so is an unusable {@link INSTANCE_ID_ENV} or a driver package that is not installed.
 * `sqlite` passes options to a SQLite store (a server's checkpoints in the background).
 * @example await (await openStore('postgres://localhost/halfspace')).wallets.balance('key_x') // => null
 */
export async function openStore(
  db: string,
  sqlite: Pick<SqliteStoreOptions, 'checkpoints'> = {},
): Promise<ServiceStore> {
  const instanceId = process.env[INSTANCE_ID_ENV] || undefined;
  if (instanceId !== undefined && (instanceId.length > 200 || instanceId.includes('#'))) {
    throw new UsageError(`${INSTANCE_ID_ENV} must be 1–200 characters without '#', got ${JSON.stringify(instanceId)}`);
  }
  const postgres = isPostgresUrl(db);
  try {
    if (!postgres) return sqliteStore(db, { instanceId, ...sqlite });
    const { postgresStore } = await import('../store/postgres/store.js');
    return await postgresStore({ connectionString: db, instanceId });
  } catch (error) {
    // The drivers are optional dependencies (docs/library.md#stores-and-their-packages): say which one to install.
    if (error instanceof MissingPackageError) throw new UsageError(error.message, { cause: error });
    const store = postgres ? 'PostgreSQL' : 'SQLite';
    throw new UsageError(`cannot open the ${store} store at ${printableDb(db)}: ${causeOf(error)}`);
  }
}

/** The store `serve` opened: its printable name, and null as `db` when it is a memory store. */
interface ServeStore {
  store: ServiceStore;
  db: string | null;
  /** Why the store is not persistent, with the command that makes it so (memory store only). */
  note?: string;
}

/**
 * The store of `serve`: the one `--db` names (never replaced: a path whose driver is missing is a
 * UsageError), else `defaultDb`; where no SQLite driver is installed (a library install without
 * better-sqlite3, on a Node without node:sqlite) and `--db` was not given, a memory store whose
 * note says how to get a persistent one (docs/deploy.md#stores).
 * @example (await openServeStore(undefined, './halfspace.db')).db // => './halfspace.db'
 */
export async function openServeStore(db: string | undefined, defaultDb: string): Promise<ServeStore> {
  // A server's event loop must never wait for a checkpoint's copy and syncs (docs/api.md#storage).
  const sqlite = { checkpoints: 'background' } as const;
  if (db !== undefined) return { store: await openStore(db, sqlite), db };
  try {
    return { store: await openStore(defaultDb, sqlite), db: defaultDb };
  } catch (error) {
    if (!(error instanceof UsageError && error.cause instanceof MissingPackageError)) throw error;
    return {
      store: memoryStore(),
      db: null,
      note: `not persistent: keys and credits vanish when the server stops, and halfspace keys/wallet cannot reach them. For a SQLite file: ${error.cause.installed ? 'npm rebuild better-sqlite3' : 'npm install better-sqlite3'}, then serve again (or --db postgres://… with npm install pg)`,
    };
  }
}

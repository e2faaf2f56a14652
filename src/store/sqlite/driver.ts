/**
 * @module The SQLite driver behind halfspace/store/sqlite: the better-sqlite3 package when it is
 * installed (an optional peer dependency, built from source), else Node's built-in `node:sqlite`
 * (Node ≥ 22.13, or 22.5 with `--experimental-sqlite`) through an adapter that gives it the small
 * part of better-sqlite3's API the store uses. Neither is loaded before the first store opens
 * (docs/library.md#stores-and-their-packages).
 */
import { createRequire } from 'node:module';
import { MissingPackageError } from '../../errors.js';
import { requireOptional } from '../optional-package.js';

const require = createRequire(import.meta.url);

/** What a write reports (better-sqlite3 and node:sqlite alike). */
interface SqliteRunResult {
  changes: number;
  lastInsertRowid: number | bigint;
}

/** A prepared statement: the part of better-sqlite3's `Statement` the store uses. */
export interface SqliteStatement<P extends unknown[] = unknown[], R = unknown> {
  run(...params: P): SqliteRunResult;
  get(...params: P): R | undefined;
  all(...params: P): R[];
  /** Rows become their first column's value. */
  pluck(): this;
}

/** A function run in one transaction; `.immediate` takes the write lock at BEGIN. */
type SqliteTransaction<A extends unknown[], R> = ((...args: A) => R) & { immediate(...args: A): R };

/** An open database: the part of better-sqlite3's `Database` the store uses. */
export interface SqliteDatabase {
  prepare<P extends unknown[] | object = unknown[], R = unknown>(
    sql: string,
  ): P extends unknown[] ? SqliteStatement<P, R> : SqliteStatement<[P], R>;
  exec(sql: string): unknown;
  /** `PRAGMA source`, its rows. */
  pragma(source: string): unknown;
  transaction<A extends unknown[], R>(fn: (...args: A) => R): SqliteTransaction<A, R>;
  close(): unknown;
}

/** Which driver opened a store: the installed package, or Node's built-in module. */
export type SqliteDriverName = 'better-sqlite3' | 'node:sqlite';

/** A driver that opens database files. */
interface SqliteDriver {
  name: SqliteDriverName;
  open(file: string): SqliteDatabase;
}

/** The command that makes halfspace/store/sqlite work when neither driver is there (docs/library.md). */
const SQLITE_INSTALL_COMMAND = 'npm install better-sqlite3';

/** The part of node:sqlite's `StatementSync` the adapter uses. */
interface NodeSqliteStatement {
  run(...params: unknown[]): { changes: number | bigint; lastInsertRowid: number | bigint };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

/** The part of node:sqlite's `DatabaseSync` the adapter uses. */
export interface NodeSqliteDatabase {
  exec(sql: string): void;
  prepare(sql: string): NodeSqliteStatement;
  close(): void;
}

/** node:sqlite's exports, as far as the adapter uses them. */
interface NodeSqliteModule {
  DatabaseSync: new (path: string) => NodeSqliteDatabase;
}

/**
 * better-sqlite3's parameters as node:sqlite takes them: an array argument is spread (better-sqlite3
 * binds `run([a, b])` like `run(a, b)`); a named-parameter object passes as it is, and node:sqlite
 * itself rejects a value it cannot bind.
 */
const bindable = (params: unknown[]): unknown[] => params.flat();

/** A row as better-sqlite3 gives it: a plain object, BLOBs as Buffers (node:sqlite: null prototype, Uint8Array). */
function rowOf(row: unknown): unknown {
  if (row === undefined || row === null || typeof row !== 'object') return row;
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row))
    out[column] = value instanceof Uint8Array ? Buffer.from(value.buffer, value.byteOffset, value.byteLength) : value;
  return out;
}

const firstColumn = (row: unknown) => (row && typeof row === 'object' ? Object.values(row)[0] : row);

function statementOf(statement: NodeSqliteStatement, pluck = false): SqliteStatement<unknown[], unknown> {
  const shape = (row: unknown) => rowOf(pluck ? firstColumn(row) : row);
  return {
    run: (...params) => {
      const { changes, lastInsertRowid } = statement.run(...bindable(params));
      return { changes: Number(changes), lastInsertRowid };
    },
    get: (...params) => shape(statement.get(...bindable(params))),
    all: (...params) => statement.all(...bindable(params)).map(shape),
    pluck() {
      return statementOf(statement, true);
    },
  };
}

/**
 * better-sqlite3's API over a node:sqlite `DatabaseSync`. A transaction function runs in BEGIN …
 * COMMIT (ROLLBACK when it throws); called inside another, it is a SAVEPOINT, as in better-sqlite3.
 * @example adaptNodeSqlite(new DatabaseSync(':memory:')).prepare('SELECT 1 AS one').get() // => { one: 1 }
 */
export function adaptNodeSqlite(db: NodeSqliteDatabase): SqliteDatabase {
  let depth = 0;
  const inTransaction = <R>(begin: string, work: () => R): R => {
    const savepoint = depth > 0 ? `halfspace_${depth}` : null;
    db.exec(savepoint ? `SAVEPOINT ${savepoint}` : begin);
    depth++;
    try {
      const result = work();
      db.exec(savepoint ? `RELEASE ${savepoint}` : 'COMMIT');
      return result;
    } catch (error) {
      // A failed COMMIT (SQLITE_BUSY) leaves the transaction open: roll it back too.
      db.exec(savepoint ? `ROLLBACK TO ${savepoint}; RELEASE ${savepoint}` : 'ROLLBACK');
      throw error;
    } finally {
      depth--;
    }
  };
  const adapted = {
    prepare: (sql: string) => statementOf(db.prepare(sql)),
    exec: (sql: string) => db.exec(sql),
    pragma: (source: string) => db.prepare(`PRAGMA ${source}`).all().map(rowOf),
    transaction<A extends unknown[], R>(fn: (...args: A) => R): SqliteTransaction<A, R> {
      const run =
        (begin: string) =>
        (...args: A) =>
          inTransaction(begin, () => fn(...args));
      return Object.assign(run('BEGIN'), { immediate: run('BEGIN IMMEDIATE') });
    },
    close: () => db.close(),
  };
  return adapted as SqliteDatabase; // cast: prepare's generic parameters only name the row and parameter types
}

/** node:sqlite, or null on a Node without it; its one-time ExperimentalWarning is not printed. */
function loadNodeSqlite(): NodeSqliteModule | null {
  const emitWarning = process.emitWarning;
  process.emitWarning = (warning: string | Error, ...rest: unknown[]) => {
    if (!String(warning instanceof Error ? warning.message : warning).includes('SQLite'))
      Reflect.apply(emitWarning, process, [warning, ...rest]);
  };
  try {
    return require('node:sqlite');
  } catch {
    return null;
  } finally {
    process.emitWarning = emitWarning;
  }
}

/**
 * The node:sqlite driver, or null where this Node has no usable `node:sqlite`.
 * @example nodeSqliteDriver()?.open(':memory:')
 */
export function nodeSqliteDriver(): SqliteDriver | null {
  const sqlite = loadNodeSqlite();
  if (!sqlite) return null;
  return { name: 'node:sqlite', open: (file) => adaptNodeSqlite(new sqlite.DatabaseSync(file)) };
}

function betterSqliteDriver(): SqliteDriver {
  type Better = typeof import('better-sqlite3');
  const Driver = requireOptional<Better>('better-sqlite3', 'halfspace/store/sqlite', (D) => new D(':memory:').close());
  return { name: 'better-sqlite3', open: (file) => new Driver(file) };
}

/**
 * The driver for `halfspace/store/sqlite`: `preferred` when given (it must be there), else
 * better-sqlite3 when it loads, else node:sqlite. With neither, a {@link MissingPackageError}
 * whose one line gives the install command (or, for an installed better-sqlite3 whose add-on does
 * not load, the rebuild command).
 * @example sqliteDriver().name // => 'better-sqlite3' (this repository installs it)
 */
export function sqliteDriver(preferred?: SqliteDriverName): SqliteDriver {
  if (preferred === 'node:sqlite') {
    const builtIn = nodeSqliteDriver();
    if (builtIn) return builtIn;
    throw new MissingPackageError(
      'node:sqlite',
      `halfspace/store/sqlite with driver node:sqlite needs Node ≥ 22.13 (this is ${process.version}): use better-sqlite3 (${SQLITE_INSTALL_COMMAND})`,
    );
  }
  try {
    return betterSqliteDriver();
  } catch (error) {
    const builtIn = preferred ? null : nodeSqliteDriver();
    if (builtIn) return builtIn;
    if (error instanceof MissingPackageError && !error.installed) {
      throw new MissingPackageError(
        'better-sqlite3',
        `halfspace/store/sqlite needs the package better-sqlite3 (or Node ≥ 22.13, which has node:sqlite built in), which is not installed: run ${SQLITE_INSTALL_COMMAND}`,
      );
    }
    throw error;
  }
}

/**
 * The SQLite store over Node's built-in node:sqlite (src/store/sqlite/driver.ts), the driver used
 * when better-sqlite3 is not installed: the whole store contract (wallet.case.ts) on the real module
 * where this Node has it (≥ 22.13), and on every Node through a stand-in that keeps node:sqlite's
 * contract (no array parameters, BLOBs as plain Uint8Array, rows without a prototype) over
 * better-sqlite3, so the adapter itself is tested on Node 20 too.
 */
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MissingPackageError } from '../../src/errors.js';
import {
  adaptNodeSqlite,
  type NodeSqliteDatabase,
  nodeSqliteDriver,
  type SqliteDatabase,
  sqliteDriver,
} from '../../src/store/sqlite/driver.js';
import { sqliteStore, sqliteStoreOver } from '../../src/store/sqlite/store.js';
import { storeSuite } from './wallet.case.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-node-sqlite-'));
let n = 0;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const builtIn = nodeSqliteDriver();
const NO_BUILT_IN = `skipped: Node ${process.version} has no node:sqlite (it needs Node ≥ 22.13)`;

/** better-sqlite3, or why it does not load here (it is built for one Node ABI). */
function betterSqlite(): { ok: true; Database: typeof import('better-sqlite3') } | { ok: false; why: string } {
  try {
    const Database: typeof import('better-sqlite3') = createRequire(import.meta.url)('better-sqlite3');
    new Database(':memory:').close();
    return { ok: true, Database };
  } catch (e) {
    return {
      ok: false,
      why: `skipped: better-sqlite3 does not load on Node ${process.version}: ${(e as Error).message.split('\n')[0]}`,
    };
  }
}
const better = betterSqlite();

/** node:sqlite's contract over better-sqlite3: what the adapter may rely on, and no more. */
function standIn(Database: typeof import('better-sqlite3'), file: string): NodeSqliteDatabase {
  const db = new Database(file);
  const check = (params: unknown[]) => {
    for (const p of params)
      if (Array.isArray(p) || p === undefined || typeof p === 'boolean')
        throw new TypeError(`node:sqlite cannot bind ${JSON.stringify(p)}`);
    return params;
  };
  const shape = (row: unknown) => {
    if (!row || typeof row !== 'object') return row;
    const out = Object.create(null);
    for (const [k, v] of Object.entries(row)) out[k] = Buffer.isBuffer(v) ? new Uint8Array(v) : v;
    return out;
  };
  return {
    exec: (sql) => {
      db.exec(sql);
    },
    prepare(sql) {
      const s = db.prepare(sql);
      // node:sqlite runs any statement with any method (better-sqlite3 refuses a mismatch).
      const rows = (p: unknown[]): unknown[] => {
        if (s.reader) return s.all(...check(p));
        s.run(...check(p));
        return [];
      };
      return {
        run: (...p) => {
          if (!s.reader) return s.run(...check(p));
          s.all(...check(p));
          return { changes: 0, lastInsertRowid: 0 };
        },
        get: (...p) => shape(rows(p)[0]),
        all: (...p) => rows(p).map(shape),
      };
    },
    close: () => {
      db.close();
    },
  };
}

if (better.ok) {
  const { Database } = better;
  storeSuite('sqlite over the node:sqlite adapter (stand-in)', () =>
    sqliteStoreOver(adaptNodeSqlite(standIn(Database, join(dir, `s${n++}.db`))), { synchronous: 'normal' }),
  );
} else {
  it.skip(better.why);
}

if (builtIn) {
  storeSuite('sqlite over node:sqlite', () =>
    sqliteStore(join(dir, `n${n++}.db`), { driver: 'node:sqlite', synchronous: 'normal' }),
  );
} else {
  it.skip(NO_BUILT_IN);
}

describe('the node:sqlite adapter', () => {
  const adapters: [string, () => SqliteDatabase][] = [];
  if (better.ok) adapters.push(['stand-in', () => adaptNodeSqlite(standIn(better.Database, ':memory:'))]);
  if (builtIn) adapters.push(['node:sqlite', () => builtIn.open(':memory:')]);
  if (adapters.length === 0) it.skip(`${better.ok ? '' : better.why}; ${NO_BUILT_IN}`);

  for (const [name, open] of adapters) {
    it(`${name}: binds arrays and named objects as better-sqlite3 does, plucks, and gives BLOBs as Buffers`, () => {
      const db = open();
      db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, png BLOB)');
      db.prepare('INSERT INTO t VALUES (?, ?, ?), (?, ?, ?)').run([1, 'a', Buffer.from([1, 2])], [2, 'b', null]);
      db.prepare<{ id: number; name: string }>('UPDATE t SET name = @name WHERE id = @id').run({ id: 2, name: 'B' });
      expect(db.prepare('SELECT name FROM t ORDER BY id').pluck().all()).toEqual(['a', 'B']);
      expect(db.prepare<[number], number>('SELECT COUNT(*) FROM t WHERE id >= ?').pluck().get(1)).toBe(2);
      const row = db.prepare<[number], { png: Buffer }>('SELECT png FROM t WHERE id = ?').get(1);
      expect(Buffer.isBuffer(row?.png) && [...row.png]).toEqual([1, 2]);
      expect(db.prepare('SELECT * FROM t WHERE id = 9').get()).toBeUndefined();
      expect(db.pragma('table_info(t)')).toHaveLength(3);
      db.close();
    });

    it(`${name}: a transaction commits, rolls back when it throws, and nests as a savepoint`, () => {
      const db = open();
      db.exec('CREATE TABLE t (v INTEGER)');
      const insert = db.prepare('INSERT INTO t VALUES (?)');
      const count = () => db.prepare<[], number>('SELECT COUNT(*) FROM t').pluck().get();
      const inner = db.transaction((v: number) => {
        insert.run(v);
        if (v < 0) throw new Error('negative');
      });
      const outer = db.transaction((vs: number[]) => {
        for (const v of vs) {
          try {
            inner(v);
          } catch {
            // the inner savepoint is rolled back; the outer transaction goes on
          }
        }
        return count();
      });
      expect(outer.immediate([1, -1, 2])).toBe(2);
      const failing = db.transaction(() => {
        insert.run(3);
        throw new Error('boom');
      });
      expect(() => failing()).toThrow('boom');
      expect(count()).toBe(2);
      // The connection is out of any transaction: a new one can begin.
      db.exec('BEGIN IMMEDIATE; COMMIT');
      db.close();
    });
  }
});

describe('choosing the driver', () => {
  it('uses better-sqlite3 where it loads, and a named driver only where it is there', () => {
    if (better.ok || builtIn) expect(sqliteDriver().name).toBe(better.ok ? 'better-sqlite3' : 'node:sqlite');
    if (builtIn) expect(sqliteDriver('node:sqlite').name).toBe('node:sqlite');
    else
      expect(() => sqliteDriver('node:sqlite')).toThrow(
        new MissingPackageError(
          'node:sqlite',
          `halfspace/store/sqlite with driver node:sqlite needs Node ≥ 22.13 (this is ${process.version}): use better-sqlite3 (npm install better-sqlite3)`,
        ),
      );
  });
});

/**
 * Multi-row SQLite statements over flat parameters (src/store/sqlite/chunked.ts): whatever the
 * number of items, every item is written once and read back once, across the chunk sizes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bindSlots, chunked } from '../../src/store/sqlite/chunked.js';
import { sqliteDriver } from '../../src/store/sqlite/driver.js';

describe('chunked statements', () => {
  it('insert and select every item once, for any number of items', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 600 }),
        fc.string({ maxLength: 8 }),
        (ids, label) => {
          const db = sqliteDriver().open(':memory:');
          try {
            db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, label TEXT NOT NULL)');
            const insert = chunked(db, (n) => `INSERT INTO t (id, label) VALUES ${bindSlots(n, 2)}`, 2);
            const select = chunked<{ id: number; label: string }>(
              db,
              (n) => `SELECT id, label FROM t WHERE id IN (${bindSlots(n)})`,
            );
            insert.run(ids.flatMap((id) => [id, `${label}${id}`]));
            const rows = select.all(ids);
            expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
            expect(rows.every((r) => r.label === `${label}${r.id}`)).toBe(true);
            expect(db.prepare<[], number>('SELECT COUNT(*) FROM t').pluck().get()).toBe(ids.length);
          } finally {
            db.close();
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('refuses parameters that are no whole number of items', () => {
    const db = sqliteDriver().open(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, label TEXT NOT NULL)');
    const insert = chunked(db, (n) => `INSERT INTO t (id, label) VALUES ${bindSlots(n, 2)}`, 2);
    expect(() => insert.run([1, 'a', 2])).toThrow(RangeError);
    expect(db.prepare<[], number>('SELECT COUNT(*) FROM t').pluck().get()).toBe(0);
    db.close();
  });
});

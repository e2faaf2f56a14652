/** @module API keys in SQLite. */
import type { SqliteDatabase } from './driver.js';
import type { KeyRecord, KeyStore } from '../ports.js';

/** A key as its row holds it: the watermark flag as 0 or 1. */
type KeyRow = Omit<KeyRecord, 'no_watermark'> & { no_watermark: number };

const keyOf = (row: KeyRow): KeyRecord => ({ ...row, no_watermark: row.no_watermark === 1 });

/**
 * The key store over `db`, with a revision that moves when any connection changes a key.
 * @example await sqliteKeys(db).byId('key_x') // => null
 */
export function sqliteKeys(db: SqliteDatabase): KeyStore {
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
  // Read once per event-loop turn: the calls read in one turn share it (a PRAGMA per call is a
  // visible share of a paid call's CPU, bench:http); an own change forgets it at once.
  let turnRevision: number | undefined;
  const forget = () => {
    turnRevision = undefined;
  };
  const revision = (): number => {
    if (turnRevision === undefined) {
      turnRevision = own + (dataVersion.get() ?? 0);
      setImmediate(forget);
    }
    return turnRevision;
  };
  return {
    async create(r) {
      insert.run(r.id, r.hash, r.label, r.no_watermark ? 1 : 0, r.created_at, r.revoked_at);
      own += 1;
      forget();
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
      if (revoked) {
        own += 1;
        forget();
      }
      return revoked;
    },
    revision,
  };
}

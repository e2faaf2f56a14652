/** @module Rendered card images in SQLite, keyed by their SHA-256. */
import type { SqliteDatabase } from './driver.js';
import type { ImageStore } from '../ports.js';

/**
 * The image store over `db`.
 * @example await sqliteImages(db).get('e3b0…') // => null
 */
export function sqliteImages(db: SqliteDatabase): ImageStore {
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

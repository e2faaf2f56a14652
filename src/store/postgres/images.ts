/** @module Rendered card images in PostgreSQL, keyed by their SHA-256. */
import type pg from 'pg';
import type { ImageStore } from '../ports.js';
import { bytesOf } from './pool.js';

/**
 * The image store over `pool`.
 * @example await postgresImages(pool).get('e3b0…') // => null
 */
export function postgresImages(pool: pg.Pool): ImageStore {
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

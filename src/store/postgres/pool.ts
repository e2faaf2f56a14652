/**
 * @module Connection helpers of the PostgreSQL store: one transaction on a pooled connection, and
 * BYTEA parameters that share the caller's bytes.
 */
import type pg from 'pg';

/** Type oid of BIGINT (int8), whose values the store's pool parses to numbers (credits and ids are safe integers). */
export const INT8_OID = 20;

/**
 * Runs `work` in one transaction on a pooled connection: COMMIT when it returns, ROLLBACK when it throws.
 * @example await transaction(pool, (client) => client.query('SELECT 1')) // => { rows: [{ '?column?': 1 }], … }
 */
export async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
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

/**
 * A Buffer over the same memory as `data`, for a BYTEA parameter (no copy).
 * @example bytesOf(new Uint8Array([1, 2])).length // => 2
 */
export const bytesOf = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

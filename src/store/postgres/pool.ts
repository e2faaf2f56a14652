/**
 * @module Connection helpers of the PostgreSQL store: one transaction on a pooled connection, and
 * BYTEA parameters that share the caller's bytes.
 */
import type pg from 'pg';

/** Type oid of BIGINT (int8), whose values the store's pool parses to numbers (credits and ids are safe integers). */
export const INT8_OID = 20;

/**
 * Runs `work` in one transaction on a pooled connection: COMMIT when it returns, ROLLBACK when it throws.
 * A checked-out connection has no listener of the pool's, so one the server cuts (shutdown, restart,
 * network) would emit an unhandled 'error' and end the process: the listener here keeps it an error
 * of this call (its query rejects), and the broken connection is destroyed, not returned to the pool.
 * @example await transaction(pool, (client) => client.query('SELECT 1')) // => { rows: [{ '?column?': 1 }], … }
 */
export async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  const onError = (error: Error) => {
    broken = error;
  };
  client.on('error', onError);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    if (!broken) await client.query('ROLLBACK').catch(() => undefined);
    throw broken ?? error;
  } finally {
    client.removeListener('error', onError);
    client.release(broken);
  }
}

/**
 * A Buffer over the same memory as `data`, for a BYTEA parameter (no copy).
 * @example bytesOf(new Uint8Array([1, 2])).length // => 2
 */
export const bytesOf = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

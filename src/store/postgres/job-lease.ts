/**
 * @module Leases of async card jobs on PostgreSQL (docs/deploy.md): replicas sharing one database each
 * resume unfinished jobs at start and keep doing so; a lease (owner and expiry on the job row)
 * makes exactly one of them run a job, and lets another take it over once the lease lapses
 * (its owner died) or at once when the owner is an earlier process of the same instance.
 */
import type pg from 'pg';
import { instanceOfOwner } from '../hold-owner.js';

/**
 * `JobStore.lease` over `pool`: one conditional UPDATE, so two replicas claiming one job together
 * are ordered by its row lock and only the first gets it.
 * @example await postgresJobLease(pool)('job_x', 'api-1#3fa8', now, inAMinute) // => true
 */
export function postgresJobLease(
  pool: pg.Pool,
): (jobId: string, owner: string, at: string, until: string) => Promise<boolean> {
  return async (jobId, owner, at, until) => {
    const sameInstance = `${instanceOfOwner(owner)}#`;
    const claimed = await pool.query(
      `UPDATE jobs SET lease_owner = $2, lease_until = $4
       WHERE job_id = $1 AND status IN ('queued', 'running')
         AND (lease_owner IS NULL OR lease_until <= $3 OR lease_owner = $2 OR left(lease_owner, $5) = $6)`,
      [jobId, owner, at, until, sameInstance.length, sameInstance],
    );
    return claimed.rowCount === 1;
  };
}

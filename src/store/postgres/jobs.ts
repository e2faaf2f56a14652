/** @module Async card jobs in PostgreSQL (their leases: job-lease.ts). */
import type pg from 'pg';
import { JOB_COLUMNS, jobValuesOf } from '../job-columns.js';
import type { JobRecord, JobStatus, JobStore } from '../ports.js';
import { bytesOf } from './pool.js';

/**
 * The job store over `pool`, without its lease (postgresJobLease).
 * @example await postgresJobs(pool).get('job_x') // => null
 */
export function postgresJobs(pool: pg.Pool): JobStore {
  return {
    async create(j, photo = null) {
      // The bytes are sent now, so a caller reusing its buffer later cannot change the stored photo.
      await pool.query(`INSERT INTO jobs (${JOB_COLUMNS}, photo) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, [
        ...jobValuesOf(j),
        photo ? bytesOf(photo) : null,
      ]);
    },
    async get(jobId) {
      return (
        (await pool.query<JobRecord>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE job_id = $1`, [jobId])).rows[0] ?? null
      );
    },
    async update(jobId: string, status: JobStatus, result: string | null, at: string) {
      // A finished job drops its photo: only unfinished jobs need one, so uploads never pile up.
      const updated = await pool.query(
        "UPDATE jobs SET status = $1, result = $2, updated_at = $3, photo = CASE WHEN $1 IN ('succeeded', 'failed') THEN NULL ELSE photo END WHERE job_id = $4 AND status NOT IN ('succeeded', 'failed')",
        [status, result, at, jobId],
      );
      return updated.rowCount === 1;
    },
    async unfinished() {
      const rows = (
        await pool.query<JobRecord & { photo: Buffer | null }>(
          `SELECT ${JOB_COLUMNS}, photo FROM jobs WHERE status IN ('queued', 'running') ORDER BY created_at, seq`,
        )
      ).rows;
      return rows.map((row) => ({ ...row, photo: row.photo ? new Uint8Array(row.photo) : null }));
    },
  };
}

/** @module Async card jobs in SQLite. */
import type { SqliteDatabase } from './driver.js';
import { JOB_COLUMNS, jobValuesOf } from '../job-columns.js';
import type { JobRecord, JobStatus, JobStore } from '../ports.js';

/**
 * The job store over `db`.
 * @example await sqliteJobs(db).get('job_x') // => null
 */
export function sqliteJobs(db: SqliteDatabase): JobStore {
  const insert = db.prepare(`INSERT INTO jobs (${JOB_COLUMNS}, photo) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const get = db.prepare<[string], JobRecord>(`SELECT ${JOB_COLUMNS} FROM jobs WHERE job_id = ?`);
  // A finished job drops its photo: only unfinished jobs need one, so uploads never pile up.
  const update = db.prepare<{ status: JobStatus; result: string | null; at: string; id: string }>(
    "UPDATE jobs SET status = @status, result = @result, updated_at = @at, photo = CASE WHEN @status IN ('succeeded', 'failed') THEN NULL ELSE photo END WHERE job_id = @id AND status NOT IN ('succeeded', 'failed')",
  );
  const unfinished = db.prepare<[], JobRecord & { photo: Buffer | null }>(
    `SELECT ${JOB_COLUMNS}, photo FROM jobs WHERE status IN ('queued', 'running') ORDER BY created_at, rowid`,
  );
  return {
    async create(j, photo = null) {
      insert.run(...jobValuesOf(j), photo ? Buffer.from(photo.buffer, photo.byteOffset, photo.byteLength) : null);
    },
    async get(jobId) {
      return get.get(jobId) ?? null;
    },
    async update(jobId: string, status: JobStatus, result: string | null, at: string) {
      return update.run({ status, result, at, id: jobId }).changes === 1;
    },
    async unfinished() {
      return unfinished.all().map((row) => ({ ...row, photo: row.photo ? new Uint8Array(row.photo) : null }));
    },
  };
}

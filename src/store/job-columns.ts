/** @module The columns of a stored job, shared by the SQL drivers. */
import type { JobRecord } from './ports.js';

/** Columns of a JobRecord; the photo is read only when resuming, not on every poll. */
export const JOB_COLUMNS = 'job_id, key_id, hold_id, credits, status, request, result, created_at, updated_at';

/**
 * The values of a job in {@link JOB_COLUMNS} order, for an INSERT.
 * @example jobValuesOf(job)[0] // => job.job_id
 */
export const jobValuesOf = (j: JobRecord): unknown[] =>
  // cast: every column of JOB_COLUMNS is a member of JobRecord of the same name.
  JOB_COLUMNS.split(', ').map((column) => j[column as keyof JobRecord]);

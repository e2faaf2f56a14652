/** @module An async card job as its caller sees it: the poll URL and the JSON view of a stored job (docs/api.md#async-cards). */
import type { JobRecord } from '../../store/ports.js';

/**
 * The poll URL of job `jobId` under the service's base address.
 * @example jobPollUrlOf('https://api.example.org', 'job_x') // => 'https://api.example.org/api/v1/cards/jobs/job_x'
 */
export const jobPollUrlOf = (baseUrl: string, jobId: string) => `${baseUrl}/api/v1/cards/jobs/${jobId}`;

/**
 * The JSON view of a stored job: its state, the credits held and charged, and its result or error once finished.
 * @example jobViewOf(job, pollUrl).credits_charged // => 0
 */
export function jobViewOf(job: JobRecord, pollUrl: string): Record<string, unknown> {
  const request: unknown = JSON.parse(job.request);
  const view: Record<string, unknown> = {
    job_id: job.job_id,
    status: job.status,
    poll_url: pollUrl,
    style: typeof request === 'object' && request !== null && 'style' in request ? request.style : undefined,
    credits_held: job.credits,
    credits_charged: job.status === 'succeeded' ? job.credits : 0,
    created_at: job.created_at,
    updated_at: job.updated_at,
  };
  // An unfinished job's `result` holds only its run count (jobs.ts), not for the caller.
  const finished = job.status === 'succeeded' || job.status === 'failed';
  if (finished && job.result !== null) view[job.status === 'succeeded' ? 'result' : 'error'] = JSON.parse(job.result);
  return view;
}

/**
 * The `photo_url` of a stored request, when it names one (the request was valid when queued).
 * @example photoUrlOf({ photo_url: 'https://example.org/p.png' }) // => 'https://example.org/p.png'
 */
export function photoUrlOf(request: unknown): string | undefined {
  if (typeof request !== 'object' || request === null || !('photo_url' in request)) return undefined;
  return typeof request.photo_url === 'string' ? request.photo_url : undefined;
}

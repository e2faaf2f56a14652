/**
 * @module Running one hd card job (docs/api.md#async-cards): the runner's state, the queue a job
 * waits in, the run itself (photo, parse, render under the job's lease) and how it settles its
 * hold, or how an abandoned job is failed and its credits returned; and the job as its caller
 * sees it (poll URL and JSON view).
 */
import type { Result } from '../../errors.js';
import type { JobRecord, KeyRecord } from '../../store/ports.js';
import { parseWith } from '../../validation.js';
import { isStoreOutage, STORE_OUTAGE } from '../store-outage.js';
import { internalFailure, isChargeable, runOperation, settleHold } from '../billing/settle.js';
import type { ServiceContext } from '../context.js';
import { errorInfoOf } from '../contract/errors.js';
import type { jobLeases } from './job-lease.js';
import type { Operation, OperationOutcome } from '../contract/operation.js';

/** Lifetime of an async job's hold: a job not finished by then fails and its credits return (docs/api.md#async-cards). */
export const JOB_HOLD_TTL_MS = 15 * 60 * 1000;
/**
 * Runs a job may start before it is failed for good (docs/api.md#async-cards): a job found
 * `running` at start-up stopped its previous server mid-run, so it runs once more at most and is
 * never resumed in a loop across restarts.
 */
export const JOB_MAX_ATTEMPTS = 2;

/** Why a job that outlived its hold failed. */
export const EXPIRED_DETAIL = 'the job did not finish in time; its credits were returned';

/** Runs a job started so far: kept in `result` while it is unfinished (jobViewOf shows `result` only once it finishes). */
export function attemptsOf(job: JobRecord): number {
  if (job.result === null) return job.status === 'running' ? 1 : 0;
  try {
    const parsed: unknown = JSON.parse(job.result);
    const n = typeof parsed === 'object' && parsed !== null && 'attempts' in parsed ? parsed.attempts : null;
    return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : 1;
  } catch {
    return 1;
  }
}

/** The `error` member of a failed job: the failure's code and message (generic for 5xx), or why a success was not kept. */
function jobErrorOf(outcome: Result<OperationOutcome>): Record<string, string> {
  if (outcome.ok) return { code: 'internal_error', detail: 'the card could not be stored' };
  const { code, message, param } = outcome.error;
  return {
    code,
    detail: errorInfoOf(code).status >= 500 ? 'the job failed; quote the job_id when reporting it' : message,
    ...(param ? { param } : {}),
  };
}

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
  // An unfinished job's `result` holds only its run count (attemptsOf), not for the caller.
  const finished = job.status === 'succeeded' || job.status === 'failed';
  if (finished && job.result !== null) view[job.status === 'succeeded' ? 'result' : 'error'] = JSON.parse(job.result);
  return view;
}

/** The `photo_url` of a stored request, when it names one (the request was valid when queued). */
function photoUrlOf(request: unknown): string | undefined {
  if (typeof request !== 'object' || request === null || !('photo_url' in request)) return undefined;
  return typeof request.photo_url === 'string' ? request.photo_url : undefined;
}

/** What one service's job runner holds between calls. */
export interface RunnerState {
  readonly ctx: ServiceContext;
  // Async jobs run one at a time in this process, in arrival order.
  jobQueue: Promise<void>;
  // Jobs in this process's queue, so resume() never queues one a second time.
  readonly queuedHere: Set<string>;
  // On a store replicas share, a job runs only in the service holding its lease (job-lease.ts).
  readonly leases: ReturnType<typeof jobLeases>;
  stopping: boolean;
}

/** True once a job's hold has outlived {@link JOB_HOLD_TTL_MS} at `now`. */
export const holdLapsed = (job: JobRecord, now: Date) => Date.parse(job.created_at) + JOB_HOLD_TTL_MS <= now.getTime();

/** Queues a job in this process: it runs after every job queued before it. */
export function enqueue(
  s: RunnerState,
  op: Operation,
  job: JobRecord,
  key: KeyRecord,
  photo: Uint8Array | undefined,
  requestId: string,
): void {
  s.queuedHere.add(job.job_id);
  s.jobQueue = s.jobQueue
    .then(() => runJob(s, op, job, key, photo))
    .catch((e) => {
      // A store outage cut the job off: it is failed and its hold returned once the store is back.
      if (isStoreOutage(e))
        s.ctx.recovery.later(() => abandonJob(s.ctx, job, s.ctx.clock(), STORE_OUTAGE.message, 'store outage'));
      else s.ctx.onError(e, requestId);
    })
    .finally(() => s.queuedHere.delete(job.job_id));
}

/**
 * Fails an unfinished job and returns its credits; true when this call failed it. The ledger
 * settles a hold once, so a hold the expiry sweep already released is not released again.
 */
export async function abandonJob(
  ctx: ServiceContext,
  job: JobRecord,
  now: Date,
  detail: string,
  note = 'job expired',
): Promise<boolean> {
  const failed = await ctx.store.jobs.update(
    job.job_id,
    'failed',
    JSON.stringify({ code: 'internal_error', detail }),
    now.toISOString(),
  );
  await ctx.store.wallets.release(job.hold_id, now.toISOString(), note);
  return failed;
}

/** Fetches the photo when the job names one, parses the stored request again and runs it; a throw is a settled internal_error. */
async function jobOutcome(
  ctx: ServiceContext,
  op: Operation,
  request: unknown,
  key: KeyRecord,
  uploaded: Uint8Array | undefined,
  jobId: string,
): Promise<Result<OperationOutcome>> {
  const onJobError = (error: unknown) => ctx.onError(error, jobId);
  try {
    let photo = uploaded;
    const photoUrl = photoUrlOf(request);
    if (!photo && photoUrl) {
      const fetched = await ctx.fetchPhoto(photoUrl);
      if (!fetched.ok) return fetched;
      photo = fetched.value;
    }
    // The request was valid when queued; parsing it again gives `run` its parsed value.
    const body = parseWith(op.body, request);
    if (!body.ok) return body;
    const { engine, baseUrl, store } = ctx;
    const context = { engine, body: body.value, query: {}, key, baseUrl, images: store.images, ...ctx.renderOption };
    return await runOperation(op, photo ? { ...context, photo } : context, onJobError);
  } catch (error) {
    onJobError(error);
    return internalFailure(error);
  }
}

/** Runs one queued job under its lease and records how it ended. */
async function runJob(
  s: RunnerState,
  op: Operation,
  job: JobRecord,
  key: KeyRecord,
  uploaded: Uint8Array | undefined,
): Promise<void> {
  const { store, clock } = s.ctx;
  // Shutting down: leave the job queued in the store for the next process to resume.
  if (s.stopping) return;
  const request: unknown = JSON.parse(job.request);
  // A job that waited in the queue past its hold's lifetime fails as a poll would fail it.
  if (holdLapsed(job, clock())) {
    await abandonJob(s.ctx, job, clock(), EXPIRED_DETAIL);
    return;
  }
  // The lease lapsed while the job waited (this process stalled) and another replica took it.
  if (!(await s.leases.claim(job.job_id))) return;
  const attempts = JSON.stringify({ attempts: attemptsOf(job) + 1 });
  if (!(await store.jobs.update(job.job_id, 'running', attempts, clock().toISOString()))) return;
  const outcome = await jobOutcome(s.ctx, op, request, key, uploaded, job.job_id);
  await recordOutcome(s.ctx, op, job, key, outcome);
}

/** Settles a finished job's hold and stores its result or error. */
async function recordOutcome(
  ctx: ServiceContext,
  op: Operation,
  job: JobRecord,
  key: KeyRecord,
  outcome: Result<OperationOutcome>,
): Promise<void> {
  const { store } = ctx;
  const now = ctx.clock();
  const hold = { walletId: key.id, holdId: job.hold_id, operation: op.id };
  if (isChargeable(outcome)) {
    // Capture before recording success: if the expiry sweep released the hold while the job ran,
    // nothing was charged, so the job must not read as succeeded (and charged).
    const settled = await settleHold(store.wallets, hold, outcome, now, 'job succeeded', ctx.onCharge);
    await store.jobs.update(
      job.job_id,
      settled.charged > 0 ? 'succeeded' : 'failed',
      settled.charged > 0 && outcome.ok
        ? JSON.stringify(outcome.value.body)
        : JSON.stringify({ code: 'internal_error', detail: EXPIRED_DETAIL }),
      now.toISOString(),
    );
    return;
  }
  const finished = await store.jobs.update(
    job.job_id,
    'failed',
    JSON.stringify(jobErrorOf(outcome)),
    now.toISOString(),
  );
  // A job that expired meanwhile was already failed and its hold released.
  if (finished) await settleHold(store.wallets, hold, outcome, now, 'job failed');
}

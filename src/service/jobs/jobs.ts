/**
 * @module The async job runner of hd cards (docs/api.md#async-cards): a job is queued under a
 * 15-minute hold, runs one at a time in this process while it holds the job's lease (job-run.ts),
 * settles its hold when it ends, is polled at `/api/v1/cards/jobs/{job_id}`, and is resumed after
 * a restart.
 */
import { randomBytes } from 'node:crypto';
import type { Failure } from '../../errors.js';
import { photoPixelsProblemOf } from '../../cards/photo-pixels.js';
import type { JobRecord } from '../../store/ports.js';
import { recordCredits, type JobQueue } from '../billing/billing.js';
import { isStoreOutage } from '../store-outage.js';
import { holdCredits, insufficientCredits } from '../billing/settle.js';
import { JSON_TYPE, type ServiceContext, type ServiceRequest, type ServiceResponse } from '../context.js';
import { jobLeases } from './job-lease.js';
import {
  abandonJob,
  attemptsOf,
  enqueue,
  EXPIRED_DETAIL,
  holdLapsed,
  JOB_HOLD_TTL_MS,
  JOB_MAX_ATTEMPTS,
  jobPollUrlOf,
  jobViewOf,
  type RunnerState,
} from './job-run.js';
import { takeToken } from '../rate-limit.js';

const STOPPED_DETAIL = `the job stopped its server ${JOB_MAX_ATTEMPTS} times; its credits were returned`;

/** What `Service.resume` did. */
export interface ResumeReport {
  /** Jobs queued again in this process. */
  resumed: number;
  /** Jobs failed instead, their credits returned: the hold had lapsed (or the job could not run any more). */
  failed: number;
}

/** The job runner of one service. */
export interface JobRunner {
  /** Holds the job's credits, stores the job and queues it: 202 with the job view (402 when the wallet is short). */
  queue: JobQueue;
  /** GET of a job URL: the caller's job, failed first when its hold lapsed with no process running it. */
  status(
    req: ServiceRequest,
    jobId: string,
    requestId: string,
    recorded: Record<string, string>,
  ): Promise<ServiceResponse>;
  /** Takes over the jobs a previous process left unfinished (see `Service.resume`). */
  resume(): Promise<ResumeReport>;
  /** Resolves once every queued job has finished. */
  idle(): Promise<void>;
  /** Starts no further queued job and resolves once the one running now ends. */
  stop(): Promise<void>;
}

/**
 * Creates the job runner of a service.
 * @example await jobRunner(ctx).resume() // => { resumed: 0, failed: 0 }
 */
export function jobRunner(ctx: ServiceContext): JobRunner {
  const queuedHere = new Set<string>();
  const s: RunnerState = {
    ctx,
    jobQueue: Promise.resolve(),
    queuedHere,
    leases: jobLeases(ctx.store.jobs, ctx.store.wallets.owner, ctx.clock, () => queuedHere),
    stopping: false,
  };
  return {
    queue: (call, key, cost) => queueJob(s, call, key, cost),
    status: (req, jobId, requestId, recorded) => jobStatus(s, req, jobId, requestId, recorded),
    resume: () => resumeJobs(s),
    idle: () => idle(s),
    stop: async () => {
      s.stopping = true;
      s.leases.stop();
      await idle(s);
    },
  };
}

const jobView = (ctx: ServiceContext, job: JobRecord) => jobViewOf(job, jobPollUrlOf(ctx.baseUrl, job.job_id));

/** The 400 of an uploaded photo whose pixel data is unreadable (on the render pool when there is one), or null. */
async function photoRefusalOf(ctx: ServiceContext, photo: Uint8Array): Promise<Failure | null> {
  const problem = await (ctx.renderOption.photoProblem ?? photoPixelsProblemOf)(photo);
  return problem ? { code: 'invalid_request', message: `photo: ${problem}`, param: 'photo' } : null;
}

/** Holds the job's credits, stores the job and queues it (JobRunner.queue). */
async function queueJob(s: RunnerState, ...[call, key, cost]: Parameters<JobQueue>): ReturnType<JobQueue> {
  const { op, requestId, headers, now, sent, photo } = call;
  const { store, problem, baseUrl } = s.ctx;
  // The photo's pixels are decoded only for a wallet that covers the call, and before the hold,
  // so neither a short wallet nor an unreadable photo costs a decode and a hold respectively.
  if (photo) {
    const balance = (await store.wallets.balance(key.id)) ?? 0;
    const refused = balance < cost ? insufficientCredits(cost, balance) : await photoRefusalOf(s.ctx, photo);
    if (refused) {
      recordCredits(call, 0, balance);
      return problem(requestId, refused);
    }
  }
  const held = await holdCredits(store.wallets, key.id, cost, now, `${op.id} job`, JOB_HOLD_TTL_MS);
  if (!held.ok) {
    recordCredits(call, 0, Number(held.error.balance));
    return problem(requestId, held.error);
  }
  const at = now.toISOString();
  const job: JobRecord = {
    job_id: `job_${randomBytes(12).toString('base64url')}`,
    key_id: key.id,
    hold_id: held.value.hold_id,
    status: 'queued',
    request: JSON.stringify(sent),
    result: null,
    created_at: at,
    updated_at: at,
    credits: cost,
  };
  // The uploaded photo is stored with the job so it can run again after a restart (resume()).
  try {
    await store.jobs.create(job, photo ?? null);
  } catch (error) {
    // The store went down between the hold and the job: the call answers 503, the hold is returned.
    if (isStoreOutage(error))
      s.ctx.recovery.later(() =>
        store.wallets.release(held.value.hold_id, s.ctx.clock().toISOString(), 'store outage'),
      );
    throw error;
  }
  await s.leases.claim(job.job_id);
  s.leases.renewing();
  enqueue(s, op, job, key, photo, requestId);
  headers['x-svc-credits-charged'] = '0';
  headers['x-svc-credits-held'] = String(cost);
  headers['x-svc-wallet-balance'] = String(held.value.balance);
  return {
    status: 202,
    headers: { 'content-type': JSON_TYPE, 'request-id': requestId, location: jobPollUrlOf(baseUrl, job.job_id) },
    body: JSON.stringify(jobView(s.ctx, job)),
  };
}

/** Takes over the jobs a previous process left unfinished (JobRunner.resume). */
async function resumeJobs(s: RunnerState): Promise<ResumeReport> {
  const { store, clock, operations } = s.ctx;
  const report: ResumeReport = { resumed: 0, failed: 0 };
  for (const job of await store.jobs.unfinished()) {
    if (s.queuedHere.has(job.job_id)) continue;
    const now = clock();
    const abandon = async (detail: string, note?: string) => {
      if (await abandonJob(s.ctx, job, now, detail, note)) report.failed++;
    };
    if (holdLapsed(job, now)) {
      await abandon(EXPIRED_DETAIL);
      continue;
    }
    const request: unknown = JSON.parse(job.request);
    const op = operations.find((o) => o.isJob?.(request));
    const key = await store.keys.byId(job.key_id);
    if (!op || !key) {
      // Only if the operation table changed between releases: the job cannot run, so it must not keep the credits.
      await abandon('the job could not be resumed after a restart; its credits were returned', 'job not resumable');
      continue;
    }
    // Another replica holds it (its lease is live): that one runs it.
    if (!(await s.leases.claim(job.job_id))) continue;
    const attempts = attemptsOf(job);
    if (job.status === 'running' && attempts >= JOB_MAX_ATTEMPTS) {
      await abandon(STOPPED_DETAIL, 'job stopped its server');
      continue;
    }
    const result = JSON.stringify({ attempts });
    if (!(await store.jobs.update(job.job_id, 'queued', result, now.toISOString()))) continue;
    s.leases.renewing();
    enqueue(s, op, { ...job, status: 'queued', result }, key, job.photo ?? undefined, job.job_id);
    report.resumed++;
  }
  return report;
}

/** GET of a job URL (JobRunner.status): auth, rate limit, then the caller's job; the key headers go to `recorded`. */
async function jobStatus(
  s: RunnerState,
  req: ServiceRequest,
  jobId: string,
  requestId: string,
  recorded: Record<string, string>,
): Promise<ServiceResponse> {
  const { store, clock, problem, keyOf } = s.ctx;
  const key = await keyOf(req.authorization);
  if (!key.ok) return problem(requestId, key.error, { 'www-authenticate': 'Bearer realm="halfspace"' });
  const limit = await takeToken(s.ctx, key.value.id, clock().getTime());
  Object.assign(recorded, limit.headers);
  if (limit.refusal) return problem(requestId, limit.refusal);
  const job = await store.jobs.get(jobId);
  if (!job || job.key_id !== key.value.id)
    return problem(requestId, { code: 'not_found', message: `no card job ${jobId} for this key` });
  const current = await currentJob(s, job);
  return {
    status: 200,
    headers: { 'content-type': JSON_TYPE, 'request-id': requestId },
    body: JSON.stringify(jobView(s.ctx, current)),
  };
}

/**
 * The job as a poll shows it. A job this process still runs settles itself (runJob); any other one
 * that outlived its hold (e.g. no server resumed it) is failed here and its credits returned.
 */
async function currentJob(s: RunnerState, job: JobRecord): Promise<JobRecord> {
  const now = s.ctx.clock();
  if ((job.status === 'queued' || job.status === 'running') && holdLapsed(job, now) && !s.queuedHere.has(job.job_id)) {
    await abandonJob(s.ctx, job, now, EXPIRED_DETAIL);
    return (await s.ctx.store.jobs.get(job.job_id))!;
  }
  return job;
}

async function idle(s: RunnerState): Promise<void> {
  for (let seen: Promise<void> | null = null; seen !== s.jobQueue; ) {
    seen = s.jobQueue;
    await seen;
  }
}

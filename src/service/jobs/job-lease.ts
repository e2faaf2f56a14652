/**
 * @module Job leases of a service (docs/deploy.md): on a store that replicas share, a service leases
 * each async job it queues or resumes, renews the leases of the jobs in its queue, and runs a job
 * only while it holds the lease, so exactly one replica runs each job.
 */
import type { JobStore } from '../../store/ports.js';

/** Lifetime of a job lease: a replica that dies holds its jobs this long at most (docs/deploy.md). */
export const JOB_LEASE_MS = 60_000;

/** The leases one service holds. */
interface JobLeases {
  /** Takes or renews the lease of `jobId`; true when this service holds it (always, on a store without leases). */
  claim(jobId: string): Promise<boolean>;
  /** Renews, every third of {@link JOB_LEASE_MS}, the lease of every job `held()` names; idempotent. */
  renewing(): void;
  /** Stops renewing. */
  stop(): void;
}

/**
 * Leases of jobs in `jobs` taken as `owner` (the store's WalletStore.owner).
 * @example await jobLeases(store.jobs, store.wallets.owner, () => new Date(), () => []).claim('job_x') // => true
 */
export function jobLeases(
  jobs: JobStore,
  owner: string,
  clock: () => Date,
  held: () => Iterable<string>,
  leaseMs = JOB_LEASE_MS,
): JobLeases {
  let timer: ReturnType<typeof setInterval> | null = null;
  const claim = async (jobId: string): Promise<boolean> => {
    if (!jobs.lease) return true;
    const now = clock();
    return jobs.lease(jobId, owner, now.toISOString(), new Date(now.getTime() + leaseMs).toISOString());
  };
  return {
    claim,
    renewing() {
      if (!jobs.lease || timer) return;
      // A renewal that fails (database away) is retried at the next tick; the lease lasts three.
      timer = setInterval(() => {
        for (const id of held()) claim(id).catch(() => undefined);
      }, leaseMs / 3);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}

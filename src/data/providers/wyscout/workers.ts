/**
 * Wyscout matches parsed on worker_threads (docs/methodology/wyscout.md#workers): gunzip,
 * JSON.parse and the per-match summary of each file run on a pool of workers, and the results are
 * folded in-thread in the same order as a one-thread ingest, so the dataset is byte-identical
 * whatever the number of workers. The workers are a thin transport: they call
 * {@link matchResultOf} and post its plain result.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DatasetError } from '../../dataset-error.js';
import { packageRoot } from '../../paths.js';
import type { MatchResult } from './match-result.js';
import type { MatchJob } from './match-worker.js';
import type { WyscoutMatch } from './read.js';

/** Default workers: the cores available to the process. */
export const defaultIngestWorkers = (): number => Math.max(1, availableParallelism());

/** Files a worker is given ahead, so it never waits for the main thread between two matches. */
const JOBS_AHEAD_PER_WORKER = 2;

/** The built worker from `dist/`, or the TypeScript source through tsx when running from `src/`. */
function spawnWorker(roles: [number, string][]): Worker {
  const root = packageRoot();
  const built = join(root, 'dist', 'wyscout-worker.js');
  const workerData = { roles };
  if (!import.meta.url.endsWith('.ts') && existsSync(built)) return new Worker(built, { workerData });
  // Beside this module, named relatively so that moving the folder moves the reference with it.
  const source = new URL('./match-worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`,
    { eval: true, workerData },
  );
}

type Reply =
  | { id: number; ok: true; result: MatchResult }
  | {
      id: number;
      ok: false;
      message: string;
      error: { file: string; column: string | null; row: number | null } | null;
    };

/** The error a worker reported, as the error the in-thread reader would have thrown. */
function errorOf(reply: Extract<Reply, { ok: false }>): Error {
  if (!reply.error) return new Error(reply.message);
  const { file, column, row } = reply.error;
  const error = new DatasetError(file, column, row, '');
  error.message = reply.message;
  return error;
}

/** A pool of ingest workers; `close` ends them. */
export interface IngestPool {
  readonly size: number;
  /**
   * The results of `jobs` by match id, computed on the workers; `onDone` hears each finished
   * match. Rejects with the first file's error (a file that cannot be read at all).
   */
  run(
    jobs: readonly { match: WyscoutMatch; path: string; file: string }[],
    onDone?: (result: MatchResult) => void,
  ): Promise<Map<number, MatchResult>>;
  close(): Promise<void>;
}

/**
 * Starts `size` ingest workers that know the roles of `players.json` (`roles`: id → GK/DF/MD/FW).
 * @example const pool = ingestPool(2, roles); await pool.run(jobs); await pool.close();
 */
export function ingestPool(size: number, roles: [number, string][]): IngestPool {
  const workers = Array.from({ length: size }, () => spawnWorker(roles));
  return {
    size,
    run: (jobs, onDone) =>
      new Promise((resolve, reject) => {
        const results = new Map<number, MatchResult>();
        let next = 0;
        let failed = false;
        const send = (worker: Worker): void => {
          if (next >= jobs.length) return;
          const id = next++;
          const message: MatchJob = { id, ...jobs[id] };
          worker.postMessage(message);
        };
        const listeners = workers.map((worker) => {
          const onMessage = (reply: Reply): void => {
            if (failed) return;
            if (!reply.ok) {
              failed = true;
              cleanup();
              reject(errorOf(reply));
              return;
            }
            results.set(jobs[reply.id].match.wyId, reply.result);
            onDone?.(reply.result);
            if (results.size === jobs.length) {
              cleanup();
              resolve(results);
            } else send(worker);
          };
          const onError = (e: Error): void => {
            if (failed) return;
            failed = true;
            cleanup();
            reject(e);
          };
          worker.on('message', onMessage);
          worker.on('error', onError);
          return { worker, onMessage, onError };
        });
        const cleanup = (): void => {
          for (const l of listeners) {
            l.worker.off('message', l.onMessage);
            l.worker.off('error', l.onError);
          }
        };
        if (jobs.length === 0) {
          cleanup();
          resolve(results);
          return;
        }
        for (let k = 0; k < JOBS_AHEAD_PER_WORKER; k++) for (const w of workers) send(w);
      }),
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

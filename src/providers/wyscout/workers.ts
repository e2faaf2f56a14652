/**
 * Wyscout matches parsed on worker_threads (docs/methodology/wyscout.md#workers): gunzip,
 * JSON.parse and the per-match summary of each file run on the pool's threads, and the results are
 * folded in-thread in the same order as a one-thread ingest, so the dataset is byte-identical
 * whatever the number of workers. The workers are a thin transport: they call
 * {@link matchResultOf} and post its plain result.
 *
 * A pool of `size` threads is the main thread plus `size - 1` workers: every thread claims the next
 * job from one shared counter, so no thread waits for another to hand it work, and the main thread
 * can fold a finished competition between two of its own matches while the workers go on.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { DatasetError } from '../../model/dataset-error.js';
import { packageRoot } from '../../io/paths.js';
import { type MatchResult, matchResultOf } from './match-result.js';
import type { MatchBatch, WorkerReply } from './match-worker.js';
import { readMatchFile, type WyscoutMatch } from './read.js';

/** Default threads: the cores available to the process. */
export const defaultIngestWorkers = (): number => Math.max(1, availableParallelism());

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

/** The error a worker reported, as the error the in-thread reader would have thrown. */
function errorOf(reply: Extract<WorkerReply, { ok: false }>): Error {
  if (!reply.error) return new Error(reply.message);
  const { file, column, row } = reply.error;
  const error = new DatasetError(file, column, row, '');
  error.message = reply.message;
  return error;
}

/** One job: a played match and where its events file is. */
export interface IngestJob {
  match: WyscoutMatch;
  path: string;
  file: string;
}

/** A pool of ingest threads; `close` ends the workers. */
export interface IngestPool {
  readonly size: number;
  /**
   * The results of `jobs` by match id. `onDone` hears each finished match (in no set order) and may
   * do synchronous work of its own on the main thread. Rejects with the first file's error (a file
   * that cannot be read at all); the other threads then stop claiming jobs.
   */
  run(
    jobs: readonly IngestJob[],
    onDone?: (result: MatchResult, job: number) => void,
  ): Promise<Map<number, MatchResult>>;
  close(): Promise<void>;
}

/** Lets the event loop deliver the workers' messages between two in-thread matches. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Starts an ingest pool of `size` threads (the main thread and `size - 1` workers) that know the
 * roles of `players.json` (`roles`: id → GK/DF/MD/FW).
 * @example const pool = ingestPool(2, roles); await pool.run(jobs); await pool.close();
 */
export function ingestPool(size: number, roles: [number, string][]): IngestPool {
  const workers = Array.from({ length: Math.max(0, size - 1) }, () => spawnWorker(roles));
  const roleOf = new Map(roles);
  return {
    size,
    run: (jobs, onDone) =>
      new Promise((resolve, reject) => {
        const results = new Map<number, MatchResult>();
        const next = new Int32Array(new SharedArrayBuffer(4));
        let failed = false;
        const finish = (error?: Error): void => {
          if (failed) return;
          if (error) {
            failed = true;
            Atomics.store(next, 0, jobs.length); // no thread claims another job
            cleanup();
            reject(error);
          } else if (results.size === jobs.length) {
            cleanup();
            resolve(results);
          }
        };
        const accept = (job: number, result: MatchResult): void => {
          results.set(jobs[job].match.wyId, result);
          try {
            onDone?.(result, job);
          } catch (e) {
            finish(e instanceof Error ? e : new Error(String(e)));
            return;
          }
          finish();
        };
        const listeners = workers.map((worker) => {
          const onMessage = (reply: WorkerReply): void => {
            if (failed) return;
            if (reply.ok) accept(reply.job, reply.result);
            else finish(errorOf(reply));
          };
          const onError = (e: Error): void => finish(e);
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
        if (jobs.length === 0) return finish();
        const batch: MatchBatch = { jobs, next };
        for (const w of workers) w.postMessage(batch);
        void (async () => {
          for (let job = Atomics.add(next, 0, 1); job < jobs.length; job = Atomics.add(next, 0, 1)) {
            const { match, path, file } = jobs[job];
            let result: MatchResult;
            try {
              result = matchResultOf(match, readMatchFile(path, file), (id) => roleOf.get(id), file);
            } catch (e) {
              return finish(e instanceof Error ? e : new Error(String(e)));
            }
            accept(job, result);
            if (failed) return;
            await turn();
          }
        })();
      }),
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

/**
 * Wyscout matches parsed on worker_threads (docs/methodology/wyscout.md#workers): the workers call
 * {@link matchResultOf} and post its plain result; the results are folded in-thread in the order of
 * a one-thread ingest, so the dataset is byte-identical whatever the number of workers. A pool of
 * `size` threads is the main thread plus `size - 1` workers, each claiming the next job from one
 * shared counter.
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

/**
 * A worker's young generation, in MB (docs/methodology/wyscout.md#workers): a match allocates tens of
 * MB of short-lived strings and objects, and V8's default young generation (16 MB semi-spaces)
 * promotes much of it, so the worker spends its time in GC. The main thread keeps node's default:
 * its heap is configured before any of our code runs.
 */
export const WORKER_YOUNG_GENERATION_MB = 96;

/** The built worker from `dist/`, or the TypeScript source through tsx when running from `src/`. */
function spawnWorker(): Worker {
  const root = packageRoot();
  const built = join(root, 'dist', 'wyscout-worker.js');
  const options = { resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB } };
  if (!import.meta.url.endsWith('.ts') && existsSync(built)) return new Worker(built, options);
  // Beside this module, named relatively so that moving the folder moves the reference with it.
  const source = new URL('./match-worker.ts', import.meta.url).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`,
    { eval: true, ...options },
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
   * Runs `jobs`, with the roles of `players.json` (`roles`: id → GK/DF/MD/FW), handing each result
   * to `onDone` (in no set order), which may do synchronous work of its own on the main thread; the
   * pool keeps no result, so memory holds only what `onDone` keeps. Resolves when every job is done;
   * rejects with the first file's error (a file that cannot be read at all), and the other threads
   * then stop claiming jobs.
   */
  run(
    jobs: readonly IngestJob[],
    roles: [number, string][],
    onDone: (result: MatchResult, job: number) => void,
  ): Promise<void>;
  close(): Promise<void>;
}

/** Lets the event loop deliver the workers' messages between two in-thread matches. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/**
 * Runs `jobs` on the workers and the main thread. The main thread claims jobs like a worker,
 * yielding between two so the workers' results are heard. The run ends with the first error (the
 * other threads then claim no more jobs) or once every job is in.
 */
function runPool(
  workers: readonly Worker[],
  roles: [number, string][],
  jobs: readonly IngestJob[],
  onDone: (result: MatchResult, job: number) => void,
): Promise<void> {
  const next = new Int32Array(new SharedArrayBuffer(4));
  let done = 0;
  let failed = false;
  return new Promise((resolve, reject) => {
    const onMessage = (reply: WorkerReply): void => {
      if (failed) return;
      if (reply.ok) accept(reply.job, reply.result);
      else finish(errorOf(reply));
    };
    const onError = (e: Error): void => finish(e);
    const finish = (error?: unknown): void => {
      if (failed) return;
      if (error === undefined && done < jobs.length) return;
      for (const w of workers) w.off('message', onMessage).off('error', onError);
      if (error === undefined) resolve();
      else {
        failed = true;
        Atomics.store(next, 0, jobs.length);
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    const accept = (job: number, result: MatchResult): void => {
      done++;
      try {
        onDone(result, job);
        finish();
      } catch (e) {
        finish(e);
      }
    };
    for (const w of workers) w.on('message', onMessage).on('error', onError);
    if (jobs.length === 0) return finish();
    const batch: MatchBatch = { jobs, roles, next };
    for (const w of workers) w.postMessage(batch);
    const roleOf = new Map(roles);
    void (async () => {
      for (let job = Atomics.add(next, 0, 1); job < jobs.length; job = Atomics.add(next, 0, 1)) {
        const { match, path, file } = jobs[job];
        let result: MatchResult;
        try {
          result = matchResultOf(match, readMatchFile(path, file), (id) => roleOf.get(id), file);
        } catch (e) {
          return finish(e);
        }
        accept(job, result);
        if (failed) return;
        await turn();
      }
    })();
  });
}

/**
 * Starts an ingest pool of `size` threads (the main thread and `size - 1` workers). The workers
 * start at once, so they load their code while the caller reads the match lists.
 * @example const pool = ingestPool(2); await pool.run(jobs, roles); await pool.close();
 */
export function ingestPool(size: number): IngestPool {
  const workers = Array.from({ length: Math.max(0, size - 1) }, () => spawnWorker());
  return {
    size,
    run: (jobs, roles, onDone) => runPool(workers, roles, jobs, onDone),
    close: async () => {
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

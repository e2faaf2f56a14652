/**
 * @module Card rendering off the main thread: satori and resvg take ~50 ms of CPU per card, which
 * on the main thread would stall every other request of a server for as long. A pool of
 * worker_threads renders instead, in arrival order, and a worker that dies is replaced; the
 * result is byte-identical to rendering in-thread (docs/cards.md#render-pool).
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { packageRoot } from '../io/paths.js';
import type { CardFacts } from './facts.js';
import type { CardPhoto } from './photo.js';
import type { EventType } from './angle.js';
import type { CardStyle } from './request.js';
import type { RenderedPng } from './render.js';

/** One card to render: exactly the arguments of `renderCard`. */
export interface RenderTask {
  style: CardStyle;
  facts: CardFacts;
  photo: CardPhoto | null;
  eventType?: EventType;
}

/** What a worker answers for one task. */
export type RenderReply = { id: number; ok: true; rendered: RenderedPng } | { id: number; ok: false; message: string };

/** A pool of render workers. */
export interface RenderPool {
  /** Renders a card on a worker; rejects when the worker fails or dies (the pool replaces it). */
  render(task: RenderTask): Promise<RenderedPng>;
  /** Workers in the pool. */
  readonly size: number;
  /** Renders waiting for a free worker (for `/metrics`). */
  readonly queued: number;
  /** Stops every worker; tasks still pending reject. */
  close(): Promise<void>;
}

/** Workers that may die in a row, without one finishing a render in between, before the pool gives up (a worker that cannot even start). */
export const RENDER_POOL_MAX_DEATHS = 5;

/** Default pool size: every core but the one the server's main thread needs, at least one. */
export const defaultRenderWorkers = (): number => Math.max(1, availableParallelism() - 1);

/**
 * How a worker starts: the built worker from `dist/` when this module runs from the build, the
 * TypeScript source through tsx when it runs from `src/` (tests, development).
 */
function spawnWorker(): Worker {
  const root = packageRoot();
  const built = join(root, 'dist', 'cards', 'render-worker.js');
  if (!import.meta.url.endsWith('.ts') && existsSync(built)) return new Worker(built);
  const source = pathToFileURL(join(root, 'src', 'cards', 'render-worker.ts')).href;
  return new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`,
    { eval: true },
  );
}

type Pending = { task: RenderTask; resolve: (r: RenderedPng) => void; reject: (e: Error) => void };

/**
 * Starts `size` render workers (default {@link defaultRenderWorkers}); `options.spawn` replaces
 * how a worker is started (tests).
 * @example const pool = createRenderPool(1); (await pool.render({ style: 'stat_ribbon', facts, photo: null })).width // => 1080
 */
export function createRenderPool(
  size: number = defaultRenderWorkers(),
  options: { spawn?: () => Worker } = {},
): RenderPool {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`a render pool needs at least one worker, got ${size}`);
  // Tests inject a spawn to watch a worker die; everyone else gets the real one.
  const spawn = options.spawn ?? spawnWorker;
  const queue: Pending[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, { id: number; job: Pending }>();
  let nextId = 0;
  let closed = false;
  let deaths = 0;
  let broken: Error | null = null;

  function start(): void {
    const worker = spawn();
    worker.on('message', (reply: RenderReply) => {
      const current = busy.get(worker);
      if (!current || current.id !== reply.id) return;
      busy.delete(worker);
      deaths = 0;
      if (reply.ok) current.job.resolve(reply.rendered);
      else current.job.reject(new Error(`card render failed: ${reply.message}`));
      idle.push(worker);
      pump();
    });
    // A worker that dies fails its task only; a fresh worker takes its place.
    worker.on('error', (error) => retire(worker, error));
    worker.on('exit', (code) => retire(worker, new Error(`render worker exited with code ${code}`)));
    idle.push(worker);
    worker.unref();
  }

  function retire(worker: Worker, error: Error): void {
    const current = busy.get(worker);
    const wasIdle = idle.indexOf(worker);
    if (!current && wasIdle < 0) return;
    busy.delete(worker);
    if (wasIdle >= 0) idle.splice(wasIdle, 1);
    current?.job.reject(error);
    if (closed || broken) return;
    deaths += 1;
    if (deaths > RENDER_POOL_MAX_DEATHS) {
      // Workers die without rendering anything (e.g. the worker file is missing): stop respawning.
      broken = new Error(`the render pool stopped after ${deaths} workers died in a row; last: ${error.message}`);
      for (const job of queue.splice(0)) job.reject(broken);
      return;
    }
    start();
    pump();
  }

  function pump(): void {
    while (idle.length > 0 && queue.length > 0) {
      const worker = idle.shift()!;
      const job = queue.shift()!;
      const id = nextId++;
      busy.set(worker, { id, job });
      worker.ref();
      worker.postMessage({ id, task: job.task });
    }
    for (const worker of idle) worker.unref();
  }

  for (let i = 0; i < size; i++) start();

  return {
    size,
    get queued() {
      return queue.length;
    },
    render(task) {
      if (closed) return Promise.reject(new Error('the render pool is closed'));
      if (broken) return Promise.reject(broken);
      return new Promise<RenderedPng>((resolve, reject) => {
        queue.push({ task, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of queue.splice(0)) job.reject(new Error('the render pool is closed'));
      const workers = [...idle, ...busy.keys()];
      for (const { job } of busy.values()) job.reject(new Error('the render pool is closed'));
      busy.clear();
      idle.length = 0;
      await Promise.all(workers.map((w) => w.terminate()));
    },
  };
}

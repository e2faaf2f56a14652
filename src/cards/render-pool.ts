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

/** The mutable state of one pool, shared by the functions below. */
interface PoolState {
  readonly spawn: () => Worker;
  /** Tasks waiting for a free worker, in arrival order. */
  readonly queue: Pending[];
  readonly idle: Worker[];
  readonly busy: Map<Worker, { id: number; job: Pending }>;
  nextId: number;
  closed: boolean;
  /** Workers that died in a row without one finishing a render in between. */
  deaths: number;
  /** Set once too many workers died in a row: every render then rejects with it. */
  broken: Error | null;
}

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
  const state: PoolState = {
    // Tests inject a spawn to watch a worker die; everyone else gets the real one.
    spawn: options.spawn ?? spawnWorker,
    queue: [],
    idle: [],
    busy: new Map(),
    nextId: 0,
    closed: false,
    deaths: 0,
    broken: null,
  };
  for (let i = 0; i < size; i++) startWorker(state);
  return {
    size,
    get queued() {
      return state.queue.length;
    },
    render: (task) => submit(state, task),
    close: () => closePool(state),
  };
}

/** Spawns one worker and wires its answers, errors and exit into the pool. */
function startWorker(state: PoolState): void {
  const worker = state.spawn();
  worker.on('message', (reply: RenderReply) => {
    const current = state.busy.get(worker);
    if (!current || current.id !== reply.id) return;
    state.busy.delete(worker);
    state.deaths = 0;
    if (reply.ok) current.job.resolve(reply.rendered);
    else current.job.reject(new Error(`card render failed: ${reply.message}`));
    state.idle.push(worker);
    pump(state);
  });
  // A worker that dies fails its task only; a fresh worker takes its place.
  worker.on('error', (error) => retireWorker(state, worker, error));
  worker.on('exit', (code) => retireWorker(state, worker, new Error(`render worker exited with code ${code}`)));
  state.idle.push(worker);
  worker.unref();
}

/** Removes a dead worker, fails its task and starts a replacement, unless too many died in a row. */
function retireWorker(state: PoolState, worker: Worker, error: Error): void {
  const current = state.busy.get(worker);
  const wasIdle = state.idle.indexOf(worker);
  if (!current && wasIdle < 0) return;
  state.busy.delete(worker);
  if (wasIdle >= 0) state.idle.splice(wasIdle, 1);
  current?.job.reject(error);
  if (state.closed || state.broken) return;
  state.deaths += 1;
  if (state.deaths > RENDER_POOL_MAX_DEATHS) {
    // Workers die without rendering anything (e.g. the worker file is missing): stop respawning.
    const broken = new Error(
      `the render pool stopped after ${state.deaths} workers died in a row; last: ${error.message}`,
    );
    state.broken = broken;
    for (const job of state.queue.splice(0)) job.reject(broken);
    return;
  }
  startWorker(state);
  pump(state);
}

/** Hands queued tasks to idle workers; idle workers do not keep the process alive. */
function pump(state: PoolState): void {
  while (state.idle.length > 0 && state.queue.length > 0) {
    const worker = state.idle.shift()!;
    const job = state.queue.shift()!;
    const id = state.nextId++;
    state.busy.set(worker, { id, job });
    worker.ref();
    worker.postMessage({ id, task: job.task });
  }
  for (const worker of state.idle) worker.unref();
}

/** Queues one task; rejects at once when the pool is closed or broken. */
function submit(state: PoolState, task: RenderTask): Promise<RenderedPng> {
  if (state.closed) return Promise.reject(new Error('the render pool is closed'));
  if (state.broken) return Promise.reject(state.broken);
  return new Promise<RenderedPng>((resolve, reject) => {
    state.queue.push({ task, resolve, reject });
    pump(state);
  });
}

/** Stops every worker; queued and running tasks reject. */
async function closePool(state: PoolState): Promise<void> {
  state.closed = true;
  for (const job of state.queue.splice(0)) job.reject(new Error('the render pool is closed'));
  const workers = [...state.idle, ...state.busy.keys()];
  for (const { job } of state.busy.values()) job.reject(new Error('the render pool is closed'));
  state.busy.clear();
  state.idle.length = 0;
  await Promise.all(workers.map((w) => w.terminate()));
}

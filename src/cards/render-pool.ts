/**
 * @module Card rendering off the main process: satori and resvg take tens of milliseconds of CPU
 * per card, which on the main thread would stall every other request of a server for as long, and
 * resvg is native code whose panic aborts the whole process it runs in. A pool of child processes
 * renders instead, and checks the pixels of caller photos (decoding a JPEG is resvg's work too), in
 * arrival order; a worker that dies (an abort included) fails its task and is replaced; the result
 * is byte-identical to rendering in-thread (docs/cards.md#render-pool).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { availableParallelism, constants } from 'node:os';
import { join } from 'node:path';
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

/** What the pool sends a worker: a card to render, or photo bytes whose pixels to check. */
export type WorkerTask = { id: number; task: RenderTask } | { id: number; photo: Uint8Array };

/** What a worker answers for one task: the card, the photo's problem (null when it is readable), or why it failed. */
export type RenderReply =
  | { id: number; ok: true; rendered: RenderedPng }
  | { id: number; ok: true; problem: string | null }
  | { id: number; ok: false; message: string };

/** A pool of render workers. */
export interface RenderPool {
  /** Renders a card on a worker; rejects when the worker fails or dies (the pool replaces it). */
  render(task: RenderTask): Promise<RenderedPng>;
  /**
   * Why a photo's pixel data cannot be drawn, or null (photoPixelsProblemOf, run on a worker);
   * rejects when the worker fails or dies while decoding it.
   */
  photoProblem(bytes: Uint8Array): Promise<string | null>;
  /** Workers in the pool. */
  readonly size: number;
  /** Renders waiting for a free worker (for `/metrics`). */
  readonly queued: number;
  /** Stops every worker; tasks still pending reject. */
  close(): Promise<void>;
}

/** The problem of a photo whose decoding failed or ended its worker. */
export const PHOTO_STOPPED_DECODER = 'is not a readable image (decoding it stopped the decoder)';

/** Workers that may die in a row, without one finishing a render in between, before the pool gives up (a worker that cannot even start). */
export const RENDER_POOL_MAX_DEATHS = 5;

/**
 * Scheduling priority a render worker process takes once it has loaded (docs/cards.md#render-pool):
 * below normal, so that on busy cores the operating system runs the server's event loop, which
 * requests wait on, before a render. With idle cores a worker renders at full speed all the same.
 */
export const RENDER_WORKER_PRIORITY = constants.priority.PRIORITY_BELOW_NORMAL;

/** Default pool size: every core but the one the server's main thread needs, at least one. */
export const defaultRenderWorkers = (): number => Math.max(1, availableParallelism() - 1);

/**
 * Starts a render worker: the built worker from `dist/` when this module runs from the build, the
 * TypeScript source through tsx when it runs from `src/` (tests, development). The process is its
 * own: a native abort inside it ends it alone.
 */
function forkWorker(): ChildProcess {
  const root = packageRoot();
  const built = join(root, 'dist', 'cards', 'render-worker.js');
  const fromBuild = !import.meta.url.endsWith('.ts') && existsSync(built);
  return fork(fromBuild ? built : join(root, 'src', 'cards', 'render-worker.ts'), [], {
    // Structured clone carries the PNG bytes as a Uint8Array, not as JSON numbers.
    serialization: 'advanced',
    execArgv: fromBuild ? [] : ['--import', 'tsx'],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
}

/** Whether a worker keeps the event loop alive: a busy one does, an idle one must not hold a process open. */
function holdLoop(worker: ChildProcess, hold: boolean): void {
  const method = hold ? 'ref' : 'unref';
  worker[method]();
  worker.channel?.[method]();
}

/** Ends a worker; resolves once it has exited. */
function stopWorker(worker: ChildProcess): Promise<void> {
  return new Promise<void>((resolve) => {
    if (worker.exitCode !== null || worker.signalCode !== null) return resolve();
    worker.once('exit', () => resolve());
    // An idle worker is unreferenced: referenced again, the loop stays up until its exit arrives.
    worker.ref();
    worker.kill();
  });
}

/** A task waiting for or running on a worker: its message without the id, and how to settle it. */
type Pending = {
  message: { task: RenderTask } | { photo: Uint8Array };
  resolve: (reply: RenderReply & { ok: true }) => void;
  reject: (e: Error) => void;
};

/** The mutable state of one pool, shared by the functions below. */
interface PoolState {
  readonly spawn: () => ChildProcess;
  /** Tasks waiting for a free worker, in arrival order. */
  readonly queue: Pending[];
  readonly idle: ChildProcess[];
  readonly busy: Map<ChildProcess, { id: number; job: Pending }>;
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
  options: { spawn?: () => ChildProcess } = {},
): RenderPool {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`a render pool needs at least one worker, got ${size}`);
  const state: PoolState = {
    // Tests inject a spawn to watch a worker die; everyone else gets the real one.
    spawn: options.spawn ?? forkWorker,
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
    render: async (task) => {
      const reply = await submit(state, { task });
      if (!('rendered' in reply)) throw new Error('card render failed: the worker answered without a card');
      return reply.rendered;
    },
    photoProblem: async (photo) => {
      let reply: RenderReply & { ok: true };
      try {
        reply = await submit(state, { photo });
      } catch (error) {
        // A worker that failed or died (a native abort) decoding these bytes was stopped by them;
        // a closed or broken pool says nothing about the photo.
        if (state.closed || state.broken) throw error;
        return PHOTO_STOPPED_DECODER;
      }
      if (!('problem' in reply)) throw new Error('photo check failed: the worker answered without a verdict');
      return reply.problem;
    },
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
    const what = 'task' in current.job.message ? 'card render' : 'photo check';
    if (reply.ok) current.job.resolve(reply);
    else current.job.reject(new Error(`${what} failed: ${reply.message}`));
    state.idle.push(worker);
    pump(state);
  });
  // A worker that dies fails its task only; a fresh worker takes its place.
  worker.on('error', (error: Error) => retireWorker(state, worker, error));
  worker.on('exit', (code) => {
    const why = code === null ? 'render worker was killed by a signal' : `render worker exited with code ${code}`;
    retireWorker(state, worker, new Error(why));
  });
  state.idle.push(worker);
  holdLoop(worker, false);
}

/** Removes a dead worker, fails its task and starts a replacement, unless too many died in a row. */
function retireWorker(state: PoolState, worker: ChildProcess, error: Error): void {
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
    state.broken = new Error(
      `the render pool stopped after ${state.deaths} workers died in a row; last: ${error.message}`,
    );
    for (const job of state.queue.splice(0)) job.reject(state.broken);
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
    holdLoop(worker, true);
    const message: WorkerTask = { id, ...job.message };
    worker.send(message);
  }
  for (const worker of state.idle) holdLoop(worker, false);
}

/** Queues one task; rejects at once when the pool is closed or broken. */
function submit(state: PoolState, message: Pending['message']): Promise<RenderReply & { ok: true }> {
  if (state.closed) return Promise.reject(new Error('the render pool is closed'));
  if (state.broken) return Promise.reject(state.broken);
  return new Promise((resolve, reject) => {
    state.queue.push({ message, resolve, reject });
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
  await Promise.all(workers.map(stopWorker));
}

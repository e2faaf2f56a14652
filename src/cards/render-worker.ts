/**
 * @module The worker side of the render pool (render-pool.ts), a child process of its own (or a
 * worker thread when a test starts one): renders each card it is sent with {@link renderCard} and
 * hands the PNG bytes back, and checks each photo it is sent
 * with {@link photoPixelsProblemOf}. It exits when its parent goes; as a process of its own it
 * renders below normal priority (RENDER_WORKER_PRIORITY).
 */
import { messageOf } from '../errors.js';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { renderCard } from './card.js';
import { photoPixelsProblemOf } from './photo-pixels.js';
import { RENDER_WORKER_PRIORITY, type RenderReply, type WorkerTask } from './render-pool.js';

/** Sends a reply to the pool: over the thread port, or the process's IPC channel. */
function reply(message: RenderReply): void {
  if (parentPort) parentPort.postMessage(message);
  else process.send?.(message);
}

function onTask(message: WorkerTask): void {
  const { id } = message;
  if ('photo' in message) {
    photoPixelsProblemOf(message.photo).then(
      (problem) => reply({ id, ok: true, problem }),
      (error: unknown) => reply({ id, ok: false, message: messageOf(error) }),
    );
    return;
  }
  const { task } = message;
  renderCard(task.style, task.facts, task.photo, task.eventType).then(
    (rendered) => reply({ id, ok: true, rendered }),
    (error: unknown) => reply({ id, ok: false, message: messageOf(error) }),
  );
}

if (parentPort) parentPort.on('message', onTask);
else {
  process.on('message', onTask);
  // The pool went away (its process ended): nothing is left to render for.
  process.on('disconnect', () => process.exit(0));
  // Loaded at normal priority (a worker that replaces a dead one is soon ready); renders below it.
  try {
    setPriority(RENDER_WORKER_PRIORITY);
  } catch {
    // Not permitted here (some sandboxes): the worker renders at normal priority.
  }
}

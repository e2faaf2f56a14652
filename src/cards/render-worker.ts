/**
 * @module The worker side of the render pool (render-pool.ts), a child process of its own: renders
 * each card it is sent with {@link renderCard} and hands the PNG bytes back, and checks each photo
 * it is sent with {@link photoPixelsProblemOf}. It exits when its parent goes, and renders below
 * normal priority (RENDER_WORKER_PRIORITY).
 */
import { messageOf } from '../errors.js';
import { setPriority } from 'node:os';
import { renderCard } from './card.js';
import { photoPixelsProblemOf } from './photo-pixels.js';
import { RENDER_WORKER_PRIORITY, type RenderReply, type WorkerTask } from './render-pool.js';

process.on('message', (message: WorkerTask) => {
  const { id } = message;
  const reply: Promise<RenderReply> =
    'photo' in message
      ? photoPixelsProblemOf(message.photo).then((problem) => ({ id, ok: true, problem }))
      : renderCard(message.task.style, message.task.facts, message.task.photo, message.task.eventType).then(
          (rendered) => ({ id, ok: true, rendered }),
        );
  reply
    .catch((error: unknown): RenderReply => ({ id, ok: false, message: messageOf(error) }))
    .then((answer) => process.send?.(answer));
});
// The pool went away (its process ended): nothing is left to render for.
process.on('disconnect', () => process.exit(0));
// Loaded at normal priority (a worker that replaces a dead one is soon ready); renders below it.
try {
  setPriority(RENDER_WORKER_PRIORITY);
} catch {
  // Not permitted here (some sandboxes): the worker renders at normal priority.
}

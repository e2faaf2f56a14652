/**
 * @module The worker side of the render pool (render-pool.ts): renders each card it is sent with
 * {@link renderCard} and hands the PNG bytes back without copying them.
 */
import { parentPort } from 'node:worker_threads';
import { renderCard } from './card.js';
import type { RenderTask, RenderReply } from './render-pool.js';

parentPort!.on('message', (message: { id: number; task: RenderTask }) => {
  const { id, task } = message;
  renderCard(task.style, task.facts, task.photo, task.eventType).then(
    (rendered) => {
      // Hand over a buffer that holds exactly the PNG, so transferring it moves nothing else.
      const { png } = rendered;
      const own = png.byteOffset === 0 && png.byteLength === png.buffer.byteLength ? png : png.slice();
      parentPort!.postMessage({ id, ok: true, rendered: { ...rendered, png: own } } satisfies RenderReply, [
        own.buffer as ArrayBuffer,
      ]);
    },
    (error: unknown) =>
      parentPort!.postMessage({
        id,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      } satisfies RenderReply),
  );
});

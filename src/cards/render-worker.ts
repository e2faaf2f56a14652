/**
 * @module The worker side of the render pool (render-pool.ts): renders each card it is sent with
 * {@link renderCard} and hands the PNG bytes back without copying them.
 */
import { messageOf } from '../errors.js';
import { parentPort } from 'node:worker_threads';
import { renderCard } from './card.js';
import type { RenderTask, RenderReply } from './render-pool.js';

/**
 * The PNG over a buffer that holds exactly its bytes, so transferring the buffer moves nothing else:
 * the same bytes when they already fill their own ArrayBuffer, else a copy.
 */
function ownedBytesOf(png: Uint8Array): Uint8Array<ArrayBuffer> {
  const { buffer } = png;
  if (buffer instanceof ArrayBuffer && png.byteOffset === 0 && png.byteLength === buffer.byteLength)
    return new Uint8Array(buffer);
  return png.slice();
}

parentPort!.on('message', (message: { id: number; task: RenderTask }) => {
  const { id, task } = message;
  renderCard(task.style, task.facts, task.photo, task.eventType).then(
    (rendered) => {
      const own = ownedBytesOf(rendered.png);
      parentPort!.postMessage({ id, ok: true, rendered: { ...rendered, png: own } } satisfies RenderReply, [
        own.buffer,
      ]);
    },
    (error: unknown) =>
      parentPort!.postMessage({
        id,
        ok: false,
        message: messageOf(error),
      } satisfies RenderReply),
  );
});

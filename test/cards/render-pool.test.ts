/**
 * The render pool renders in child processes exactly what renderCard renders in-thread, keeps the
 * order of answers straight under concurrency, reports a failed render without losing the
 * worker, and replaces a worker that dies, a native abort in resvg included.
 */
import { spawn as spawnProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { renderCard } from '../../src/cards/card.js';
import { createRenderPool, PHOTO_STOPPED_DECODER } from '../../src/cards/render-pool.js';
import { photoOf } from '../../src/cards/photo.js';
import { photoPixelsProblemOf } from '../../src/cards/photo-pixels.js';
import { greyJpeg, pngPhoto } from '../helpers/photos.js';
import { decodePng } from './png.js';
import { sampleFacts } from './sample-facts.js';

const pool = createRenderPool(1);

/** A stand-in worker: a process running `code` with an IPC channel, as the pool forks its own. */
const workerRunning = (code: string) =>
  spawnProcess(process.execPath, ['-e', code], {
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    serialization: 'advanced',
  });
afterAll(() => pool.close());

describe('render pool', () => {
  it('renders byte-identical PNGs to renderCard in this thread', async () => {
    const facts = sampleFacts();
    for (const style of ['player_card', 'stat_ribbon'] as const) {
      const here = await renderCard(style, facts);
      const there = await pool.render({ style, facts, photo: null });
      expect(Buffer.from(there.png).equals(Buffer.from(here.png)), style).toBe(true);
      expect([there.width, there.height]).toEqual([here.width, here.height]);
      expect(decodePng(there.png).width).toBe(here.width);
    }
  }, 60_000);

  it('draws a caller photo sent as bytes exactly as renderCard draws it in this thread', async () => {
    const photo = photoOf(pngPhoto({ width: 300, height: 400 }));
    if (!photo.ok) throw new Error(photo.error.message);
    const facts = sampleFacts();
    const here = await renderCard('fifa_viral', facts, photo.value);
    const there = await pool.render({ style: 'fifa_viral', facts, photo: photo.value });
    expect(Buffer.from(there.png).equals(Buffer.from(here.png))).toBe(true);
    // The photo is drawn: without it the card differs.
    const without = await renderCard('fifa_viral', facts, null);
    expect(Buffer.from(without.png).equals(Buffer.from(here.png))).toBe(false);
  }, 60_000);

  it('answers concurrent renders each with its own card (three on one worker)', async () => {
    const names = ['Ana Uno', 'Bea Dos', 'Cleo Tres'];
    const factsOf = (name: string) => sampleFacts({ player: { ...sampleFacts().player, display_name: name } });
    const pooled = await Promise.all(
      names.map((n) => pool.render({ style: 'stat_ribbon', facts: factsOf(n), photo: null })),
    );
    for (const [i, n] of names.entries()) {
      const expected = await renderCard('stat_ribbon', factsOf(n));
      expect(Buffer.from(pooled[i].png).equals(Buffer.from(expected.png)), n).toBe(true);
    }
    // Different names draw different pixels, so the three answers are not one image repeated.
    expect(new Set(pooled.map((r) => Buffer.from(r.png).toString('base64'))).size).toBe(3);
  }, 60_000);

  it('rejects a render that fails and keeps the worker for the next one', async () => {
    const broken = { ...sampleFacts(), metrics: null } as unknown as ReturnType<typeof sampleFacts>;
    await expect(pool.render({ style: 'stat_ribbon', facts: broken, photo: null })).rejects.toThrow(
      /card render failed/,
    );
    const next = await pool.render({ style: 'stat_ribbon', facts: sampleFacts(), photo: null });
    expect(next.width).toBe(1080);
  }, 60_000);

  it('survives resvg aborting its worker process: the task fails, this process lives, the next card renders', async () => {
    // 50 × 800 covered onto fifa_viral's photo box spills far past the card: resvg panics and aborts
    // the process it runs in. The header check refuses such photos; the pool is handed one directly.
    const bytes = pngPhoto({ width: 50, height: 800 });
    const long = { mime: 'image/png' as const, bytes };
    expect(photoOf(bytes).ok).toBe(false);
    await expect(pool.render({ style: 'fifa_viral', facts: sampleFacts(), photo: long })).rejects.toThrow(
      /killed by a signal|exited with code/,
    );
    const next = await pool.render({ style: 'stat_ribbon', facts: sampleFacts(), photo: null });
    expect(next.width).toBe(1080);
  }, 60_000);

  it('replaces a worker that dies: its task fails, later tasks run on the new worker', async () => {
    let spawned = 0;
    // The first worker exits as soon as it gets a task; the ones after it answer with a fixed reply.
    const spawn = () => {
      spawned += 1;
      const code =
        spawned === 1
          ? "process.on('message', () => process.exit(3));"
          : "process.on('message', ({ id }) => process.send({ id, ok: true, rendered: { png: new Uint8Array([7]), width: 1, height: 1, svg_ms: 0, png_ms: 0 } }));";
      return workerRunning(code);
    };
    const dying = createRenderPool(1, { spawn });
    await expect(dying.render({ style: 'stat_ribbon', facts: sampleFacts(), photo: null })).rejects.toThrow(
      /exited with code 3/,
    );
    const after = await dying.render({ style: 'stat_ribbon', facts: sampleFacts(), photo: null });
    expect(Array.from(after.png)).toEqual([7]);
    expect(spawned).toBe(2);
    await dying.close();
    await expect(dying.render({ style: 'stat_ribbon', facts: sampleFacts(), photo: null })).rejects.toThrow(/closed/);
  });

  it('stops respawning when workers die without rendering anything, and says why', async () => {
    let spawned = 0;
    const spawn = () => {
      spawned += 1;
      return workerRunning("throw new Error('cannot start')");
    };
    const doomed = createRenderPool(1, { spawn });
    const task = { style: 'stat_ribbon' as const, facts: sampleFacts(), photo: null };
    // Each call fails with the worker's own error until the pool gives up, then with the pool's.
    let last = '';
    for (let i = 0; i < 20 && !last.includes('stopped after'); i++) {
      last = await doomed.render(task).then(
        () => 'rendered',
        (e: Error) => e.message,
      );
      expect(last).toMatch(/exited with code 1|stopped after/);
    }
    expect(last).toMatch(/stopped after 6 workers died in a row; last: render worker exited with code 1/);
    // The first worker plus RENDER_POOL_MAX_DEATHS (5) replacements, then no more.
    expect(spawned).toBe(6);
    await expect(doomed.render({ style: 'stat_ribbon', facts: sampleFacts(), photo: null })).rejects.toThrow(
      /stopped after/,
    );
    expect(spawned).toBe(6);
    await doomed.close();
  });

  it('checks photo pixels on a worker with the answers photoPixelsProblemOf gives in this thread', async () => {
    const photos = [
      pngPhoto({ width: 30, height: 20 }),
      pngPhoto({ width: 30, height: 20, extraBytes: 1000 }),
      greyJpeg(24, 16),
      greyJpeg(24, 16).subarray(0, 40),
    ];
    for (const bytes of photos) expect(await pool.photoProblem(bytes)).toBe(await photoPixelsProblemOf(bytes));
    expect(await pool.photoProblem(photos[0]!)).toBeNull();
    expect(await pool.photoProblem(photos[1]!)).toMatch(/inflates to more than/);
  }, 60_000);

  it('refuses a photo whose decoding ends its worker, and the next task runs on a new worker', async () => {
    let spawned = 0;
    // The first worker dies on its first task, as a native abort in the decoder would end it.
    const spawn = () => {
      spawned += 1;
      const code =
        spawned === 1
          ? "process.on('message', () => process.exit(134));"
          : "process.on('message', ({ id }) => process.send({ id, ok: true, problem: null }));";
      return workerRunning(code);
    };
    const dying = createRenderPool(1, { spawn });
    expect(await dying.photoProblem(greyJpeg(8, 8))).toBe(PHOTO_STOPPED_DECODER);
    expect(await dying.photoProblem(greyJpeg(8, 8))).toBeNull();
    expect(spawned).toBe(2);
    await dying.close();
    await expect(dying.photoProblem(greyJpeg(8, 8))).rejects.toThrow(/closed/);
  });

  it('refuses a pool without workers', () => {
    expect(() => createRenderPool(0)).toThrow(RangeError);
  });
});

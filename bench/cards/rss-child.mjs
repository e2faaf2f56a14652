/**
 * The RSS phase of bench/cards/render.bench.ts in the process a library user runs: plain `node` on
 * the built dist/ (under tsx the module hooks run in a loader thread with its own V8 heap, which the
 * in-process figure counts). Same warm-up as the bench (one cold render, 53 renders of each style),
 * then a collected start, the 1,000-render loop with the peak read after every render, and the
 * kernel's high-water mark (VmHWM) of the whole process.
 *
 *   node --expose-gc bench/cards/rss-child.mjs <dist/index.js> <trees.json> <renders>
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const [dist, treesFile, rendersArg] = process.argv.slice(2);
const gc = globalThis.gc;
if (!gc) throw new Error('run with node --expose-gc');
const mb = (bytes) => Math.round((bytes / 2 ** 20) * 10) / 10;
const vmHwmMb = () =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1] ?? Number.NaN) / 1024;
const turn = () => new Promise((resolve) => setImmediate(resolve));

const { layoutToSvg, renderLayout, svgToPng } = await import(pathToFileURL(dist).href);
const trees = JSON.parse(readFileSync(treesFile, 'utf8'));
const card = trees.player_card;
await renderLayout(card.tree, card.width, card.height);
for (const { tree, width, height } of Object.values(trees)) {
  for (let i = 0; i < 53; i++) {
    svgToPng(await layoutToSvg(tree, width, height));
    await turn();
  }
}
// The start is what the process holds, not the warm-up's uncollected garbage.
gc();
await turn();
gc();
const start = process.memoryUsage.rss();
let peak = start;
for (let i = 1; i <= Number(rendersArg); i++) {
  await renderLayout(card.tree, card.width, card.height);
  if (i % 50 === 0) gc();
  peak = Math.max(peak, process.memoryUsage.rss());
}
process.stdout.write(
  JSON.stringify({
    start_mb: mb(start),
    peak_mb: mb(peak),
    after_mb: mb(process.memoryUsage.rss()),
    process_peak_mb: Math.round(vmHwmMb() * 10) / 10,
  }),
);

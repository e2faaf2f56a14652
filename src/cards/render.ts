/**
 * @module The card pipeline: layout tree → SVG (satori, glyphs drawn as paths from the bundled
 * fonts) → PNG (resvg, system fonts off). Deterministic: the same tree gives byte-identical PNGs.
 */
import { createRequire } from 'node:module';
import type { Resvg as ResvgClass } from '@resvg/resvg-js';
import type satoriFn from 'satori';
import { cardFonts, loadCardAsset } from './fonts.js';
import { encodePng } from './png.js';
import type { LayoutNode } from './layout-tree.js';
import { photoDataUrlOf, type CardPhoto } from './photo.js';

// satori and the resvg native add-on are slow and heavy to load, so they are loaded on the
// first render rather than by `import 'halfspace'` (most library calls never draw a card).
const require = createRequire(import.meta.url);
let satoriLoading: Promise<typeof satoriFn> | null = null;
let resvg: typeof ResvgClass | null = null;

/** satori, imported on first use. */
function loadSatori(): Promise<typeof satoriFn> {
  satoriLoading ??= import('satori').then((m) => m.default);
  return satoriLoading;
}

/** The Resvg class, required on first use (a CommonJS native add-on, so it can load synchronously). */
function loadResvg(): typeof ResvgClass {
  if (resvg) return resvg;
  const addOn: typeof import('@resvg/resvg-js') = require('@resvg/resvg-js');
  resvg = addOn.Resvg;
  return resvg;
}

/** A rendered card with the time spent in each stage. */
export interface RenderedPng {
  png: Uint8Array;
  width: number;
  height: number;
  /** Milliseconds in satori (layout + text shaping → SVG). */
  svg_ms: number;
  /** Milliseconds in resvg (SVG → pixels → PNG encoding). */
  png_ms: number;
}

/**
 * The attribute that opens the root of an SVG image a layout draws within its own box and wants
 * drawn straight into the card (see {@link inlineMarkedImagesOf}): `<svg data-inline="true" …>`.
 */
export const INLINE_SVG_MARK = 'data-inline="true"';

/** The start of the base64 payload of every marked SVG (its opening text is a whole number of 3-byte groups). */
const INLINE_SVG_PAYLOAD = Buffer.from(`<svg ${INLINE_SVG_MARK} `).toString('base64');

/** An image element satori writes for an SVG data URL: its position, size and base64 payload. */
const SVG_IMAGE =
  /<image x="(-?[\d.]+)" y="(-?[\d.]+)" width="([\d.]+)" height="([\d.]+)" href="data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)"[^>]*\/>/g;

/**
 * The SVG with every marked SVG image ({@link INLINE_SVG_MARK}) whose size matches its element
 * replaced by its shapes, translated into place. resvg draws an SVG image into a pixmap of its own
 * and composites it through the clip and mask satori adds, which costs more than the shapes
 * themselves; drawn directly they give the same picture (up to rounding), because a marked image
 * keeps its shapes inside its box, so the clip and the mask cut nothing.
 * @example inlineMarkedImagesOf('<svg></svg>') // => '<svg></svg>'
 */
export function inlineMarkedImagesOf(svg: string): string {
  return svg.replace(SVG_IMAGE, (element, x: string, y: string, w: string, h: string, payload: string) => {
    if (!payload.startsWith(INLINE_SVG_PAYLOAD)) return element;
    const inner = Buffer.from(payload, 'base64').toString('utf8');
    const root = /^<svg ([^>]*)>/.exec(inner);
    const attributes = root?.[1] ?? '';
    const sized = attributes.includes(` width="${w}"`) && attributes.includes(` height="${h}"`);
    if (!root || !sized || !attributes.includes(`viewBox="0 0 ${w} ${h}"`) || !inner.endsWith('</svg>')) return element;
    return `<g transform="translate(${x} ${y})">${inner.slice(root[0].length, -'</svg>'.length)}</g>`;
  });
}

/**
 * Lays out a tree into an SVG string of `width` × `height` px, with marked SVG images drawn
 * in place ({@link inlineMarkedImagesOf}).
 * @example (await layoutToSvg(div({ width: 10, height: 10 }), 10, 10)).startsWith('<svg') // => true
 */
export async function layoutToSvg(tree: LayoutNode, width: number, height: number): Promise<string> {
  const satori = await loadSatori();
  // cast: satori's element type is React's; our plain objects have the same runtime shape ({ type, props }).
  const svg = await satori(tree as unknown as Parameters<typeof satori>[0], {
    width,
    height,
    fonts: cardFonts(),
    loadAdditionalAsset: loadCardAsset,
  });
  return inlineMarkedImagesOf(svg);
}

/** Colour under every card: rasterising onto an opaque background makes every pixel opaque. */
export const CARD_BACKDROP = '#0b1020';

/**
 * Rasterises an SVG into PNG bytes at its own size, over an opaque {@link CARD_BACKDROP}; system
 * fonts are off (satori already drew text as paths). resvg keeps premultiplied pixels; over an
 * opaque backdrop every pixel has alpha 255, so they are also straight RGBA and encode as-is.
 * @example svgToPng('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>').length > 0 // => true
 */
export function svgToPng(svg: string): Uint8Array {
  const Resvg = loadResvg();
  const rendered = new Resvg(svg, {
    font: { loadSystemFonts: false },
    background: CARD_BACKDROP,
    logLevel: 'off',
  }).render();
  return encodePng(rendered.pixels, rendered.width, rendered.height);
}

/**
 * True when resvg decodes `photo`: drawn stretched onto a transparent 4 × 4 canvas, some pixel
 * gets ink. A header followed by garbage (or a fully transparent image) leaves it empty, where a
 * card would show an empty photo area. Check the header first (photoOf): this decodes the image.
 * @example photoDecodes({ mime: 'image/png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) }) // => false
 */
export function photoDecodes(photo: CardPhoto): boolean {
  const Resvg = loadResvg();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><image href="${photoDataUrlOf(photo)}" width="4" height="4" preserveAspectRatio="none"/></svg>`;
  const pixels = new Resvg(svg, { font: { loadSystemFonts: false }, logLevel: 'off' }).render().pixels;
  for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) return true;
  return false;
}

/**
 * Renders a layout tree to PNG. Yields one turn of the event loop afterwards: resvg frees its
 * native image memory only after a GC and a turn of the loop (docs/design.md#cards-and-prompts), so a tight render loop
 * would otherwise grow without bound.
 * @example (await renderLayout(tree, 1080, 1350)).width // => 1080
 */
export async function renderLayout(tree: LayoutNode, width: number, height: number): Promise<RenderedPng> {
  const t0 = performance.now();
  const svg = await layoutToSvg(tree, width, height);
  const t1 = performance.now();
  const png = svgToPng(svg);
  const t2 = performance.now();
  await new Promise<void>((resolve) => setImmediate(resolve));
  return { png, width, height, svg_ms: t1 - t0, png_ms: t2 - t1 };
}

/**
 * @module Pieces of the hd styles: the photo or silhouette block and the ribbon table
 * (season goals, assists, key passes, big chances).
 */
import type { CardFacts } from '../facts.js';
import { div, img, type LayoutNode, type Style } from '../layout-tree.js';
import { photoDataUrlOf, type CardPhoto } from '../photo.js';
import { INK, formatInt } from './shared.js';

/**
 * `hex` (`#rrggbb`) mixed toward black by `amount` (0–1): an opaque shade, so nothing drawn behind
 * a silhouette (editorial_cover's stripe) shows through it.
 * @example shadeOf('#ffffff', 0.5) // => '#808080'
 */
export const shadeOf = (hex: string, amount: number): string => mixedOf(hex, (c) => c * (1 - amount));

/** `hex` (`#rrggbb`) mixed toward white by `amount` (0–1). */
const mixWithWhite = (hex: string, amount: number): string => mixedOf(hex, (c) => c + (255 - c) * amount);

/** `hex` (`#rrggbb`) with each channel (0–255) mapped by `mix` and rounded. */
function mixedOf(hex: string, mix: (channel: number) => number): string {
  const channel = (i: number) => Math.round(mix(Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16)));
  return `#${[0, 1, 2].map((i) => channel(i).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * A head-and-shoulders bust in one shape (head, tapered neck, sloping trapezius, shoulders and a
 * collar), shaded top to bottom, as an SVG in a 100 × 100 box anchored at the bottom centre.
 */
function silhouetteSvg(fill: string, width: number, height: number): string {
  const light = mixWithWhite(fill, 0.1);
  const bust =
    'M50 17c9.6 0 16 7.4 16 17.5 0 7.8-3.6 14.3-8.4 17.6l.7 5.4c1.3 2.4 4.7 3.6 10.4 5.1 ' +
    '12.4 3.2 19.6 7.9 22.2 16.6L94 100H6l3.1-20.8c2.6-8.7 9.8-13.4 22.2-16.6 5.7-1.5 9.1-2.7 ' +
    '10.4-5.1l.7-5.4C37.6 48.8 34 42.3 34 34.5 34 24.4 40.4 17 50 17z';
  const collar = 'M40.8 60.6 50 71.5l9.2-10.9';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 100 100" preserveAspectRatio="xMidYMax meet">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${fill}"/></linearGradient></defs>` +
    `<path d="${bust}" fill="url(#g)"/>` +
    `<path d="${collar}" fill="none" stroke="${light}" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"/></svg>`
  );
}

/**
 * The caller's photo covering a `width` × `height` box, or, when there is none, a designed bust in
 * the opaque colour `tint` (`#rrggbb`, e.g. {@link shadeOf} the background) standing on the box's
 * bottom edge.
 */
export function portraitOf(
  photo: CardPhoto | null,
  width: number,
  height: number,
  tint: string,
  style: Record<string, string | number> = {},
): LayoutNode {
  if (photo) return img(photoDataUrlOf(photo), width, height, style);
  const svg = silhouetteSvg(tint, width, height);
  return img(`data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, width, height, style);
}

/**
 * The ribbon table in a column box placed by `box`: four season totals side by side on `fill`,
 * divided by `divider` lines.
 */
export function ribbonTableOf(facts: CardFacts, fill: string, divider: string, box: Style): LayoutNode {
  const table = div(
    { backgroundColor: fill, borderRadius: 20, padding: '18px 8px' },
    ...facts.season_totals.map(({ label, value }, i) =>
      div(
        {
          flexDirection: 'column',
          alignItems: 'center',
          flexGrow: 1,
          flexBasis: 0,
          borderLeft: i === 0 ? 'none' : `2px solid ${divider}`,
        },
        div({ fontSize: 46, fontWeight: 900, color: INK.text }, formatInt(value)),
        div(
          {
            fontSize: 17,
            fontWeight: 700,
            color: INK.muted,
            textTransform: 'uppercase',
            letterSpacing: 1.5,
            marginTop: 2,
          },
          label,
        ),
      ),
    ),
  );
  return div({ ...box, flexDirection: 'column' }, table);
}

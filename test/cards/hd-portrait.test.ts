/**
 * The hd portraits (issue #25 item 6), checked on decoded PNGs of editorial_cover, the style where
 * the portrait runs behind the text: the band under the headline is the solid panel colour whether
 * or not a busy photo is behind it (no photo or outline shows through), and without a photo the
 * silhouette's head is one smooth shade that the cover's diagonal band passes behind, not across.
 * All three hd styles render with and without a photo; their PNGs were also looked at by eye.
 */
import { describe, expect, it } from 'vitest';
import { renderCard } from '../../src/cards/card.js';
import { CARD_SIZES } from '../../src/cards/styles.js';
import { INK } from '../../src/cards/layouts/shared.js';
import { encodePng } from '../../src/cards/png.js';
import { photoOf, type CardPhoto } from '../../src/cards/photo.js';
import { HD_STYLES } from '../../src/cards/request.js';
import { decodePng, type DecodedPng } from './png.js';
import { sampleFacts } from './sample-facts.js';

/** A busy photo: saturated 16-px checks and ramps, the worst case for text laid over it. */
function busyPhoto(): CardPhoto {
  const w = 600;
  const hgt = 800;
  const rgba = new Uint8Array(w * hgt * 4);
  for (let y = 0; y < hgt; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      const c = ((x >> 4) + (y >> 4)) % 3;
      rgba.set([c === 0 ? 255 : 30, c === 1 ? 255 : (x * 7) % 255, c === 2 ? 255 : (y * 3) % 255, 255], i);
    }
  const photo = photoOf(new Uint8Array(encodePng(rgba, w, hgt)));
  if (!photo.ok) throw new Error(photo.error.message);
  return photo.value;
}

const pixel = (png: DecodedPng, x: number, y: number) => [
  ...png.rgba.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3),
];
const hex = (rgb: number[]) => `#${rgb.map((c) => c.toString(16).padStart(2, '0')).join('')}`;

describe('hd portraits', () => {
  it('renders every hd style with and without a photo', async () => {
    const photo = busyPhoto();
    for (const style of HD_STYLES)
      for (const p of [null, photo]) {
        const png = decodePng((await renderCard(style, sampleFacts(), p)).png);
        expect([style, png.width, png.height]).toEqual([style, CARD_SIZES[style].width, CARD_SIZES[style].height]);
      }
  });

  it('editorial_cover: the headline band is the solid panel colour over a busy photo and over the silhouette', async () => {
    const withPhoto = decodePng((await renderCard('editorial_cover', sampleFacts(), busyPhoto())).png);
    const without = decodePng((await renderCard('editorial_cover', sampleFacts(), null)).png);
    // The band from the kicker to the hero line (y 770–1100) is drawn the same whatever is behind it.
    let differing = 0;
    for (let y = 770; y < 1100; y++)
      for (let x = 0; x < CARD_SIZES.editorial_cover.width; x++)
        if (hex(pixel(withPhoto, x, y)) !== hex(pixel(without, x, y))) differing++;
    expect(differing).toBe(0);
    // Beside the text (right margin) it is exactly the panel colour, top of the panel to the ribbon.
    for (const y of [770, 800, 900, 1000, 1090])
      for (const x of [1040, 1075]) expect([x, y, hex(pixel(withPhoto, x, y))]).toEqual([x, y, INK.background]);
  });

  it('editorial_cover without a photo: the head is one smooth shade, the diagonal band passes behind it', async () => {
    const png = decodePng((await renderCard('editorial_cover', sampleFacts(), null)).png);
    // The figure fills a 1080 × 640 box at y 150, its 100-unit drawing scaled 6.4× and centred: the
    // head spans units 17–52 of height around x = 50, so pixels x 540, y 280–470.
    const column = Array.from({ length: 190 }, (_, i) => pixel(png, 540, 280 + i));
    const jumps = column.slice(1).map((c, i) => Math.max(...c.map((v, k) => Math.abs(v - column[i][k]))));
    // A gradient moves a step or two per row; the band's edge across a translucent head jumped by ~100.
    expect(Math.max(...jumps)).toBeLessThanOrEqual(3);
    // And the head is darker than the club colour behind it on both sides.
    const bg = pixel(png, 120, 300);
    expect(column[0].reduce((a, b) => a + b)).toBeLessThan(bg.reduce((a, b) => a + b));
  });
});

/*
 * The shot_map card decoded: each shot lands where its pitch fractions say, goals in green and
 * drawn on top, misses in translucent grey, and the totals come from the shots themselves.
 */
import { describe, expect, it } from 'vitest';
import { renderCard } from '../../src/cards/card.js';
import { shotTotalsOf } from '../../src/cards/layouts/shot-map.js';
import { decodePng, pixelAt, type DecodedPng } from './png.js';
import { sampleFacts } from './sample-facts.js';

const PITCH: [number, number, number] = [0x12, 0x35, 0x24];
const GOAL: [number, number, number] = [0x22, 0xc5, 0x5e];
// rgba(148,163,184,0.35) over the pitch green: 0.35·148 + 0.65·18 = 63.5, … → (64, 92, 88).
const MISS: [number, number, number] = [64, 92, 88];
const PX_PER_M = 13.5;
const near = (p: number[], c: number[], tol = 6) => c.every((v, i) => Math.abs(p[i]! - v) <= tol);

/** The top-left pixel inside the pitch border: scanned for, so the header's height does not matter. */
function pitchOrigin(img: DecodedPng): { left: number; top: number } {
  let top = 0;
  while (!near(pixelAt(img, 200, top), PITCH)) top++;
  let left = 0;
  while (!near(pixelAt(img, left, top + 40), PITCH)) left++;
  return { left, top };
}

describe('shot_map', () => {
  const shots = [
    { x: 1 - 11 / 105, y: 0.5, xg: 0.76, goal: true }, // a penalty: on the spot, 11 m out
    { x: 0.8, y: 0.3, xg: 0.05, goal: false }, // 21 m out, 13.6 m left of centre
  ];

  it('draws every shot at its place, goals green and misses grey', async () => {
    const img = decodePng((await renderCard('shot_map', sampleFacts({ shots }))).png);
    expect([img.width, img.height]).toEqual([1080, 1350]);
    const o = pitchOrigin(img);
    const centre = o.left + (68 * PX_PER_M) / 2 - 3;
    expect(near(pixelAt(img, Math.round(centre), Math.round(o.top + 11 * PX_PER_M)), GOAL)).toBe(true);
    const miss = pixelAt(img, Math.round(centre - 0.2 * 68 * PX_PER_M), Math.round(o.top + 21 * PX_PER_M));
    expect(near(miss, MISS)).toBe(true);
    // Between the two: open pitch.
    expect(near(pixelAt(img, Math.round(centre + 150), Math.round(o.top + 300)), PITCH)).toBe(true);
  });

  it('sums the totals from the shots', () => {
    expect(shotTotalsOf(shots)).toEqual({ shots: 2, goals: 1, xg: 0.81 });
  });

  it('says so when the dataset has no shots table', async () => {
    const withShots = decodePng((await renderCard('shot_map', sampleFacts({ shots }))).png);
    const without = decodePng((await renderCard('shot_map', sampleFacts({ shots: null }))).png);
    const o = pitchOrigin(without);
    const centre = Math.round(o.left + (68 * PX_PER_M) / 2 - 3);
    expect(near(pixelAt(without, centre, Math.round(o.top + 11 * PX_PER_M)), GOAL)).toBe(false);
    expect(near(pixelAt(withShots, centre, Math.round(o.top + 11 * PX_PER_M)), GOAL)).toBe(true);
  });
});

/**
 * Photo checks decided from the request alone (issue #11): which photo_url hosts can never be
 * fetched, and which uploaded bytes are no PNG or JPEG. The HTTP side (400 before any hold) is in
 * test/http/cards.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { svgToPng } from '../../../src/cards/render.js';
import { photoHeaderProblemOf } from '../../../src/cards/photo.js';
import { photoPixelsProblemOf } from '../../../src/cards/photo-pixels.js';

/** The header check, then (as the job queue does once the wallet covers the call) the pixel check. */
async function photoBytesProblemOf(bytes: Uint8Array): Promise<string | null> {
  return photoHeaderProblemOf(bytes) ?? (await photoPixelsProblemOf(bytes));
}
import { cardPhotoProblemOf, photoUrlHostProblemOf } from '../../../src/service/photos/public-address.js';
import { greyPng, jpegHeaderOnly, tinyJpeg } from '../../helpers/bombs.js';

// The well-known "smallest JPEG": SOI, APP0 (JFIF), DQT, SOF0 (1×1), DHT, SOS, with no decodable scan.
const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);

describe('photoUrlHostProblemOf', () => {
  it('refuses every spelling of a non-public literal and special-use names', () => {
    for (const host of [
      '127.0.0.1',
      '2130706433',
      '0x7f.1',
      '0177.0.0.1',
      '127.1',
      '[::1]',
      '[::ffff:127.0.0.1]',
      '[::ffff:7f00:1]',
      '10.0.0.1',
      '169.254.169.254',
      '192.168.1.1',
      '[fd00:ec2::254]',
      '0.0.0.0',
      'localhost',
      'LOCALHOST.',
      'a.b.localhost',
      'printer.local',
      'db.internal',
      'x.invalid',
      'nas.home.arpa',
      'intranet',
    ]) {
      expect(photoUrlHostProblemOf(`https://${host}/p.png`), host).not.toBeNull();
    }
  });
  it('leaves public literals and names to the fetch-time DNS check', () => {
    for (const host of ['img.example.com', '93.184.216.34', '[2606:4700::1111]', 'cdn.photos.example.org.']) {
      expect(photoUrlHostProblemOf(`https://${host}/p.png`), host).toBeNull();
    }
  });
});

describe('photoBytesProblemOf', () => {
  it('accepts a PNG from the card pipeline and a baseline JPEG', async () => {
    expect(
      await photoBytesProblemOf(svgToPng('<svg xmlns="http://www.w3.org/2000/svg" width="3" height="2"/>')),
    ).toBeNull();
    expect(await photoBytesProblemOf(new Uint8Array(tinyJpeg()))).toBeNull();
  });
  it('refuses text, empty bytes, bare signatures and truncated headers', async () => {
    const png = svgToPng('<svg xmlns="http://www.w3.org/2000/svg" width="3" height="2"/>');
    for (const [what, bytes] of [
      ['text', new TextEncoder().encode('<html>not an image</html>')],
      ['empty', new Uint8Array()],
      ['PNG signature only', png.subarray(0, 8)],
      ['PNG cut inside IHDR', png.subarray(0, 20)],
      ['JPEG SOI only', new Uint8Array([0xff, 0xd8, 0xff])],
      ['JPEG cut before its frame header', new Uint8Array(TINY_JPEG.subarray(0, 80))],
      ['GIF', new TextEncoder().encode('GIF89a\x01\x00\x01\x00')],
      // Headers that read well over pixel data that does not decode (issue 24: these were charged).
      ['JPEG whose scan holds no decodable data', new Uint8Array(TINY_JPEG)],
      ['JPEG start and frame header only', new Uint8Array(jpegHeaderOnly(64, 64))],
      ['PNG header over garbage', new Uint8Array(greyPng(64, 64, 0, true))],
      ['PNG over the pixel budget', new Uint8Array(greyPng(4097, 4097))],
    ] as const) {
      expect(await photoBytesProblemOf(bytes as Uint8Array), what).not.toBeNull();
    }
  });
});

describe('cardPhotoProblemOf', () => {
  const jpeg = new Uint8Array(tinyJpeg());
  it('names the field of each conflict', () => {
    expect(cardPhotoProblemOf({ style: 'collage' }, jpeg)).toBeNull();
    expect(cardPhotoProblemOf({ style: 'collage', photo_url: 'https://img.example.com/a.png' }, undefined)).toBeNull();
    expect(cardPhotoProblemOf({ style: 'collage', photo_url: 'https://10.0.0.1/a.png' }, undefined)?.param).toBe(
      'photo_url',
    );
    expect(cardPhotoProblemOf({ style: 'collage', photo_url: 'https://img.example.com/a.png' }, jpeg)?.message).toMatch(
      /not both/,
    );
    expect(cardPhotoProblemOf({ style: 'collage', photo_mode: 'silhouette' }, jpeg)?.param).toBe('photo');
    expect(cardPhotoProblemOf({ style: 'stat_ribbon' }, jpeg)?.message).toMatch(/only for the hd styles/);
  });
});

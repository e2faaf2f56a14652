/**
 * PNG photos of any size, bit depth, colour type and interlacing, with real (deterministic) pixel
 * data, and PNGs whose image data inflates to more than their header declares: the inputs of the
 * photo checks' tests and fuzz suite.
 */
import { crc32, deflateSync } from 'node:zlib';

/** How to build one PNG. */
export interface PngSpec {
  width: number;
  height: number;
  /** Default 8. */
  bitDepth?: number;
  /** 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA; default 2. */
  colorType?: number;
  /** Adam7 when true; default false. */
  interlace?: boolean;
  /** Extra zero bytes appended to the filtered scanlines before deflating (an inflation bomb); default 0. */
  extraBytes?: number;
  /** Seed of the pixel bytes; default 1. */
  seed?: number;
}

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const ADAM7 = [
  [0, 0, 8, 8],
  [4, 0, 8, 8],
  [0, 4, 4, 8],
  [2, 0, 4, 4],
  [0, 2, 2, 4],
  [1, 0, 2, 2],
  [0, 1, 1, 2],
];

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Filtered scanlines (filter 0) of a `w` × `h` sub-image; palette indices stay below 4. */
function scanlines(w: number, h: number, bitDepth: number, colorType: number, seed: number): Buffer {
  const rowBytes = Math.ceil((w * CHANNELS[colorType]! * bitDepth) / 8);
  const out = Buffer.alloc((rowBytes + 1) * h);
  let x = seed >>> 0 || 1;
  for (let y = 0; y < h; y++)
    for (let i = 0; i < rowBytes; i++) {
      x = (x * 1103515245 + 12345) >>> 0;
      // Palette images index a 4-entry palette: keep every packed index at most 3.
      out[y * (rowBytes + 1) + 1 + i] = colorType === 3 ? (x >>> 16) & (bitDepth === 1 ? 0xff : 0x33) : x >>> 16;
    }
  return out;
}

/**
 * A PNG built from `spec`.
 * @example pngPhoto({ width: 10, height: 1 }).subarray(1, 4).toString() // => 'PNG'
 */
export function pngPhoto(spec: PngSpec): Buffer {
  const { width, height, bitDepth = 8, colorType = 2, interlace = false, extraBytes = 0, seed = 1 } = spec;
  const parts: Buffer[] = [];
  if (!interlace) parts.push(scanlines(width, height, bitDepth, colorType, seed));
  else
    for (const [x0, y0, dx, dy] of ADAM7) {
      const w = Math.ceil((width - x0!) / dx!);
      const h = Math.ceil((height - y0!) / dy!);
      if (w > 0 && h > 0) parts.push(scanlines(w, h, bitDepth, colorType, seed));
    }
  if (extraBytes > 0) parts.push(Buffer.alloc(extraBytes));
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([bitDepth, colorType, 0, 0, interlace ? 1 : 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    ...(colorType === 3 ? [chunk('PLTE', Buffer.from([200, 30, 30, 30, 200, 30, 30, 30, 200, 240, 240, 240]))] : []),
    chunk('IDAT', deflateSync(Buffer.concat(parts), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every colour type with every bit depth the PNG specification allows for it. */
export const PNG_FORMATS: readonly { colorType: number; bitDepth: number }[] = [
  ...[1, 2, 4, 8, 16].map((bitDepth) => ({ colorType: 0, bitDepth })),
  ...[8, 16].map((bitDepth) => ({ colorType: 2, bitDepth })),
  ...[1, 2, 4, 8].map((bitDepth) => ({ colorType: 3, bitDepth })),
  ...[8, 16].map((bitDepth) => ({ colorType: 4, bitDepth })),
  ...[8, 16].map((bitDepth) => ({ colorType: 6, bitDepth })),
];

/** A small seeded generator (mulberry32): the same seed gives the same photos. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * One random photo for the fuzz suite and the soak bench: any format and interlacing, sizes from
 * 1 × N and N × 1 strips to a few hundred pixels, a tenth inflating past their header, a tenth
 * with a corrupted byte.
 */
export function randomPhoto(random: () => number): { spec: PngSpec; bytes: Buffer; kind: string } {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const side = () => 1 + Math.floor(random() ** 2 * 400);
  const shape = random();
  const [width, height] =
    shape < 0.15
      ? [1, side() * 4]
      : shape < 0.3
        ? [side() * 4, 1]
        : shape < 0.4
          ? [side() * 10, side()]
          : [side(), side()];
  const format = pick(PNG_FORMATS);
  const bomb = random() < 0.1;
  const spec: PngSpec = {
    width,
    height,
    ...format,
    interlace: random() < 0.3,
    seed: Math.floor(random() * 1e9),
    ...(bomb ? { extraBytes: 8 * 1024 * 1024 } : {}),
  };
  const bytes = pngPhoto(spec);
  if (!bomb && random() < 0.1) {
    const at = 33 + Math.floor(random() * (bytes.length - 33));
    bytes[at] = bytes[at]! ^ 0xff;
    return { spec, bytes, kind: 'corrupt' };
  }
  return { spec, bytes, kind: bomb ? 'bomb' : 'plain' };
}

/** How to build one greyscale JPEG. */
export interface JpegSpec {
  /** Progressive (SOF2, one DC scan) instead of baseline; default false. */
  progressive?: boolean;
  /** Sample precision in bits: 8, or 12 (SOF1 / SOF2 with 16-bit quantisation entries); default 8. */
  precision?: 8 | 12;
}

/**
 * A greyscale JPEG of any size built by hand: one component, every block's coefficients 0 (DC
 * category 0, and end-of-block in a baseline scan, one-bit Huffman codes each), which a decoder
 * reads as flat mid-grey. Baseline (two zero bits a block), or progressive with one DC scan (one
 * bit a block); 8-bit, or 12-bit, which many decoders do not support.
 */
export function greyJpeg(width: number, height: number, spec: JpegSpec = {}): Buffer {
  const { progressive = false, precision = 8 } = spec;
  const segment = (marker: number, data: number[]) => [
    0xff,
    marker,
    (data.length + 2) >> 8,
    (data.length + 2) & 0xff,
    ...data,
  ];
  const huffman = (tableClass: number) => [tableClass << 4, 1, ...new Array(15).fill(0), 0];
  const bits = (progressive ? 1 : 2) * Math.ceil(width / 8) * Math.ceil(height / 8);
  const scan = Buffer.alloc(Math.ceil(bits / 8));
  // The last byte is padded with one bits, as the JPEG specification asks.
  if (bits % 8 !== 0) scan[scan.length - 1] = (1 << (8 - (bits % 8))) - 1;
  const quantisation =
    precision === 12 ? [0x10, ...new Array(64).fill([0, 1]).flat()] : [0x00, ...new Array(64).fill(1)];
  const frame = progressive ? 0xc2 : precision === 12 ? 0xc1 : 0xc0;
  return Buffer.concat([
    Buffer.from([
      0xff,
      0xd8,
      ...segment(0xdb, quantisation),
      ...segment(frame, [precision, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
      ...segment(0xc4, huffman(0)),
      ...(progressive ? [] : segment(0xc4, huffman(1))),
      ...segment(0xda, [1, 1, 0x00, 0, progressive ? 0 : 63, 0]),
    ]),
    scan,
    Buffer.from([0xff, 0xd9]),
  ]);
}

/**
 * One random JPEG for the fuzz suite and the soak bench: sizes from 1 × N and N × 1 strips to a
 * few hundred pixels, a third progressive, a fifth 12-bit; a fifth cut short inside the scan, a
 * fifth with a corrupted byte after the start marker. `kind` is `plain` only for a whole 8-bit
 * one, which every decoder reads.
 */
export function randomJpeg(random: () => number): {
  width: number;
  height: number;
  spec: JpegSpec;
  bytes: Buffer;
  kind: string;
} {
  const side = () => 1 + Math.floor(random() ** 2 * 400);
  const shape = random();
  const [width, height] = shape < 0.15 ? [1, side() * 4] : shape < 0.3 ? [side() * 4, 1] : [side(), side()];
  const spec: JpegSpec = { progressive: random() < 1 / 3, precision: random() < 0.2 ? 12 : 8 };
  const bytes = greyJpeg(width, height, spec);
  const fate = random();
  if (fate < 0.2)
    return {
      width,
      height,
      spec,
      bytes: bytes.subarray(0, 2 + Math.floor(random() * (bytes.length - 2))),
      kind: 'truncated',
    };
  if (fate < 0.4) {
    const at = 2 + Math.floor(random() * (bytes.length - 2));
    bytes[at] = bytes[at]! ^ 0xff;
    return { width, height, spec, bytes, kind: 'corrupt' };
  }
  return { width, height, spec, bytes, kind: spec.precision === 12 ? '12-bit' : 'plain' };
}

/**
 * @module PNG encoding of rendered cards. resvg's own encoder spends about twice as long as the
 * rasterisation itself at 1080 × 1350 (docs/design.md#cards-and-prompts budget), so cards are encoded here with
 * node:zlib at a fast level: filter 0 scanlines, one IDAT chunk.
 */
import { deflateSync } from 'node:zlib';

/** zlib level for card PNGs: a low level keeps encoding cheap beside rasterising, at a size close to the highest levels. */
const PNG_DEFLATE_LEVEL = 3;

const SIGNATURE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// One scanline buffer reused across encodes of the same size: a card's raw scanlines are megabytes,
// and allocating them per render would add as much garbage for the GC on every render.
let scratch: Buffer | null = null;

// CRC-32 (ISO 3309, as PNG chunks use it) by table. node:zlib's crc32 is missing before Node 20.15,
// below the engines floor, so the checksum is computed here.
const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/**
 * The CRC-32 of `bytes`, an unsigned 32-bit integer.
 * @example crc32(Buffer.from('123456789')) // => 0xcbf43926
 */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * Encodes opaque-or-straight RGBA pixels (8 bits per channel, row-major) as a PNG. Deterministic:
 * the same pixels give the same bytes. Throws when the buffer does not hold `width × height × 4` bytes.
 * @example encodePng(new Uint8Array([255, 0, 0, 255]), 1, 1).subarray(1, 4).toString() // => 'PNG'
 */
export function encodePng(rgba: Uint8Array, width: number, height: number, level: number = PNG_DEFLATE_LEVEL): Buffer {
  const stride = width * 4;
  if (rgba.length !== stride * height)
    throw new RangeError(`expected ${stride * height} bytes of RGBA, got ${rgba.length}`);
  const size = (stride + 1) * height;
  if (scratch === null || scratch.length !== size) scratch = Buffer.allocUnsafe(size);
  const raw = scratch;
  for (let y = 0; y < height; y++) {
    const o = y * (stride + 1);
    raw[o] = 0;
    raw.set(rgba.subarray(y * stride, (y + 1) * stride), o + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

/**
 * Hostile inputs built in the test (nothing committed): decompression bombs and truncated images
 * for the resource-limit suite, and peak-RSS readings of processes under test.
 */
import { createWriteStream, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip, deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of bytes) crc = CRC_TABLE[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A greyscale 8-bit PNG of `width` × `height`, every pixel `grey`; with `garbage` its IDAT is
 * random-looking bytes instead (a valid header over pixel data that does not decode).
 */
export function greyPng(width: number, height: number, grey = 0, garbage = false): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  let idat: Buffer;
  if (garbage) idat = Buffer.from(Array.from({ length: 64 }, (_, i) => (i * 197 + 13) & 0xff));
  else {
    const raw = Buffer.alloc((width + 1) * height, grey);
    for (let y = 0; y < height; y++) raw[y * (width + 1)] = 0;
    idat = deflateSync(raw, { level: 9 });
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG that is only its start marker and a baseline frame header of `width` × `height` (no scan). */
export function jpegHeaderOnly(width: number, height: number): Buffer {
  return Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xc0,
    0x00,
    0x0b,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x01,
    0x01,
    0x11,
    0x00,
  ]);
}

/** Peak resident memory of live process `pid` in MB (VmHWM), or null off Linux. */
export function peakRssMb(pid: number): number | null {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * A valid baseline JPEG of 8 × 8 grey pixels built by hand: one component, every coefficient 0
 * (one-bit Huffman codes for DC category 0 and end-of-block), so any decoder reads it.
 */
export function tinyJpeg(): Buffer {
  const segment = (marker: number, data: number[]) => [
    0xff,
    marker,
    (data.length + 2) >> 8,
    (data.length + 2) & 0xff,
    ...data,
  ];
  const huffman = (tableClass: number, symbol: number) => [(tableClass << 4) | 0, 1, ...new Array(15).fill(0), symbol];
  return Buffer.from([
    0xff,
    0xd8,
    ...segment(0xdb, [0x00, ...new Array(64).fill(1)]),
    ...segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
    ...segment(0xc4, huffman(0, 0)),
    ...segment(0xc4, huffman(1, 0)),
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]),
    // DC category 0 ("0"), end of block ("0"), padded with ones.
    0x3f,
    0xff,
    0xd9,
  ]);
}

/**
 * Environment for a child `node` that writes its peak RSS (kB) to `file` when it exits, through a
 * preloaded script in `dir`; read it with {@link readPeakMb}. On Linux it is the child's own VmHWM:
 * `process.resourceUsage().maxRSS` keeps the spawning process's high-water mark across fork and
 * exec, so a child of a large test worker would report the worker's peak.
 */
export function peakRssEnv(dir: string, file: string): Record<string, string> {
  const preload = join(dir, 'peak-rss.cjs');
  writeFileSync(
    preload,
    `const fs = require('node:fs');
process.on('exit', () => {
  let kb = process.resourceUsage().maxRSS;
  try { kb = Number(/VmHWM:\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]); } catch {}
  fs.writeFileSync(${JSON.stringify(file)}, String(kb));
});
`,
  );
  return { NODE_OPTIONS: `--require ${preload}` };
}

/** The peak RSS in MB a child run with {@link peakRssEnv} recorded. */
export const readPeakMb = (file: string): number => Number(readFileSync(file, 'utf8')) / 1024;

/** Writes a gzip file of `mib` MiB of zeros without holding them (a gzip bomb: ~1 kB per MiB). */
export async function writeGzipBomb(path: string, mib: number): Promise<void> {
  const gzip = createGzip({ level: 9 });
  const done = pipeline(gzip, createWriteStream(path));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < mib; i++) if (!gzip.write(zeros)) await new Promise((r) => gzip.once('drain', r));
  gzip.end();
  await done;
}

/**
 * Text encodings of CSV input (docs/csv.md#encodings): strict UTF-8 by default, UTF-16LE,
 * ISO-8859-1 and Windows-1252 on request, byte-order marks honoured. Decoding never substitutes
 * U+FFFD: an invalid byte is a {@link DatasetError} naming the file, line and byte offset.
 */
import { DatasetError } from '../../model/dataset-error.js';

/** Encodings `--encoding` accepts. */
export const TEXT_ENCODINGS = ['utf-8', 'utf-16le', 'latin1', 'windows-1252'] as const;

/** One of {@link TEXT_ENCODINGS}. */
export type TextEncoding = (typeof TEXT_ENCODINGS)[number];

/** A byte-order mark found at the start of a file. */
interface Bom {
  /** The encoding the mark announces. */
  encoding: 'utf-8' | 'utf-16le' | 'utf-16be';
  /** Length of the mark in bytes. */
  bytes: number;
}

/**
 * The byte-order mark at the start of `head`, or null.
 * @example bomOf(Uint8Array.of(0xff, 0xfe, 0x41, 0x00)) // => { encoding: 'utf-16le', bytes: 2 }
 */
export function bomOf(head: Uint8Array): Bom | null {
  if (head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf)
    return { encoding: 'utf-8', bytes: 3 };
  if (head.length >= 2 && head[0] === 0xff && head[1] === 0xfe) return { encoding: 'utf-16le', bytes: 2 };
  if (head.length >= 2 && head[0] === 0xfe && head[1] === 0xff) return { encoding: 'utf-16be', bytes: 2 };
  return null;
}

/**
 * The encoding to decode a file with: the one its byte-order mark announces, checked against
 * `requested` when both exist (a UTF-8 or UTF-16 mark contradicting `--encoding` is an error, a
 * UTF-16BE mark is refused), else `requested`, else UTF-8. A file without a mark that starts like
 * UTF-16LE ASCII (NUL as its 2nd and 4th bytes) is refused unless `requested` names an encoding.
 * @example encodingOf(Uint8Array.of(0xff, 0xfe), undefined, 'a.csv') // => 'utf-16le'
 */
export function encodingOf(head: Uint8Array, requested: TextEncoding | undefined, file: string): TextEncoding {
  const bom = bomOf(head);
  if (bom) {
    if (bom.encoding === 'utf-16be')
      throw new DatasetError(
        file,
        null,
        null,
        'line 1: the file starts with a UTF-16BE byte-order mark; save it as UTF-8 or UTF-16LE',
      );
    if (requested === undefined || requested === bom.encoding) return bom.encoding;
    if (requested === 'utf-8' || requested === 'utf-16le') {
      throw new DatasetError(
        file,
        null,
        null,
        `line 1: the file starts with a ${bom.encoding === 'utf-8' ? 'UTF-8' : 'UTF-16LE'} byte-order mark but --encoding ${requested} was given`,
      );
    }
    return requested;
  }
  if (requested !== undefined) return requested;
  // An ASCII header in UTF-16LE reads "n\0a\0…"; a NUL inside UTF-8 data further on is just text.
  if (head.length >= 4 && head[0] !== 0 && head[1] === 0 && head[3] === 0)
    throw new DatasetError(
      file,
      null,
      null,
      'line 1: byte offset 1 is a NUL byte: the file looks like UTF-16; give --encoding utf-16le',
    );
  return 'utf-8';
}

/** Where an invalid sequence starts: its byte offset and 1-based line. */
interface InvalidByte {
  offset: number;
  line: number;
}

/** U+FFFD as each encoding writes it: a replacement character the file itself holds is text, not an error. */
const REPLACEMENT_BYTES = { 'utf-8': [0xef, 0xbf, 0xbd], 'utf-16le': [0xfd, 0xff] } as const;

/**
 * The first sequence of `bytes` that is not valid `encoding` (the WHATWG decoder's verdict, which
 * replaces each with U+FFFD), or null when the whole buffer is valid. `base` and `baseLine` place
 * `bytes` inside a larger file.
 * @example invalidSequenceOf(Uint8Array.of(0x61, 0x0a, 0xe9, 0x0a), 'utf-8') // => { offset: 2, line: 2 }
 */
export function invalidSequenceOf(
  bytes: Uint8Array,
  encoding: 'utf-8' | 'utf-16le',
  base = 0,
  baseLine = 1,
): InvalidByte | null {
  const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes);
  const written = REPLACEMENT_BYTES[encoding];
  let offset = 0;
  let line = baseLine;
  let from = 0;
  for (let k = text.indexOf('\uFFFD'); k >= 0; k = text.indexOf('\uFFFD', k + 1)) {
    // Everything before the first invalid sequence is valid, so it encodes back to its own bytes.
    const before = text.slice(from, k);
    offset += encoding === 'utf-8' ? Buffer.byteLength(before) : 2 * before.length;
    for (let j = before.indexOf('\n'); j >= 0; j = before.indexOf('\n', j + 1)) line++;
    if (!written.every((b, j) => bytes[offset + j] === b)) return { offset: base + offset, line };
    offset += written.length;
    from = k + 1;
  }
  return null;
}

/**
 * The located error for `bytes` (a whole file) that the strict decoder of `encoding` refused:
 * the line and byte offset of the first invalid sequence.
 * @example decodeErrorOf(Uint8Array.of(0x61, 0xe9), 'a.csv', 'utf-8').message // => 'a.csv: line 1: byte offset 1 (0xE9) is not valid UTF-8; …'
 */
export function decodeErrorOf(bytes: Uint8Array, file: string, encoding: TextEncoding): DatasetError {
  const skip = bomOf(bytes)?.bytes ?? 0;
  const at =
    encoding === 'utf-8' || encoding === 'utf-16le' ? invalidSequenceOf(bytes.subarray(skip), encoding, skip) : null;
  if (at === null) return new DatasetError(file, null, null, `not valid ${encoding}`);
  const where = `line ${at.line}: byte offset ${at.offset}`;
  if (encoding === 'utf-8') {
    const hex = bytes[at.offset].toString(16).toUpperCase().padStart(2, '0');
    return new DatasetError(
      file,
      null,
      null,
      `${where} (0x${hex}) is not valid UTF-8; if the file is in another encoding, give --encoding latin1, windows-1252 or utf-16le`,
    );
  }
  if (at.offset === bytes.length - 1)
    return new DatasetError(file, null, null, `${where}: the file ends in half a UTF-16 code unit`);
  return new DatasetError(file, null, null, `${where} is an unpaired UTF-16 surrogate`);
}

/** Characters 0x80–0x9F, where Windows-1252 differs from Latin-1. */
const C1 = /[\u0080-\u009f]/g;

/**
 * Windows-1252 bytes 0x80–0x9F (WHATWG encoding table); the five bytes it leaves undefined
 * (0x81 0x8D 0x8F 0x90 0x9D) stay the C1 control of the same value, as in the WHATWG decoder.
 */
const WINDOWS_1252_C1 = [...'€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ'];

/** A decoder fed with consecutive blocks of one file. */
interface BlockDecoder {
  /** Text of the next block; `last` flushes a sequence cut at the end of the file. */
  decode(block: Uint8Array, last: boolean): string;
}

/**
 * A strict decoder for `encoding`: UTF-8 and UTF-16LE throw on invalid input (the caller turns
 * that into a located error), ISO-8859-1 maps every byte to the code point of its value, and
 * Windows-1252 follows the WHATWG table (which also maps every byte, never to U+FFFD).
 * @example blockDecoder('windows-1252').decode(Uint8Array.of(0x8a, 0xe9), true) // => 'Šé'
 */
export function blockDecoder(encoding: TextEncoding): BlockDecoder {
  const latin1 = (block: Uint8Array): string =>
    Buffer.from(block.buffer, block.byteOffset, block.byteLength).toString('latin1');
  if (encoding === 'latin1') return { decode: latin1 };
  // Node's TextDecoder decodes the windows-1252 label as Latin-1 (nodejs/node#56542), so the 32
  // bytes where the two differ are mapped here.
  if (encoding === 'windows-1252')
    return { decode: (block) => latin1(block).replace(C1, (c) => WINDOWS_1252_C1[c.charCodeAt(0) - 0x80]) };
  // ignoreBOM keeps a mark the caller did not strip; the caller skips the file's own mark.
  const decoder = new TextDecoder(encoding, { fatal: true, ignoreBOM: true });
  return { decode: (block, last) => decoder.decode(block, { stream: !last }) };
}

import { describe, expect, it } from 'vitest';
import { delimiterFromName, delimiterOfHeader } from '../../../src/io/csv/delimiter.js';
import { blockDecoder, bomOf, encodingOf, invalidSequenceOf } from '../../../src/io/csv/encoding.js';
import { DatasetError } from '../../../src/model/dataset-error.js';

describe('invalidSequenceOf', () => {
  it('finds the first byte that does not start a valid sequence, with its line', () => {
    expect(invalidSequenceOf(Buffer.from('a\nMbappé\n', 'utf8'), 'utf-8')).toBeNull();
    // Latin-1 é (0xE9) followed by LF: a 3-byte lead byte without continuation bytes.
    expect(invalidSequenceOf(Uint8Array.of(0x61, 0x0a, 0x4d, 0xe9, 0x0a), 'utf-8')).toEqual({ offset: 3, line: 2 });
    // Overlong "/" (C0 AF), a UTF-16 surrogate encoded in UTF-8 (ED A0 80), above U+10FFFF (F4 90 80 80).
    expect(invalidSequenceOf(Uint8Array.of(0xc0, 0xaf), 'utf-8')).toEqual({ offset: 0, line: 1 });
    expect(invalidSequenceOf(Uint8Array.of(0x41, 0xed, 0xa0, 0x80), 'utf-8')).toEqual({ offset: 1, line: 1 });
    expect(invalidSequenceOf(Uint8Array.of(0xf4, 0x90, 0x80, 0x80), 'utf-8')).toEqual({ offset: 0, line: 1 });
    // A 4-byte emoji is valid; the same sequence cut short at the end is not.
    expect(invalidSequenceOf(Buffer.from('😀'), 'utf-8')).toBeNull();
    expect(invalidSequenceOf(Buffer.from('😀').subarray(0, 3), 'utf-8')).toEqual({ offset: 0, line: 1 });
  });

  it('takes a U+FFFD written in the file for text, and finds UTF-16LE surrogates left unpaired or a cut code unit', () => {
    const replacement = Buffer.from('\uFFFD\n', 'utf8');
    expect(invalidSequenceOf(replacement, 'utf-8')).toBeNull();
    expect(invalidSequenceOf(Buffer.concat([replacement, Uint8Array.of(0xe9)]), 'utf-8')).toEqual({
      offset: 4,
      line: 2,
    });
    expect(invalidSequenceOf(Buffer.from('\uFFFD\n', 'utf16le'), 'utf-16le')).toBeNull();
    // "a", LF, then a low surrogate (DC00) with no high one before it.
    expect(invalidSequenceOf(Uint8Array.of(0x61, 0x00, 0x0a, 0x00, 0x00, 0xdc), 'utf-16le')).toEqual({
      offset: 4,
      line: 2,
    });
    expect(invalidSequenceOf(Uint8Array.of(0x61, 0x00, 0x62), 'utf-16le')).toEqual({ offset: 2, line: 1 });
  });

  it('agrees with the WHATWG decoder on every 1- and 2-byte input', () => {
    const strict = new TextDecoder('utf-8', { fatal: true });
    const valid = (bytes: Uint8Array) => {
      try {
        strict.decode(bytes);
        return true;
      } catch {
        return false;
      }
    };
    for (let a = 0; a < 256; a++) {
      expect(invalidSequenceOf(Uint8Array.of(a), 'utf-8') === null, `${a}`).toBe(valid(Uint8Array.of(a)));
      for (let b = 0x80; b < 0xc0; b += 0x1f)
        expect(invalidSequenceOf(Uint8Array.of(a, b), 'utf-8') === null, `${a} ${b}`).toBe(valid(Uint8Array.of(a, b)));
    }
  });
});

describe('encodings and byte-order marks', () => {
  it('reads the mark and lets it decide unless --encoding contradicts it', () => {
    expect(bomOf(Uint8Array.of(0xef, 0xbb, 0xbf, 0x61))).toEqual({ encoding: 'utf-8', bytes: 3 });
    expect(bomOf(Uint8Array.of(0xff, 0xfe))).toEqual({ encoding: 'utf-16le', bytes: 2 });
    expect(bomOf(Uint8Array.of(0x61, 0x62))).toBeNull();
    expect(encodingOf(Uint8Array.of(0xff, 0xfe, 0x61, 0), undefined, 'f.csv')).toBe('utf-16le');
    expect(encodingOf(Uint8Array.of(0x61), undefined, 'f.csv')).toBe('utf-8');
    expect(encodingOf(Uint8Array.of(0x61), 'latin1', 'f.csv')).toBe('latin1');
    expect(() => encodingOf(Uint8Array.of(0xfe, 0xff, 0, 0x61), undefined, 'f.csv')).toThrow(
      /UTF-16BE byte-order mark/,
    );
    expect(() => encodingOf(Uint8Array.of(0xef, 0xbb, 0xbf), 'utf-16le', 'f.csv')).toThrow(DatasetError);
    expect(() => encodingOf(Uint8Array.of(0x61, 0x00, 0x62, 0x00), undefined, 'f.csv')).toThrow(
      /byte offset 1 is a NUL byte/,
    );
    // A NUL later in UTF-8 data is a character like any other.
    expect(encodingOf(Uint8Array.of(0x61, 0x2c, 0x62, 0x0a, 0x00), undefined, 'f.csv')).toBe('utf-8');
  });

  it('decodes Windows-1252 by the WHATWG table, Latin-1 byte for byte, and UTF-8 across block edges', () => {
    // 0x80 €, 0x8A Š, 0x9F Ÿ in Windows-1252; the same bytes are C1 controls in Latin-1.
    expect(blockDecoder('windows-1252').decode(Uint8Array.of(0x80, 0x8a, 0x9f, 0xe9, 0x81), true)).toBe('€ŠŸé\u0081');
    expect(blockDecoder('latin1').decode(Uint8Array.of(0x80, 0x8a, 0xe9), true)).toBe('\u0080\u008aé');
    const utf8 = blockDecoder('utf-8');
    const bytes = Buffer.from('Mbappé');
    expect(utf8.decode(bytes.subarray(0, 6), false) + utf8.decode(bytes.subarray(6), true)).toBe('Mbappé');
    expect(() => blockDecoder('utf-8').decode(Uint8Array.of(0x4d, 0xe9), true)).toThrow();
  });
});

describe('delimiters', () => {
  it('picks the most frequent of , ; tab outside quotes, a comma for one column, null for a tie', () => {
    expect(delimiterOfHeader('name,position,team')).toBe(',');
    expect(delimiterOfHeader('name;position;"a,b,c"')).toBe(';');
    expect(delimiterOfHeader('name\tposition\tteam,x')).toBe('\t');
    expect(delimiterOfHeader('name')).toBe(',');
    expect(delimiterOfHeader('a;b,c')).toBeNull();
    expect([
      delimiterFromName('tab'),
      delimiterFromName('Semicolon'),
      delimiterFromName(','),
      delimiterFromName('|'),
    ]).toEqual(['\t', ';', ',', null]);
  });
});

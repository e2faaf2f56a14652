import { describe, expect, it } from 'vitest';
import { DatasetError } from '../../../src/model/dataset-error.js';
import { parseCsv, type CsvField } from '../../../src/io/csv/parse.js';

function recordsOf(text: string): [number, CsvField[]][] {
  const out: [number, CsvField[]][] = [];
  parseCsv(text, 't.csv', (fields, line) => out.push([line, fields]));
  return out;
}

describe('parseCsv (RFC 4180)', () => {
  it('splits plain fields and tells an empty field (null) from a quoted empty one', () => {
    expect(recordsOf('a,b,c\n1,,""\n')).toEqual([
      [1, ['a', 'b', 'c']],
      [2, ['1', null, '']],
    ]);
  });

  it('reads quoted commas, doubled quotes and line breaks, counting lines from where each record starts', () => {
    // Record 2 spans lines 2–3 (one LF inside quotes), so record 3 starts on line 4.
    const text = 'name,note\n"Berg, Anton","said ""hi""\nthen left"\nx,y';
    expect(recordsOf(text)).toEqual([
      [1, ['name', 'note']],
      [2, ['Berg, Anton', 'said "hi"\nthen left']],
      [4, ['x', 'y']],
    ]);
  });

  it('accepts CRLF, a byte-order mark, a trailing comma and no final line break; skips blank lines', () => {
    expect(recordsOf('\uFEFFa,b\r\n\r\n1,\r\n2,"\r\n"')).toEqual([
      [1, ['a', 'b']],
      [3, ['1', null]],
      [4, ['2', '\r\n']],
    ]);
  });

  it('keeps spaces and unicode exactly', () => {
    expect(recordsOf(' Ñoño ,日本 😀')).toEqual([[1, [' Ñoño ', '日本 😀']]]);
  });

  const bad: [string, string, RegExp][] = [
    ['an unterminated quote', 'a,b\n1,"never closed\n', /line 2: quoted field never closed/],
    ['text after a closing quote', 'a,b\n1,"x"y\n', /line 2: text after the closing quote of field 2/],
    ['a bare quote in an unquoted field', 'a,b\n\n1,x"y\n', /line 3: a quote inside unquoted field 2/],
  ];
  it.each(bad)('rejects %s with its line', (_label, text, message) => {
    let error: unknown;
    try {
      recordsOf(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DatasetError);
    expect((error as DatasetError).file).toBe('t.csv');
    expect((error as DatasetError).message).toMatch(message);
  });
});

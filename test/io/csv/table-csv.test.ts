import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Int32, makeVector, Table } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { float64VectorOf, utf8VectorOf, validityOf, vectorOf } from '../../../src/model/arrow.js';
import { tableToCsvFile } from '../../../src/io/csv/table-csv.js';

describe('arrow columns', () => {
  it('stores NaN floats and masked ints as null', () => {
    const f = float64VectorOf(Float64Array.of(1.5, NaN, 0));
    expect([f.get(0), f.get(1), f.get(2), f.nullCount]).toEqual([1.5, null, 0, 1]);
    const i = vectorOf(new Int32(), Int32Array.of(3, 0, 5), Uint8Array.of(1, 0, 1));
    expect([i.get(0), i.get(1), i.get(2)]).toEqual([3, null, 5]);
    expect(validityOf(i)).toEqual(Uint8Array.of(1, 0, 1));
    expect(validityOf(vectorOf(new Int32(), Int32Array.of(1)))).toBeNull();
  });

  it('encodes text of every width, empty strings and nulls', () => {
    const xs = ['a', null, 'Jörg Müller-Weiß', '', '😀x', "N'Golo Kanté"];
    const v = utf8VectorOf(xs);
    expect(v.toArray()).toEqual(xs);
    expect(v.nullCount).toBe(1);
    // Growing past the first buffer (8 bytes per row) keeps earlier values intact.
    const long = ['x'.repeat(100), 'é'.repeat(50), 'y'];
    expect(utf8VectorOf(long).toArray()).toEqual(long);
  });
});

describe('tableToCsvFile', () => {
  it('writes a header and one record per row, quoting only where RFC 4180 needs it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'halfspace-tcsv-'));
    try {
      const table = new Table({
        id: vectorOf(new Int32(), Int32Array.of(1, 2, 3), Uint8Array.of(1, 1, 0)),
        name: utf8VectorOf(['Ana', 'Bo "Beast", Jr', '']),
        x: float64VectorOf(Float64Array.of(0.1 + 0.2, NaN, -2)),
      });
      const path = join(dir, 'out.csv');
      tableToCsvFile(table, path);
      // 0.1 + 0.2 prints as its shortest round-trip form 0.30000000000000004; NaN and the masked id are empty.
      expect(readFileSync(path, 'utf8')).toBe('id,name,x\n1,Ana,0.30000000000000004\n2,"Bo ""Beast"", Jr",\n,"",-2\n');
      // Float32 0.1 is 0.100000001490116…: printed with 9 significant digits as 0.100000001, which reads back to the same float32.
      const f32 = new Table({ v: makeVector(Float32Array.of(0.1, 0.5)) });
      tableToCsvFile(f32, path);
      expect(readFileSync(path, 'utf8')).toBe('v\n0.100000001\n0.5\n');
      expect(Math.fround(0.100000001)).toBe(Math.fround(0.1));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Int32, makeVector, Table } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { float64VectorOf, utf8VectorOf, validityOf, vectorOf } from '../../../src/model/arrow.js';
import { tableFromCsv } from '../../../src/io/csv/read.js';
import { tableToCsv, tableToCsvFile } from '../../../src/io/csv/table-csv.js';
import { tableFromRows } from '../../../src/model/schema.js';

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

describe('tableToCsv', () => {
  it('quotes only where RFC 4180 needs it, writes "" for the empty string and nothing for null', () => {
    const names = ['plain', 'a,b', 'say "hi"', 'two\nlines', '', null];
    const leagues = tableFromRows(
      'leagues',
      names.map((country, i) => ({ league_id: i, name: 'L', country, tier: 1, kind: 'league' as const })),
    );
    expect(tableToCsv('leagues', leagues).split('\n').slice(1)).toEqual([
      '0,L,plain,1,league',
      '1,L,"a,b",1,league',
      '2,L,"say ""hi""",1,league',
      '3,L,"two',
      'lines",1,league',
      '4,L,"",1,league',
      '5,L,,1,league',
      '',
    ]);
  });

  it('writes numbers that read back exactly, -0 included, and timestamps in UTC', () => {
    const appearances = tableFromRows('appearances', [
      { fixture_id: 1, player_id: 1, team_id: -7, started: false, minutes: 0.1 + 0.2, team_possession: -0 },
      { fixture_id: 2, player_id: 1, team_id: 1, started: true, minutes: 1e21, team_possession: null },
    ]);
    const csv = tableToCsv('appearances', appearances);
    expect(csv).toBe(
      'fixture_id,player_id,team_id,started,minutes,position,team_possession\n' +
        '1,1,-7,false,0.30000000000000004,,-0\n2,1,1,true,1e+21,,\n',
    );
    expect(Object.is(tableFromCsv('appearances', csv).table.getChild('team_possession')?.get(0), -0)).toBe(true);
    const fixtures = tableFromRows('fixtures', [
      {
        fixture_id: 1,
        season_id: 1,
        league_id: 1,
        kickoff: Date.UTC(2025, 7, 16, 14),
        home_team_id: 1,
        away_team_id: 2,
        status: 'finished',
      },
    ]);
    expect(tableToCsv('fixtures', fixtures).split('\n')[1]).toBe('1,1,1,,2025-08-16T14:00:00.000Z,1,2,,,finished,,,');
  });
});

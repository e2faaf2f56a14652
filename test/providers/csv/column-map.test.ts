import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DatasetError } from '../../../src/model/dataset-error.js';
import { ColumnMap, planOf, positionCodeOf } from '../../../src/providers/csv/column-map.js';
import { columnMapFromJson, columnMapOf } from '../../../src/providers/csv/column-map-presets.js';
import { mappedExportOf, seasonOnDate } from '../../../src/providers/csv/mapped-export.js';

const errorOf = (f: () => unknown): DatasetError => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(DatasetError);
    return e as DatasetError;
  }
  throw new Error('expected a DatasetError');
};

describe('positionCodeOf', () => {
  it('maps group codes and words in several languages to a code of the right group', () => {
    expect(positionCodeOf('FW', {})).toEqual({ ok: true, code: 'ST', token: 'FW' });
    expect(positionCodeOf('GK', {})).toMatchObject({ code: 'GK' });
    expect(positionCodeOf('Portero', {})).toMatchObject({ code: 'GK' });
    expect(positionCodeOf('Difensore', {})).toMatchObject({ code: 'CB' });
    expect(positionCodeOf('centrocampista', {})).toMatchObject({ code: 'CM' });
    expect(positionCodeOf('Stürmer', {})).toMatchObject({ code: 'ST' });
    expect(positionCodeOf('Delantero', {})).toMatchObject({ code: 'ST' });
    expect(positionCodeOf('LWB', {})).toMatchObject({ code: 'LWB' });
  });

  it('lets the first listed position decide a multi-position string', () => {
    // DF,MF → the defender code; MF,FW → the midfielder code; separators , / ; | and spaces.
    expect(positionCodeOf('DF,MF', {})).toMatchObject({ code: 'CB', token: 'DF' });
    expect(positionCodeOf('MF,FW', {})).toMatchObject({ code: 'CM', token: 'MF' });
    expect(positionCodeOf(' FW / DF', {})).toMatchObject({ code: 'ST', token: 'FW' });
    expect(positionCodeOf('RCB, CB', { RCB: 'CB' })).toMatchObject({ code: 'CB', token: 'RCB' });
  });

  it("prefers the map's own rules, compared without case, and reports the token no rule maps", () => {
    expect(positionCodeOf('fw', { FW: 'LW' })).toMatchObject({ code: 'LW' });
    expect(positionCodeOf('XX,FW', {})).toEqual({ ok: false, token: 'XX' });
  });
});

describe('ColumnMap validation', () => {
  it('names the map file and the key of the first problem', () => {
    expect(errorOf(() => columnMapFromJson({ columns: { Player: 'nom' } }, 'my-map.json')).message).toMatch(
      /^my-map\.json: key columns\.Player: /,
    );
    expect(errorOf(() => columnMapFromJson({ colums: {} }, 'm.json')).message).toMatch(/^m\.json: .*colums/);
    expect(errorOf(() => columnMapFromJson({ columns: { Gls: 'goals' }, ignore: ['Gls'] }, 'm.json')).message).toBe(
      'm.json: key ignore.Gls: "Gls" is already in columns',
    );
    expect(errorOf(() => columnMapFromJson({ metrics: { Gls: { key: 'goals' } } }, 'm.json')).message).toBe(
      'm.json: key metrics.Gls.key: "goals" is one of our own columns',
    );
    expect(errorOf(() => columnMapFromJson({ metrics: { xG: { key: 'xg_per90' } } }, 'm.json')).message).toMatch(
      /ends in _per90/,
    );
    expect(errorOf(() => columnMapFromJson({ extends: 'opta' }, 'm.json')).message).toMatch(
      /key extends: "opta" is not a preset/,
    );
    expect(errorOf(() => columnMapOf('nope.json', () => '{ not json')).message).toMatch(
      /^nope\.json: not a column map: /,
    );
  });

  it('merges a map onto the preset it extends, its own rules winning', () => {
    const map = columnMapFromJson(
      { extends: 'fbref', values: { season: '2024/25' }, ignore: ['Expected/xG'] },
      'm.json',
    );
    expect(map.values.season).toBe('2024/25');
    expect(map.metrics['Expected/xG']).toBeUndefined();
    expect(map.ignore).toContain('Expected/xG');
    expect(map.columns.Player).toBe('name');
  });

  it('ships presets that validate', () => {
    for (const name of ['fbref', 'wyscout-search'])
      expect(ColumnMap.safeParse(columnMapOf(name).map).success).toBe(true);
  });
});

describe('planOf', () => {
  const map = ColumnMap.parse({
    columns: { Player: 'name', Min: 'minutes', Gls: 'goals' },
    per90: { 'Gls/90': 'goals', 'Sh/90': 'shots' },
    ignore: ['Rk'],
  });
  it('never drops a column silently: an unmapped column is an error naming file and map', () => {
    expect(errorOf(() => planOf(['Rk', 'Player', 'Min', 'Touches'], map, 'export.csv', 'my-map.json')).message).toBe(
      'export.csv, column Touches: unknown column "Touches": the column map my-map.json neither maps, converts, declares as a metric nor ignores it (docs/scoring.md#column-maps)',
    );
  });
  it('uses a per-90 column only when the total is missing, and marks it unused otherwise', () => {
    expect(planOf(['Player', 'Min', 'Gls', 'Gls/90', 'Sh/90'], map, 'e.csv', 'm')).toEqual([
      { kind: 'column', target: 'name' },
      { kind: 'column', target: 'minutes' },
      { kind: 'column', target: 'goals' },
      { kind: 'unused', target: 'goals' },
      { kind: 'per90', target: 'shots' },
    ]);
  });
  it('refuses per-90 columns without minutes', () => {
    expect(errorOf(() => planOf(['Player', 'Sh/90'], map, 'e.csv', 'm')).message).toMatch(
      /per-90 columns need the minutes/,
    );
  });
});

/** A minimal export through a user map: header, then rows. */
const exportOf = (rows: string[]) => [{ file: 'club.csv', text: `${rows.join('\n')}\n` }];
const USER_MAP = ColumnMap.parse({
  columns: { Spieler: 'name', Pos: 'position', Verein: 'team', Spiele: 'appearances', Minuten: 'minutes' },
  per90: { 'Tore/90': 'goals' },
  pct: { 'Passquote %': { completed: 'passes_completed', attempted: { per90: 'Pässe/90' } } },
  metrics: { xG: { key: 'xg_open_play', label: 'xG (open play)' }, 'xA/90': { key: 'xa_pass', as: 'per90' } },
  ignore: ['Pässe/90'],
  values: { league: 'Regionalliga', season: '2024/25' },
});

describe('mappedExportOf', () => {
  it('converts per-90 and percentage columns back to totals and reports every rounding', () => {
    const m = mappedExportOf(
      exportOf([
        'Spieler,Pos,Verein,Spiele,Minuten,Tore/90,Pässe/90,Passquote %,xG,xA/90',
        // 0.45 × 1000 / 90 = 5.0 goals (whole); passes 30 × 1000 / 90 = 333.3…, 80 % → 266.67 → 267 (0.333…).
        'Jörg Weiß,Stürmer,FC Nord,12,1000,0.45,30,80,4.2,0.18',
        // 0.33 × 900 / 90 = 3.3 → 3 goals (0.3 rounded); 40 × 900 / 90 = 400 passes, 75 % → 300 (whole).
        'Emil Ost,Verteidiger,FC Nord,10,900,0.33,40,75,0.5,0.1',
      ]),
      USER_MAP,
      'club-map.json',
    );
    expect(m.text).toBe(
      'name,position,team,appearances,minutes,goals,passes_completed,league,season\n' +
        'Jörg Weiß,ST,FC Nord,12,1000,5,267,Regionalliga,2024/25\nEmil Ost,CB,FC Nord,10,900,3,300,Regionalliga,2024/25\n',
    );
    expect(m.report.rounded).toEqual({
      passes_completed: { rows: 1, max_difference: 0.333333 },
      goals: { rows: 1, max_difference: 0.3 },
    });
    expect(m.report.converted).toEqual({ goals: 'Tore/90', passes_completed: 'Passquote %' });
    expect(m.report.positions).toEqual({ Stürmer: 'ST', Verteidiger: 'CB' });
    // Provider metrics stay unrounded: xA 0.18 per 90 × 1000 / 90 = 2.0 in total.
    expect(m.metrics.map((x) => x.spec.key)).toEqual(['xg_open_play', 'xa_pass']);
    expect([...m.metrics[0].totals]).toEqual([4.2, 0.5]);
    expect(m.metrics[1].totals[0]).toBeCloseTo(2, 12);
    expect(m.metrics[1].totals[1]).toBeCloseTo(1, 12);
  });

  it('names file, source column, row and line for a position no rule maps and for a bad number', () => {
    const bad = (cells: string) =>
      errorOf(() =>
        mappedExportOf(
          exportOf([
            'Spieler,Pos,Verein,Spiele,Minuten,Tore/90,Pässe/90,Passquote %,xG,xA/90',
            'A,ST,X,1,90,0,0,0,0,0',
            cells,
          ]),
          USER_MAP,
          'club-map.json',
        ),
      ).message;
    expect(bad('B,Libero,X,1,90,0,0,0,0,0')).toBe(
      'club.csv, column Pos, row 1: line 3: no position rule maps "Libero" (its first position "Libero" is not in the map\'s positions, the built-in words or our codes; docs/scoring.md#positions)',
    );
    expect(bad('B,ST,X,1,90,0,0,0,abc,0')).toBe('club.csv, column xG, row 1: line 3: "abc" is not a number');
  });

  it('tells repeated header names apart with #2 and refuses two columns giving one value', () => {
    const map = ColumnMap.parse({
      columns: { Player: 'name', Pos: 'position', Club: 'team', MP: 'appearances', Min: 'minutes', Gls: 'goals' },
      per90: { 'Gls#2': 'goals' },
      values: { league: 'L', season: 'S' },
    });
    const m = mappedExportOf(exportOf(['Player,Pos,Club,MP,Min,Gls,Gls', 'A,FW,X,10,900,4,0.40']), map, 'm');
    expect(m.report.unused_columns).toEqual(['Gls#2']);
    const twice = ColumnMap.parse({ columns: { Player: 'name', Name: 'name' } });
    expect(errorOf(() => mappedExportOf(exportOf(['Player,Name', 'A,B']), twice, 'm')).message).toMatch(
      /columns "Player" and "Name" both give name/,
    );
  });

  it("reads the wyscout-search preset's 0 market value and height as unknown, never as €0 (fee tier T1), and counts them", () => {
    const { map } = columnMapOf('wyscout-search');
    const m = mappedExportOf(
      exportOf([
        'Player,Team within selected timeframe,Position,Market value,Matches played,Minutes played,Height',
        'A,X,CF,0,10,900,0',
        'B,X,CB,15000000,10,900,188',
        'C,X,GK,0,10,900,191',
      ]),
      map,
      'wyscout-search',
    );
    const [header, ...rows] = m.text
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    const cell = (row: number, column: string) => rows[row][header.indexOf(column)];
    expect([0, 1, 2].map((r) => cell(r, 'market_value_eur'))).toEqual(['', '15000000', '']);
    expect([0, 1, 2].map((r) => cell(r, 'height_cm'))).toEqual(['', '188', '191']);
    expect(m.report.zeros_as_unknown).toEqual({ 'Market value': 2, Height: 1 });
    // A map without the rule keeps a 0 as 0.
    const plain = mappedExportOf(
      exportOf(['Player,Pos,Club,MP,Min,Value', 'A,FW,X,10,900,0']),
      ColumnMap.parse({
        columns: {
          Player: 'name',
          Pos: 'position',
          Club: 'team',
          MP: 'appearances',
          Min: 'minutes',
          Value: 'market_value_eur',
        },
      }),
      'm',
    );
    expect(plain.text.split('\n')[1].split(',')[5]).toBe('0');
    expect(plain.report.zeros_as_unknown).toEqual({});
  });

  it('fills a missing league with a placeholder and season from the as-of date (never the file name), and says so', () => {
    const map = ColumnMap.parse({
      columns: { Player: 'name', Pos: 'position', Club: 'team', MP: 'appearances', Min: 'minutes' },
    });
    const m = mappedExportOf(exportOf(['Player,Pos,Club,MP,Min', 'A,FW,X,10,900']), map, 'm', { asOf: '2025-08-02' });
    // August starts the 2025/26 season.
    expect(m.report.defaults).toEqual({ league: 'Unnamed league', season: '2025/26' });
    expect(m.text.split('\n')[1]).toContain('Unnamed league,2025/26');
  });

  it('dates the season: July starts a new one', () => {
    expect(['2025-06-30', '2025-07-01', '2000-01-15', '1999-12-31'].map(seasonOnDate)).toEqual([
      '2024/25',
      '2025/26',
      '1999/00',
      '1999/00',
    ]);
  });

  it('recovers any integer total written as a two-decimal per-90 value when minutes are below 9,000', () => {
    // |round2(t·90/m) − t·90/m| ≤ 0.005, times m / 90 stays below 0.5 for m < 9000: the total comes back exactly.
    const map = ColumnMap.parse({
      columns: { P: 'name', Pos: 'position', C: 'team', MP: 'appearances', Min: 'minutes' },
      per90: { 'G/90': 'goals' },
      values: { league: 'L', season: 'S' },
    });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 80 }), fc.integer({ min: 90, max: 8999 }), (goals, minutes) => {
        const per90 = ((goals * 90) / minutes).toFixed(2);
        const m = mappedExportOf(
          exportOf(['P,Pos,C,MP,Min,G/90', `A,FW,X,${Math.ceil(minutes / 90)},${minutes},${per90}`]),
          map,
          'm',
        );
        expect(m.text.trim().split('\n')[1].split(',')[5]).toBe(String(goals));
        // The report rounds max_difference to 6 decimals, so it may sit up to 5e-7 (plus float noise) above the exact bound
        // (goals 1, minutes 1200: 0.075 prints as 0.07, a change of exactly 0.0666…, reported 0.066667).
        for (const r of Object.values(m.report.rounded))
          expect(r.max_difference).toBeLessThanOrEqual((0.005 * minutes) / 90 + 1e-6);
      }),
    );
  });
});

describe('mappedExportOf edge cases', () => {
  it('hints at a lost group row and refuses a group row with no names under it', () => {
    const fbref = columnMapOf('fbref').map;
    expect(
      errorOf(() =>
        mappedExportOf(
          exportOf(['Rk,Player,Nation,Pos,Squad,Age,Born,MP,Starts,Min', '1,A,x,FW,X,20,2000,1,1,90']),
          fbref,
          'fbref',
        ),
      ).message,
    ).toMatch(/unknown column "MP".*the map knows "Playing Time\/MP": keep the export's group row/);
    expect(errorOf(() => mappedExportOf(exportOf([',,Playing Time']), fbref, 'fbref')).message).toBe(
      'club.csv: line 1: a group row but no header row under it',
    );
  });

  it('refuses a percentage whose attempts come only from another percentage', () => {
    const map = ColumnMap.parse({
      columns: { P: 'name', Min: 'minutes' },
      pct: { 'A%': { completed: 'crosses', attempted: 'passes' }, 'B%': { completed: 'passes', attempted: 'shots' } },
    });
    expect(errorOf(() => planOf(['P', 'Min', 'A%', 'B%'], map, 'e.csv', 'm')).message).toMatch(
      /"A%" needs passes \(its attempts\), which no column or per-90 column/,
    );
  });
});

describe('FBref group rows', () => {
  it('reads a group row that names each group once like one that repeats it, and ignores the -9999 id column', async () => {
    const { fbrefStandard, fbrefShooting, fbrefPassing, fbrefDefense, fbrefGca, sparseBand } = await import(
      './export-samples.js'
    );
    const fbref = columnMapOf('fbref').map;
    const tables = [fbrefStandard(), fbrefShooting(), fbrefPassing(), fbrefDefense(), fbrefGca()];
    const names = ['standard.csv', 'shooting.csv', 'passing.csv', 'defense.csv', 'gca.csv'];
    const repeated = mappedExportOf(
      tables.map((text, i) => ({ file: names[i], text })),
      fbref,
      'fbref',
    );
    const sparse = mappedExportOf(
      tables.map((text, i) => ({ file: names[i], text: sparseBand(text) })),
      fbref,
      'fbref',
    );
    // The sample's first line really is sparse: "Playing Time" once, then blanks.
    expect(sparseBand(tables[0]).split('\n')[0]).toMatch(/^,{7}Playing Time,,,,Performance,/);
    expect(sparse.text).toBe(repeated.text);
    expect(sparse.report.ignored_columns).toContain('Per 90 Minutes/-9999');
    expect(sparse.report.repeated_headers_skipped).toBe(1);
    expect(sparse.report.ignored_columns).toContain('GCA Types/-9999');
  });

  it('maps the goal-and-shot-creation table’s SCA onto our sca column', async () => {
    const { fbrefStandard, fbrefGca } = await import('./export-samples.js');
    const joined = mappedExportOf(
      [
        { file: 'standard.csv', text: fbrefStandard() },
        { file: 'gca.csv', text: fbrefGca() },
      ],
      columnMapOf('fbref').map,
      'fbref',
    );
    const [head, ...lines] = joined.text.trim().split('\n');
    const cols = head!.split(',');
    const scaOf = (name: string) =>
      lines.map((l) => l.split(',')).find((f) => f[cols.indexOf('name')] === name)?.[cols.indexOf('sca')];
    // The totals of export-samples.ts's fbrefGca: Ana 60, Carl 45, Bo 5, Dan 1.
    expect([scaOf('Ana Alves'), scaOf('Carl Cruz'), scaOf('Bo Berg'), scaOf('Dan Dorf')]).toEqual([
      '60',
      '45',
      '5',
      '1',
    ]);
    expect(joined.report.ignored_columns).toEqual(expect.arrayContaining(['SCA Types/PassLive', 'GCA/GCA']));
  });
});

describe('error lines', () => {
  it('stay one line when a value holds a line break', () => {
    const map = ColumnMap.parse({
      columns: { P: 'name', Pos: 'position', C: 'team', MP: 'appearances', Min: 'minutes' },
      values: { league: 'L', season: 'S' },
    });
    const message = errorOf(() => mappedExportOf(exportOf(['P,Pos,C,MP,Min', 'A,"FW\nXX",X,1,90']), map, 'm')).message;
    expect(message).not.toContain('\n');
    expect(message).toContain('"FW\\nXX"');
  });
});

describe('joined tables', () => {
  it("name a bad number in the joined table's own file, row and line", async () => {
    const { fbrefStandard, fbrefPassing } = await import('./export-samples.js');
    // Ana is the third data row of the passing sample (line 5: group row, names, Dan, Bo, Ana).
    const passing = fbrefPassing().replace('400,500,"80.0"', '400,5x0,80.0').replace('400,500,80.0', '400,5x0,80.0');
    expect(passing).toContain('5x0');
    const files = [
      { file: 'standard.csv', text: fbrefStandard() },
      { file: 'passing.csv', text: passing },
    ];
    expect(errorOf(() => mappedExportOf(files, columnMapOf('fbref').map, 'fbref')).message).toBe(
      'passing.csv, column Total/Att, row 2: line 5: "5x0" is not a number',
    );
  });
});

describe('errors after mapping', () => {
  it('name the export line and the source column behind our column', async () => {
    const { datasetFromExport } = await import('../../../src/providers/csv/export-dataset.js');
    const { fbrefStandard } = await import('./export-samples.js');
    // Bo (line 6, after the repeated header) with 10 matches but 9,000 minutes: more than 120 × 10.
    const text = fbrefStandard()
      .replace('10,10,900,"10.0"', '10,10,"9,000","100.0"')
      .replace('10,10,900,10.0', '10,10,"9,000",100.0');
    expect(text).toContain('"9,000"');
    const message = errorOf(() =>
      datasetFromExport([{ file: 'standard.csv', text }], { asOf: '2025-06-01', map: 'fbref' }),
    ).message;
    expect(message).toMatch(
      /^standard\.csv, column minutes, row 2: line 6: .*\(minutes from source column "Playing Time\/Min", after the column map fbref\)$/,
    );
  });
});

import { mkdtempSync, rmSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  Bool,
  Float64,
  Int32,
  Int64,
  Table,
  TimestampSecond,
  Utf8,
  vectorFromArray,
  type DataType,
  type Vector,
} from 'apache-arrow';
import { DatasetError } from '../../src/model/dataset-error.js';
import { datasetFromDir } from '../../src/io/load.js';
import { datasetToDir } from '../../src/io/save.js';
import { validateDataset } from '../../src/model/validate.js';
import { Engine } from '../../src/engine.js';
import type { Dataset, TableName } from '../../src/model/schema.js';
import { completeDataset, completeRows, datasetOfRows, type DatasetRows } from '../helpers/complete-dataset.js';
import { expectDatasetsEqual } from '../helpers/expect-tables-equal.js';

const root = mkdtempSync(join(tmpdir(), 'halfspace-validate-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;

/** Writes the dataset to a fresh folder and returns the DatasetError loading it throws. */
function loadError(dataset: Dataset, prepare?: (dir: string) => void): DatasetError {
  const dir = join(root, `ds-${n++}`);
  datasetToDir(dataset, dir);
  prepare?.(dir);
  try {
    datasetFromDir(dir);
  } catch (e) {
    expect(e).toBeInstanceOf(DatasetError);
    return e as DatasetError;
  }
  return expect.fail('datasetFromDir accepted a bad dataset');
}

/** Rows of the valid dataset with one edit applied. */
function broken(edit: (rows: DatasetRows) => void): Dataset {
  const rows = completeRows();
  edit(rows);
  return datasetOfRows(rows);
}

/** Replaces (or, with `vector` null, drops) one column of one table. */
function withColumn(dataset: Dataset, table: TableName, column: string, vector: Vector | null): Dataset {
  const t = dataset.tables[table]!;
  const children: Record<string, Vector> = {};
  for (const f of t.schema.fields) {
    if (f.name !== column) children[f.name] = t.getChild(f.name)!;
    else if (vector) children[f.name] = vector;
  }
  return { ...dataset, tables: { ...dataset.tables, [table]: new Table(children) } };
}

const where = (e: DatasetError) => ({ file: e.file, column: e.column, row: e.row });

describe('validateDataset through datasetFromDir', () => {
  it('loads the valid dataset and round-trips every table unchanged', () => {
    const dataset = completeDataset();
    const dir = join(root, 'valid');
    datasetToDir(dataset, dir);
    expectDatasetsEqual(datasetFromDir(dir), dataset);
  });

  it('rejects a missing required table', () => {
    const e = loadError(completeDataset(), (dir) => unlinkSync(join(dir, 'player_seasons.arrow')));
    expect(where(e)).toEqual({ file: 'player_seasons.arrow', column: null, row: null });
  });

  it('accepts a dataset without the optional tables', () => {
    const d = completeDataset();
    const dir = join(root, 'no-optional');
    datasetToDir({ ...d, tables: { ...d.tables, rivalries: undefined, appearances: undefined } }, dir);
    const loaded = datasetFromDir(dir);
    expect(loaded.tables.appearances).toBeUndefined();
    expect(loaded.tables.players.numRows).toBe(4);
  });

  it('rejects a missing column', () => {
    const e = loadError(withColumn(completeDataset(), 'fixtures', 'kickoff', null));
    expect(where(e)).toEqual({ file: 'fixtures.arrow', column: 'kickoff', row: null });
    expect(e.message).toBe('fixtures.arrow, column kickoff: missing column');
  });

  it('rejects a column the schema does not have (derived values are never supplied)', () => {
    const d = completeDataset();
    const t = d.tables.player_seasons;
    const extra = new Table({
      ...Object.fromEntries(t.schema.fields.map((f) => [f.name, t.getChild(f.name)!])),
      goals_per90: vectorFromArray([1, 2, 3, 4], new Float64()),
    });
    const e = loadError({ ...d, tables: { ...d.tables, player_seasons: extra } });
    expect(where(e)).toEqual({ file: 'player_seasons.arrow', column: 'goals_per90', row: null });
  });

  const wrongTypes: [TableName, string, DataType, unknown[], string][] = [
    ['players', 'height_cm', new Float64(), [184, null, null, null], 'Int32'],
    ['player_seasons', 'minutes', new Int32(), [850, 1080, 31, 120], 'Float64'],
    ['players', 'player_id', new Int64(), [1n, 2n, 3n, 4n], 'Int32'],
    ['appearances', 'started', new Utf8(), ['true', 'true', 'false', 'false', 'true'], 'Bool'],
    ['leagues', 'name', new Bool(), [true, false], 'Utf8'],
    ['fixtures', 'kickoff', new TimestampSecond('UTC'), [1000, 2000], 'Timestamp<MILLISECOND>'],
  ];
  it.each(wrongTypes)('rejects %s.%s stored as %s', (table, column, type, values, expected) => {
    const e = loadError(
      withColumn(completeDataset(), table, column, vectorFromArray(values as never[], type as never) as Vector),
    );
    expect(where(e)).toEqual({ file: `${table}.arrow`, column, row: null });
    expect(e.message).toContain(`expected ${expected}`);
  });

  it('rejects a null in a non-nullable column', () => {
    const e = loadError(
      broken((r) => {
        r.players[2].name = null as never;
      }),
    );
    expect(where(e)).toEqual({ file: 'players.arrow', column: 'name', row: 2 });
  });

  it('rejects a value outside its enumeration', () => {
    const e = loadError(
      broken((r) => {
        r.players[1].position = 'SW' as never;
      }),
    );
    expect(where(e)).toEqual({ file: 'players.arrow', column: 'position', row: 1 });
    expect(e.message).toContain('"SW" is not one of GK, CB');
  });

  it('rejects a value outside the enumeration of a nullable column, allowing its nulls', () => {
    // Row 2 and 3 hold null positions, which are allowed; row 4 is the bad one.
    const e = loadError(
      broken((r) => {
        r.appearances[4].position = 'cm' as never;
      }),
    );
    expect(where(e)).toEqual({ file: 'appearances.arrow', column: 'position', row: 4 });
  });

  it('rejects a duplicate primary key, at the second occurrence', () => {
    const e = loadError(
      broken((r) => {
        r.players[3].player_id = 2;
      }),
    );
    expect(where(e)).toEqual({ file: 'players.arrow', column: 'player_id', row: 3 });
    expect(e.message).toContain('duplicate player_id 2, first at row 1');
  });

  it('rejects a duplicate (player_id, season_id, team_id) in player_seasons', () => {
    // Row 2 (player 2, season 100, team 10) moved to team 11 duplicates row 1.
    const e = loadError(
      broken((r) => {
        r.player_seasons[2].team_id = 11;
      }),
    );
    expect(where(e)).toEqual({ file: 'player_seasons.arrow', column: 'player_id,season_id,team_id', row: 2 });
    expect(e.message).toContain('(2, 100, 11), first at row 1');
  });

  it('rejects a duplicate (fixture_id, player_id) in appearances', () => {
    // Row 3 (fixture 1001, player 1) moved to fixture 1000 duplicates row 0.
    const e = loadError(
      broken((r) => {
        r.appearances[3].fixture_id = 1000;
      }),
    );
    expect(where(e)).toEqual({ file: 'appearances.arrow', column: 'fixture_id,player_id', row: 3 });
  });

  it('rejects a duplicate (fixture_id, player_id) when appearances are not stored fixture by fixture', () => {
    // Fixtures 1000, 1001, 1000, …: not in runs, so the check cannot go run by run. Row 2
    // (fixture 1000, player 2) becomes (1000, 1), which row 0 already holds.
    const e = loadError(
      broken((r) => {
        r.appearances = [
          r.appearances[0],
          r.appearances[3],
          { ...r.appearances[2], player_id: 1 },
          r.appearances[1],
          r.appearances[4],
        ];
      }),
    );
    expect(where(e)).toEqual({ file: 'appearances.arrow', column: 'fixture_id,player_id', row: 2 });
    expect(e.message).toContain('duplicate (fixture_id, player_id) (1000, 1), first at row 0');
  });

  it('accepts appearances not stored fixture by fixture when no pair repeats', () => {
    const rows = completeRows();
    rows.appearances = [
      rows.appearances[0],
      rows.appearances[3],
      rows.appearances[2],
      rows.appearances[1],
      rows.appearances[4],
    ];
    expect(validateDataset(datasetOfRows(rows))).toBeUndefined();
  });

  it('finds duplicates among sparse ids too (ids near the 32-bit limit)', () => {
    // Ids 1 … 2,000,000,000 span more than a bitset may cover; (fixture_id, player_id) pairs then
    // span 2e9 × 2e9 > 2^53, beyond exact numeric keys.
    const far = 2_000_000_000;
    const sparse = (edit: (r: DatasetRows) => void) =>
      broken((r) => {
        r.players.push({ player_id: far, name: 'Far Away', position: 'ST' });
        r.fixtures.push({ ...r.fixtures[1], fixture_id: far });
        r.appearances.push({ fixture_id: far, player_id: far, team_id: 11, started: true, minutes: 90 });
        edit(r);
      });
    expect(() => validateDataset(sparse(() => {}))).not.toThrow();
    const e1 = loadError(
      sparse((r) => {
        r.players.push({ player_id: far, name: 'Again', position: 'CB' });
      }),
    );
    expect(where(e1)).toEqual({ file: 'players.arrow', column: 'player_id', row: 5 });
    const e2 = loadError(
      sparse((r) => {
        r.appearances.push({ fixture_id: far, player_id: far, team_id: 11, started: false, minutes: 0 });
      }),
    );
    expect(where(e2)).toEqual({ file: 'appearances.arrow', column: 'fixture_id,player_id', row: 6 });
    expect(e2.message).toContain(`(${far}, ${far}), first at row 5`);
  });

  it('rejects negative minutes in player_seasons', () => {
    const e = loadError(
      broken((r) => {
        r.player_seasons[1].minutes = -1;
      }),
    );
    expect(where(e)).toEqual({ file: 'player_seasons.arrow', column: 'minutes', row: 1 });
  });

  it('rejects negative minutes in appearances', () => {
    const e = loadError(
      broken((r) => {
        r.appearances[4].minutes = -0.5;
      }),
    );
    expect(where(e)).toEqual({ file: 'appearances.arrow', column: 'minutes', row: 4 });
  });

  it.each(['goals', 'punches', 'appearances', 'starts'] as const)('rejects a negative %s total', (column) => {
    const e = loadError(
      broken((r) => {
        r.player_seasons[3][column] = -2;
      }),
    );
    expect(where(e)).toEqual({ file: 'player_seasons.arrow', column, row: 3 });
  });

  it('rejects negative goals in a fixture', () => {
    const e = loadError(
      broken((r) => {
        r.fixtures[0].away_goals = -1;
      }),
    );
    expect(where(e)).toEqual({ file: 'fixtures.arrow', column: 'away_goals', row: 0 });
  });

  it('rejects minutes above 120 × appearances, accepting exactly 120 × appearances', () => {
    // Row 3 of the valid data has 120 minutes in 1 appearance: on the limit, accepted above.
    // Row 0: 10 appearances allow 120 × 10 = 1200 minutes; 1200.5 is over.
    const e = loadError(
      broken((r) => {
        r.player_seasons[0].minutes = 1200.5;
      }),
    );
    expect(where(e)).toEqual({ file: 'player_seasons.arrow', column: 'minutes', row: 0 });
    expect(e.message).toContain('at most 120 × 10 = 1200');
  });

  it('rejects more than 120 minutes in one appearance', () => {
    const e = loadError(
      broken((r) => {
        r.appearances[1].minutes = 121;
      }),
    );
    expect(where(e)).toEqual({ file: 'appearances.arrow', column: 'minutes', row: 1 });
  });

  const danglingKeys: [string, (r: DatasetRows) => void, TableName, string, number][] = [
    [
      'seasons.league_id',
      (r) => {
        r.seasons[1].league_id = 3;
      },
      'seasons',
      'league_id',
      1,
    ],
    [
      'teams.league_id (nullable)',
      (r) => {
        r.teams[2].league_id = 9;
      },
      'teams',
      'league_id',
      2,
    ],
    [
      'rivalries.team_b',
      (r) => {
        r.rivalries[0].team_b = 13;
      },
      'rivalries',
      'team_b',
      0,
    ],
    [
      'players.team_id (nullable)',
      (r) => {
        r.players[3].team_id = 99;
      },
      'players',
      'team_id',
      3,
    ],
    [
      'player_seasons.team_id',
      (r) => {
        r.player_seasons[1].team_id = 99;
      },
      'player_seasons',
      'team_id',
      1,
    ],
    [
      'player_seasons.player_id',
      (r) => {
        r.player_seasons[2].player_id = 5;
      },
      'player_seasons',
      'player_id',
      2,
    ],
    [
      'fixtures.away_team_id',
      (r) => {
        r.fixtures[1].away_team_id = 12_000;
      },
      'fixtures',
      'away_team_id',
      1,
    ],
    [
      'appearances.fixture_id',
      (r) => {
        r.appearances[4].fixture_id = 1002;
      },
      'appearances',
      'fixture_id',
      4,
    ],
  ];
  it.each(danglingKeys)('rejects a foreign key pointing nowhere: %s', (_label, edit, table, column, row) => {
    const e = loadError(broken(edit));
    expect(where(e)).toEqual({ file: `${table}.arrow`, column, row });
  });

  it('rejects a float that is not finite', () => {
    const e = loadError(
      broken((r) => {
        r.players[1].market_value_eur = Number.NaN;
      }),
    );
    expect(where(e)).toEqual({ file: 'players.arrow', column: 'market_value_eur', row: 1 });
  });

  it('rejects a date that is not a calendar date written YYYY-MM-DD', () => {
    const e = loadError(
      broken((r) => {
        r.players[0].birth_date = '2000-02-30';
      }),
    );
    expect(where(e)).toEqual({ file: 'players.arrow', column: 'birth_date', row: 0 });
    const e2 = loadError(
      broken((r) => {
        r.seasons[0].end_date = '31/05/2026';
      }),
    );
    expect(where(e2)).toEqual({ file: 'seasons.arrow', column: 'end_date', row: 0 });
  });
});

describe('validateDataset on an in-memory dataset (Engine.open with tables)', () => {
  it('accepts the valid dataset', () => {
    expect(validateDataset(completeDataset())).toBeUndefined();
  });

  it('rejects a missing required table', () => {
    const d = completeDataset();
    const e = (() => {
      try {
        validateDataset({ ...d, tables: { ...d.tables, teams: undefined as never } });
      } catch (err) {
        return err as DatasetError;
      }
      return expect.fail('accepted a dataset without teams');
    })();
    expect(e).toBeInstanceOf(DatasetError);
    expect(where(e)).toEqual({ file: 'teams.arrow', column: null, row: null });
  });

  it('makes Engine.open refuse a bad in-memory dataset with the same DatasetError, naming the table rather than a file', () => {
    const bad = broken((r) => {
      r.appearances[2].team_id = 404;
    });
    expect(() => Engine.open({ dataset: bad })).toThrow(DatasetError);
    expect(() => Engine.open({ dataset: bad })).toThrow(
      'appearances table, column team_id, row 2: team_id 404 is not a team_id in teams',
    );
  });

  it('rejects metadata that breaks dataset.json rules', () => {
    const d = completeDataset();
    expect(() => validateDataset({ ...d, meta: { ...d.meta, as_of: '1 March 2026' } })).toThrow(
      /dataset\.json, column as_of/,
    );
  });
});

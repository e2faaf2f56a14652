import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DatasetError } from '../../src/model/dataset-error.js';
import { COUNTING_COLUMNS } from '../../src/model/schema.js';
import { validateDataset } from '../../src/model/validate.js';
import { completeRows, datasetOfRows, type DatasetRows } from '../helpers/complete-dataset.js';

function errorOf(rows: DatasetRows): DatasetError | null {
  try {
    validateDataset(datasetOfRows(rows));
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(DatasetError);
    return e as DatasetError;
  }
}

/** Applies a permutation (`keys` sorted give the new order) to a list. */
const permuted = <T>(xs: T[], keys: number[]): T[] =>
  xs
    .map((x, i) => [keys[i], i, x] as const)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
    .map(([, , x]) => x);

describe('validateDataset (properties)', () => {
  it('accepts the valid dataset whatever the row order of appearances and player_seasons', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { minLength: 5, maxLength: 5 }),
        fc.array(fc.integer(), { minLength: 4, maxLength: 4 }),
        (ka, kp) => {
          const rows = completeRows();
          rows.appearances = permuted(rows.appearances, ka);
          rows.player_seasons = permuted(rows.player_seasons, kp);
          expect(errorOf(rows)).toBeNull();
        },
      ),
    );
  });

  it('finds a copied appearance at the later of the two rows, in any row order', () => {
    // Appending a copy of row `pick`, then shuffling: the error names whichever copy comes second.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.array(fc.integer(), { minLength: 6, maxLength: 6 }),
        (pick, keys) => {
          const rows = completeRows();
          const copy = { ...rows.appearances[pick], minutes: 1 };
          const tagged = permuted([...rows.appearances.map((r) => ({ ...r })), copy], keys);
          rows.appearances = tagged;
          const same = tagged
            .map((r, i) => (r.fixture_id === copy.fixture_id && r.player_id === copy.player_id ? i : -1))
            .filter((i) => i >= 0);
          const e = errorOf(rows);
          expect(e && { file: e.file, column: e.column, row: e.row }).toEqual({
            file: 'appearances.arrow',
            column: 'fixture_id,player_id',
            row: same[1],
          });
        },
      ),
    );
  });

  it('names the row and column of any negative counting total', () => {
    fc.assert(
      fc.property(
        // xT added is a difference of threat and may be negative (docs/methodology/dataset-validation.md#ranges).
        fc.constantFrom(...COUNTING_COLUMNS.filter((c) => c !== 'xt')),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: -(2 ** 31), max: -1 }),
        (column, row, value) => {
          const rows = completeRows();
          rows.player_seasons[row][column] = value;
          const e = errorOf(rows);
          expect(e && { file: e.file, column: e.column, row: e.row }).toEqual({
            file: 'player_seasons.arrow',
            column,
            row,
          });
        },
      ),
    );
  });

  it('accepts a negative xt (threat added by backward passes)', () => {
    const rows = completeRows();
    rows.player_seasons[0].xt = -0.02;
    expect(errorOf(rows)).toBeNull();
  });

  it('names the row of any appearance whose player does not exist', () => {
    // Players 1–4 exist; any other id is dangling.
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }).filter((id) => id < 1 || id > 4),
        (row, id) => {
          const rows = completeRows();
          rows.appearances[row].player_id = id;
          const e = errorOf(rows);
          expect(e && { file: e.file, column: e.column, row: e.row }).toEqual({
            file: 'appearances.arrow',
            column: 'player_id',
            row,
          });
        },
      ),
    );
  });

  it('accepts minutes up to 120 × appearances and rejects anything above', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), fc.double({ min: 0, max: 6000, noNaN: true }), (apps, minutes) => {
        const rows = completeRows();
        rows.player_seasons[0].appearances = apps;
        rows.player_seasons[0].starts = 0;
        rows.player_seasons[0].minutes = minutes;
        const e = errorOf(rows);
        if (minutes <= 120 * apps) expect(e).toBeNull();
        else expect(e && { column: e.column, row: e.row }).toEqual({ column: 'minutes', row: 0 });
      }),
    );
  });
});

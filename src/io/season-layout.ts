/**
 * The columns of the season-table layout (docs/scoring.md#players-csv) and the buffer one column's
 * values grow in while rows arrive: shared by the row reader (season-rows.ts) and the dataset
 * builder (season-table-dataset.ts), so neither imports the other's types.
 */
import { COUNTING_COLUMNS } from '../model/schema.js';

/** Columns every row must fill. */
export const SEASON_CSV_REQUIRED = ['name', 'position', 'team', 'league', 'season', 'appearances', 'minutes'] as const;

/** Columns a row may leave empty or the file may leave out (then null for every row). */
export const SEASON_CSV_OPTIONAL = [
  'player_id',
  'known_as',
  'birth_date',
  'nationality',
  'market_value_eur',
  'preferred_foot',
  'height_cm',
  'wc2026_nation',
  'contract_end_date',
  'starts',
  'rating',
  ...COUNTING_COLUMNS,
] as const;

/** A column of the season-table layout. */
export type SeasonCsvColumn = (typeof SEASON_CSV_REQUIRED)[number] | (typeof SEASON_CSV_OPTIONAL)[number];

/** Values of one column while rows arrive: numbers in a growing Float64Array (NaN = null), or texts. */
export interface ColumnBuffer {
  numbers: Float64Array | null;
  texts: (string | null)[] | null;
}

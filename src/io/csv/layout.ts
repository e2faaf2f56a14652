/**
 * The CSV layout of a halfspace dataset (docs/csv.md): one `<table>.csv` per table with a header
 * row of schema column names, plus the same `dataset.json` as an Arrow dataset folder.
 */

/** File name of a table inside a CSV dataset folder. @example csvFileOf('players') // => 'players.csv' */
export const csvFileOf = (table: string): string => `${table}.csv`;

/** Text of every value kind in a CSV dataset, as documented in docs/csv.md#values. */
export const CSV_VALUE_RULES = {
  int32: 'integer in decimal digits with an optional leading minus, -2147483648 to 2147483647',
  float64: 'decimal number, optional exponent (1.5, -0.25, 1e-7)',
  utf8: 'any text; quote it when it holds a comma, quote or line break; "" is the empty string',
  bool: 'true or false',
  timestamp: 'ISO-8601 date and time with Z or an offset (2025-08-16T14:00:00.000Z), stored as UTC',
} as const;

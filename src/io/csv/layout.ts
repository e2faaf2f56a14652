/**
 * The CSV layout of a halfspace dataset (docs/csv.md): one `<table>.csv` per table with a header
 * row of schema column names, plus the same `dataset.json` as an Arrow dataset folder.
 */

/** File name of a table inside a CSV dataset folder. @example csvFileOf('players') // => 'players.csv' */
export const csvFileOf = (table: string): string => `${table}.csv`;

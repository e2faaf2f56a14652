/** @module The CSV provider: a documented folder layout (docs/csv.md) read to and written from Arrow datasets. */
export { datasetFromCsvDir, tableFromCsv } from '../../io/csv/read.js';
export { datasetToCsvDir, tableToCsv } from '../../io/csv/table-csv.js';
export { csvFileOf } from '../../io/csv/layout.js';

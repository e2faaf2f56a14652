/** @module The CSV provider: a documented folder layout (docs/csv.md) read to and written from Arrow datasets. */
export { datasetFromCsvDir, tableFromCsv } from './read.js';
export { datasetToCsv, datasetToCsvDir, tableToCsv } from './write.js';
export { csvFileOf, CSV_VALUE_RULES } from './layout.js';
export { csvTextOf, valueOfCsv, type CsvValue } from './values.js';
export { parseCsv, type CsvField } from './parse.js';

/** @module The CSV provider: a documented folder layout (docs/csv.md) read to and written from Arrow datasets, CSV text encodings and delimiters, and Parquet tables. */
export { datasetFromCsvDir, tableFromCsv } from './read.js';
export { datasetToCsv, datasetToCsvDir, tableToCsv } from './write.js';
export { csvFileOf, CSV_VALUE_RULES } from './layout.js';
export { csvTextOf, valueOfCsv, type CsvValue } from './values.js';
export { parseCsv, type CsvField } from './parse.js';
export { readCsvFile, csvFileSummaryOf, type CsvFileInfo, type CsvFileOptions } from './stream.js';
export { TEXT_ENCODINGS, bomOf, encodingOf, invalidUtf8Of, blockDecoder, type TextEncoding } from './encoding.js';
export {
  CSV_DELIMITERS,
  delimiterOfHeader,
  delimiterFromName,
  delimiterNameOf,
  type CsvDelimiter,
} from './delimiter.js';
export {
  tableFromParquet,
  tableFromParquetFile,
  tableToParquetFile,
  recordsOfTable,
  recordsOfParquetFile,
  PARQUET_ROW_GROUP_ROWS,
} from './parquet.js';
export { csvQuoted, forcesQuotes } from './quote.js';
export {
  datasetFromSeasonCsv,
  datasetFromSeasonFile,
  seasonRows,
  SEASON_CSV_REQUIRED,
  SEASON_CSV_OPTIONAL,
  type HeaderMap,
  type SeasonCsvOptions,
  type SeasonFile,
  type SeasonFileOptions,
  type SeasonRows,
} from './season-csv.js';
export { tableToCsvFile, tableToJsonlFile, type TableWriteOptions } from './table-csv.js';
export { tableToFile, tableFromFile, tableFormatOf, TABLE_FORMATS, type TableFormat } from './table-file.js';

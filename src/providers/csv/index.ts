/** @module The CSV provider: a documented folder layout (docs/csv.md) read to and written from Arrow datasets, CSV text encodings and delimiters, and Parquet tables. */
export { datasetFromCsvDir, tableFromCsv } from '../../io/csv/read.js';
export { datasetToCsvDir, tableToCsv } from '../../io/csv/write.js';
export { csvFileOf, CSV_VALUE_RULES } from '../../io/csv/layout.js';
export { csvTextOf, valueOfCsv, type CsvValue } from '../../io/csv/values.js';
export { parseCsv, type CsvField } from '../../io/csv/parse.js';
export { readCsvFile, csvFileSummaryOf, type CsvFileInfo, type CsvFileOptions } from '../../io/csv/stream.js';
export {
  TEXT_ENCODINGS,
  bomOf,
  encodingOf,
  invalidUtf8Of,
  blockDecoder,
  type TextEncoding,
} from '../../io/csv/encoding.js';
export {
  CSV_DELIMITERS,
  delimiterOfHeader,
  delimiterFromName,
  delimiterNameOf,
  type CsvDelimiter,
} from '../../io/csv/delimiter.js';
export {
  tableFromParquet,
  tableFromParquetFile,
  tableToParquetFile,
  recordsOfTable,
  recordsOfParquetFile,
  PARQUET_ROW_GROUP_ROWS,
} from '../../io/parquet.js';
export { csvQuoted, forcesQuotes } from '../../io/csv/quote.js';
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
} from '../../io/season-csv.js';
export { tableToCsvFile, tableToJsonlFile, type TableWriteOptions } from '../../io/csv/table-csv.js';
export { tableToFile, tableFromFile, tableFormatOf, TABLE_FORMATS, type TableFormat } from '../../io/table-file.js';

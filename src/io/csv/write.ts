/**
 * Writes a dataset as a CSV folder (docs/csv.md): `dataset.json` plus one `<table>.csv` per
 * table present, which {@link datasetFromCsvDir} reads back to equal tables.
 */
import type { Table, Vector } from 'apache-arrow';
import { SCHEMA, type ColumnKind, type Dataset, type TableName, type TableSpec } from '../../model/schema.js';
import { utf8BuffersOf } from '../../model/arrow.js';
import { writeDatasetFolder } from '../save.js';
import { csvFileOf } from './layout.js';
import { csvTextOf } from './values.js';

// Arrow's own string decoding drops a leading U+FEFF from a value; CSV must keep every character.
const exactUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * The CSV text of every value of one column, read chunk by chunk from Arrow's buffers (text is
 * decoded from its exact bytes, numbers come straight from the typed arrays).
 */
function cellsOf(vector: Vector, kind: ColumnKind): string[] {
  const out: string[] = new Array(vector.length);
  let row = 0;
  for (const chunk of vector.data) {
    const text = kind === 'utf8' ? utf8BuffersOf(chunk) : null;
    // Arrow-js types a column read by name as any; a numeric column's values are a typed array.
    const values: ArrayLike<number | bigint> = chunk.values;
    for (let i = 0; i < chunk.length; i++, row++) {
      if (!chunk.getValid(i)) out[row] = '';
      else if (text)
        out[row] = csvTextOf('utf8', exactUtf8.decode(text.bytes.subarray(text.offsets[i], text.offsets[i + 1])));
      else if (kind === 'bool') out[row] = csvTextOf('bool', vector.get(row));
      else out[row] = csvTextOf(kind, Number(values[i]));
    }
  }
  return out;
}

/**
 * The CSV text of one table: a header row of the schema's column names in schema order, then one
 * LF-terminated record per row (see {@link csvTextOf} for each value). A column the table lacks is
 * written empty (null).
 * @example tableToCsv('leagues', tableFromRows('leagues', [{ league_id: 1, name: 'A, B', tier: 1, kind: 'league' }])) // => 'league_id,name,country,tier,kind\n1,"A, B",,1,league\n'
 */
export function tableToCsv(name: TableName, table: Table): string {
  const spec: TableSpec = SCHEMA[name];
  const columns = Object.entries(spec.columns);
  const cells = columns.map(([col, c]) => {
    const vector = table.getChild(col);
    return vector ? cellsOf(vector, c.kind) : new Array<string>(table.numRows).fill('');
  });
  const out: string[] = [columns.map(([col]) => col).join(',')];
  const fields: string[] = new Array(columns.length);
  for (let i = 0; i < table.numRows; i++) {
    for (let j = 0; j < columns.length; j++) fields[j] = cells[j][i];
    out.push(fields.join(','));
  }
  return `${out.join('\n')}\n`;
}

/**
 * Writes a dataset as a CSV folder: `dataset.json` and one `<table>.csv` per table present
 * (absent optional tables write no file). Like `datasetToDir`, it writes into a sibling temp
 * folder and renames it into place, replacing whatever `dir` held.
 * @example datasetToCsvDir(engine.dataset, 'demo-csv') // => writes demo-csv/players.csv, …
 */
export function datasetToCsvDir(dataset: Dataset, dir: string): void {
  writeDatasetFolder(dataset, dir, csvFileOf, tableToCsv);
}

/**
 * The column list of docs/library.md#your-own-arrow-tables, rendered from the schema, so a test can
 * hold the doc to SCHEMA (one line per table).
 */
import { SCHEMA, TABLE_NAMES, type ColumnSpec, type TableSpec } from '../../src/model/schema.js';

const TYPE_NAME: Record<ColumnSpec['kind'], string> = {
  int32: 'Int32',
  float64: 'Float64',
  utf8: 'Utf8',
  bool: 'Bool',
  timestamp: 'TimestampMillisecond',
};

/** One markdown list line per table: name, required/optional, key, then `column` Type for every column (`*` = never null). */
export function schemaDocLines(): string[] {
  return TABLE_NAMES.map((name) => {
    const spec: TableSpec = SCHEMA[name];
    const head = `- \`${name}\` (${spec.optional ? 'optional' : 'required'}${spec.key ? `; key \`${spec.key}\`` : ''}):`;
    const cols = Object.entries(spec.columns).map(([col, c]) => {
      const values = c.values ? ` (${c.values.join('|')})` : '';
      return `\`${col}${c.nullable ? '' : '*'}\` ${TYPE_NAME[c.kind]}${values}`;
    });
    return `${head} ${cols.join(', ')}`;
  });
}

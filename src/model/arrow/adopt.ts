/**
 * A table of a third copy of apache-arrow rebuilt as a table of a copy the library builds with
 * (docs/design.md#arrow-loading): the tsx loader, a test runner that inlines apache-arrow, or a
 * second installed version hand the library tables whose classes are neither of its own two copies.
 * Every buffer is taken as it is (values, offsets, validity, chunk offsets, null counts); only the
 * objects that describe them (types, fields, schema, batches) are made again. Flat types only: a
 * type this module cannot rebuild is a TypeError, never a misread column.
 */
import type * as Arrow from 'apache-arrow';
import type { Data, DataType, Dictionary, Field, RecordBatch, Schema, Table, Vector } from 'apache-arrow';

/** apache-arrow's run-time API, as ./arrow.ts's ArrowModule (declared again here: arrow.ts imports this module). */
type ArrowModule = typeof Arrow;

/** Foreign objects already adopted in one table, so shared types and dictionaries stay shared. */
interface Adoption {
  arrow: ArrowModule;
  types: Map<DataType, DataType>;
  dictionaries: Map<Vector, Vector>;
}

/** The type of `arrow` equal to `type` (a type of another copy), or a TypeError naming it. */
function typeOf(a: Adoption, type: DataType): DataType {
  let own = a.types.get(type);
  if (!own) a.types.set(type, (own = newTypeOf(a, type)));
  return own;
}

function newTypeOf(a: Adoption, type: DataType): DataType {
  // Checks go by type id (the static `is…` guards read `typeId`), so they hold for any copy.
  const { arrow } = a;
  const is = arrow.DataType;
  if (is.isNull(type)) return new arrow.Null();
  if (is.isInt(type)) return new arrow.Int(type.isSigned, type.bitWidth);
  if (is.isFloat(type)) return new arrow.Float(type.precision);
  if (is.isUtf8(type)) return new arrow.Utf8();
  if (is.isLargeUtf8(type)) return new arrow.LargeUtf8();
  if (is.isBinary(type)) return new arrow.Binary();
  if (is.isBool(type)) return new arrow.Bool();
  if (is.isDate(type)) return new arrow.Date_(type.unit);
  if (is.isTimestamp(type)) return new arrow.Timestamp(type.unit, type.timezone);
  if (is.isDictionary(type))
    return new arrow.Dictionary(typeOf(a, type.dictionary), indicesOf(arrow, type), type.id, type.isOrdered);
  throw unsupported(type);
}

/** The index type of dictionary `type` in `arrow` (apache-arrow takes 8 to 32-bit integers). */
function indicesOf(arrow: ArrowModule, type: Dictionary): Dictionary['indices'] {
  const { isSigned, bitWidth } = type.indices;
  const { Int8, Int16, Int32, Uint8, Uint16, Uint32 } = arrow;
  const Indices = (isSigned ? { 8: Int8, 16: Int16, 32: Int32 } : { 8: Uint8, 16: Uint16, 32: Uint32 })[bitWidth];
  if (!Indices) throw unsupported(type);
  return new Indices();
}

const unsupported = (type: DataType): TypeError =>
  new TypeError(
    `this Arrow table was built by another copy of apache-arrow than halfspace's, and its column type ${String(type)} cannot be taken over: use flat columns (integers, floats, text, booleans, dates, timestamps, dictionaries of them) or build the table with the same apache-arrow as halfspace (docs/design.md#arrow-loading)`,
  );

/** `data` (one chunk of another copy) as a chunk of `a.arrow` over the very same buffers. */
function dataOf(a: Adoption, data: Data): Data {
  const type = typeOf(a, data.type);
  if (data.children.length > 0) throw unsupported(data.type);
  const dictionary = data.dictionary && dictionaryOf(a, data.dictionary);
  // `buffers` is [valueOffsets, values, nullBitmap, typeIds]; `offset` indexes the validity bitmap
  // (and Bool values), which a slice keeps whole, so it is carried over with them.
  return new a.arrow.Data(type, data.offset, data.length, data.nullCount, data.buffers, [], dictionary);
}

function dictionaryOf(a: Adoption, dictionary: Vector): Vector {
  let own = a.dictionaries.get(dictionary);
  if (!own) a.dictionaries.set(dictionary, (own = new a.arrow.Vector(dictionary.data.map((d) => dataOf(a, d)))));
  return own;
}

function fieldOf(a: Adoption, field: Field): Field {
  return new a.arrow.Field(field.name, typeOf(a, field.type), field.nullable, new Map(field.metadata));
}

function batchOf(a: Adoption, schema: Schema, batch: RecordBatch): RecordBatch {
  const { Data, RecordBatch, Struct } = a.arrow;
  // A batch's own struct chunk carries no values; its children keep their own offsets when sliced.
  const children = batch.data.children.map((d) => dataOf(a, d));
  const struct = new Data(new Struct(schema.fields), 0, batch.numRows, 0, undefined, children);
  return new RecordBatch(schema, struct, new Map(batch.metadata));
}

/**
 * `table` (a table of another copy of apache-arrow) as a table of `arrow` over the same buffers:
 * the same columns, types, values, nulls, chunks, field nullability and schema and batch metadata.
 * Throws a TypeError for a nested or other type it cannot rebuild.
 * Cost: a few objects per column and chunk, no pass over the values but one count of each chunk's
 * nulls when the other copy had not counted them.
 * @example adoptTable(shared(), tableOfAnotherCopy).getChild('player_id')?.get(0) // => 7
 */
export function adoptTable(arrow: ArrowModule, table: Table): Table {
  const a: Adoption = { arrow, types: new Map(), dictionaries: new Map() };
  const { schema } = table;
  const own = new arrow.Schema(
    schema.fields.map((f) => fieldOf(a, f)),
    new Map(schema.metadata),
    undefined,
    schema.metadataVersion,
  );
  return new arrow.Table(
    own,
    table.batches.map((b) => batchOf(a, own, b)),
  );
}

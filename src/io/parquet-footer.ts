/**
 * The row count of each row group of a Parquet file, read from its footer (the Thrift
 * compact-encoded FileMetaData, https://github.com/apache/parquet-format/blob/master/src/main/thrift/parquet.thrift)
 * without decoding any data: what reading a large file one slice of row groups at a time needs
 * to know up front, and parquet-wasm's synchronous API does not expose.
 */

/** Thrift compact type codes (the low nibble of a field or list header). */
const T = {
  TRUE: 1,
  FALSE: 2,
  BYTE: 3,
  I16: 4,
  I32: 5,
  I64: 6,
  DOUBLE: 7,
  BINARY: 8,
  LIST: 9,
  SET: 10,
  MAP: 11,
  STRUCT: 12,
};

/** A cursor over Thrift compact bytes; every read throws RangeError past the end. */
class Cursor {
  /** True while skipping the elements of a list, set or map (booleans are then one byte each). */
  private inList = false;

  constructor(
    private readonly bytes: Uint8Array,
    public at: number,
    private readonly end: number,
  ) {}

  byte(): number {
    if (this.at >= this.end) throw new RangeError('footer ends early');
    return this.bytes[this.at++];
  }

  /** An unsigned varint as a number (exact below 2^53, which any row count is). */
  varint(): number {
    let value = 0;
    let scale = 1;
    for (let k = 0; k < 10; k++) {
      const b = this.byte();
      value += (b & 0x7f) * scale;
      if (b < 0x80) return value;
      scale *= 128;
    }
    throw new RangeError('varint longer than 10 bytes');
  }

  /** A zigzag-encoded signed varint. */
  zigzag(): number {
    const u = this.varint();
    return u % 2 === 0 ? u / 2 : -(u + 1) / 2;
  }

  skip(n: number): void {
    if (n < 0 || this.at + n > this.end) throw new RangeError('footer ends early');
    this.at += n;
  }

  /** Skips one value of compact type `type` (inside a list, booleans take a byte). */
  skipValue(type: number): void {
    if (type === T.TRUE || type === T.FALSE || type === T.BYTE) {
      if (type === T.BYTE || this.inList) this.skip(1);
    } else if (type === T.I16 || type === T.I32 || type === T.I64) this.varint();
    else if (type === T.DOUBLE) this.skip(8);
    else if (type === T.BINARY) this.skip(this.varint());
    else if (type === T.LIST || type === T.SET) {
      const { size, element } = this.listHeader();
      const outer = this.inList;
      this.inList = true;
      for (let i = 0; i < size; i++) this.skipValue(element);
      this.inList = outer;
    } else if (type === T.MAP) {
      const size = this.varint();
      if (size === 0) return;
      const kinds = this.byte();
      const outer = this.inList;
      this.inList = true;
      for (let i = 0; i < size; i++) {
        this.skipValue(kinds >> 4);
        this.skipValue(kinds & 0x0f);
      }
      this.inList = outer;
    } else if (type === T.STRUCT) {
      const outer = this.inList;
      this.inList = false;
      this.fields(() => false);
      this.inList = outer;
    } else throw new RangeError(`unknown Thrift type ${type}`);
  }

  listHeader(): { size: number; element: number } {
    const h = this.byte();
    const size = h >> 4 === 15 ? this.varint() : h >> 4;
    return { size, element: h & 0x0f };
  }

  /** Walks a struct's fields up to its stop byte; `visit` reads the fields it wants and returns true, or false to skip. */
  fields(visit: (id: number, type: number) => boolean): void {
    let id = 0;
    for (;;) {
      const h = this.byte();
      if (h === 0) return;
      const type = h & 0x0f;
      id = h >> 4 === 0 ? this.zigzag() : id + (h >> 4);
      if (!visit(id, type)) this.skipValue(type);
    }
  }
}

/**
 * Rows in each row group of the Parquet file `bytes`, in file order, from its footer; null when
 * the bytes do not end in a readable Parquet footer (the caller's full read then reports why).
 * @example parquetRowGroupRowsOf(readFileSync('scores.parquet')) // => [32768, 32768, 1234]
 */
export function parquetRowGroupRowsOf(bytes: Uint8Array): number[] | null {
  const n = bytes.length;
  if (n < 12 || String.fromCharCode(...bytes.subarray(n - 4)) !== 'PAR1') return null;
  const length = bytes[n - 8] | (bytes[n - 7] << 8) | (bytes[n - 6] << 16) | (bytes[n - 5] << 24);
  if (length <= 0 || length > n - 12) return null;
  const cursor = new Cursor(bytes, n - 8 - length, n - 8);
  const rows: number[] = [];
  try {
    cursor.fields((id, type) => {
      // FileMetaData field 4: list<RowGroup>; RowGroup field 3: i64 num_rows.
      if (id !== 4 || type !== T.LIST) return false;
      const { size, element } = cursor.listHeader();
      if (element !== T.STRUCT) throw new RangeError('row groups are not structs');
      for (let g = 0; g < size; g++) {
        let count = -1;
        cursor.fields((field, kind) => {
          if (field !== 3 || kind !== T.I64) return false;
          count = cursor.zigzag();
          return true;
        });
        if (count < 0) throw new RangeError(`row group ${g} has no row count`);
        rows.push(count);
      }
      return true;
    });
  } catch (e) {
    if (e instanceof RangeError) return null;
    throw e;
  }
  return rows;
}

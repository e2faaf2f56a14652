/**
 * Counting the values of a text column without turning every row into a string: the summary of
 * a million-row score table would otherwise allocate a million short strings at the end of the run.
 */
import type { Vector } from 'apache-arrow';
import { utf8BuffersOf } from './buffers.js';
import { validityOf } from './validity.js';

/** Distinct values compared byte by byte before counting switches to decoding each row. */
const FEW_DISTINCT = 32;

const decoder = new TextDecoder();

/**
 * How many rows of a Utf8 column hold each value (`null` counts the nulls). Rows are compared as
 * bytes against the distinct values seen so far, so a column of few distinct values (sources,
 * sample levels) is counted without allocating per row; past {@link FEW_DISTINCT} distinct
 * values each further row is decoded instead.
 * Cost: one pass over the column.
 * @example utf8CountsOf(utf8VectorOf(['ok', null, 'ok'])).get('ok') // => 2
 */
export function utf8CountsOf(vector: Vector): Map<string | null, number> {
  const counts = new Map<string | null, number>();
  const valid = validityOf(vector);
  const seen: { bytes: Uint8Array; text: string; n: number }[] = [];
  let nulls = 0;
  let row = 0;
  for (const d of vector.data) {
    const { offsets, bytes: values } = utf8BuffersOf(d);
    for (let i = 0; i < d.length; i++, row++) {
      if (valid && !valid[row]) {
        nulls++;
        continue;
      }
      const from = offsets[i];
      const to = offsets[i + 1];
      let hit: { n: number } | undefined;
      for (let s = 0; s < seen.length && !hit; s++) {
        const b = seen[s].bytes;
        if (b.length !== to - from) continue;
        let k = 0;
        while (k < b.length && b[k] === values[from + k]) k++;
        if (k === b.length) hit = seen[s];
      }
      if (hit) hit.n++;
      else if (seen.length < FEW_DISTINCT) {
        const bytes = values.slice(from, to);
        seen.push({ bytes, text: decoder.decode(bytes), n: 1 });
      } else {
        const text = decoder.decode(values.subarray(from, to));
        counts.set(text, (counts.get(text) ?? 0) + 1);
      }
    }
  }
  for (const s of seen) counts.set(s.text, (counts.get(s.text) ?? 0) + s.n);
  if (nulls > 0) counts.set(null, nulls);
  return counts;
}

/**
 * The one Arrow column module (docs/design.md#where-code-lives `model/arrow/`): read validity, pack bits, build vectors.
 * data, stats, dna and the benches use these and nothing else for Arrow bitmaps.
 */
export { bitAt, packBits } from './bits.js';
export { utf8BuffersOf, valuesAs, type TypedArrayClass, type Utf8Buffers } from './buffers.js';
export { utf8CountsOf } from './counts.js';
export { validityOf } from './validity.js';
export {
  float64VectorOf,
  int32VectorOf,
  numericVectorOf,
  pushUtf8,
  utf8Buffer,
  utf8VectorAt,
  utf8VectorFrom,
  utf8VectorOf,
  utf8VectorOfBuffer,
  vectorOfKind,
  type Utf8Buffer,
} from './vectors.js';

/**
 * The one Arrow column module (STYLE §1 `data/arrow/`): read validity, pack bits, build vectors.
 * data, stats, dna and the benches use these and nothing else for Arrow bitmaps.
 */
export { bitAt, packBits } from './bits.js';
export { validityOf } from './validity.js';
export { float64VectorOf, int32VectorOf, numericVectorOf, utf8VectorAt, utf8VectorFrom, utf8VectorOf, vectorOfKind } from './vectors.js';

/** Brute-force cosine between two rows of a row-major matrix: the independent reference search results are checked against. */
export function referenceCosine(matrix: Float32Array, dims: number, a: number, b: number): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let s = 0; s < dims; s++) {
    const x = matrix[a * dims + s];
    const y = matrix[b * dims + s];
    dot += x * y;
    na += x * x;
    nb += y * y;
  }
  return dot / Math.sqrt(na * nb);
}

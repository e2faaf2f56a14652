/**
 * A fixed set of Wyscout ids (event, sub-event ids: small non-negative integers) as a lookup table.
 * The per-event rules ask such sets several times for each of 2.5 million events; a table answers
 * with one load where a `Set` hashes (docs/methodology/wyscout.md#workers).
 */
export class IdSet {
  private readonly table: Uint8Array;

  /** Ids must be integers from 0 to 1023 (Wyscout's event and sub-event ids are under 100). */
  constructor(ids: readonly number[]) {
    for (const id of ids)
      if (!Number.isInteger(id) || id < 0 || id > 1023) throw new RangeError(`IdSet id ${id} is not in 0–1023`);
    this.table = new Uint8Array(Math.max(-1, ...ids) + 1);
    for (const id of ids) this.table[id] = 1;
  }

  /**
   * Whether `id` is in the set; null, fractions and ids out of range are not.
   * @example new IdSet([8, 10]).has(8) // => true
   */
  has(id: number | null): boolean {
    return id !== null && id >= 0 && id < this.table.length && this.table[id] === 1;
  }
}

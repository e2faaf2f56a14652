/**
 * The generator's own seeded pseudo-random numbers: sfc32 (a 128-bit small fast counter generator)
 * seeded through splitmix32, with labelled sub-streams so that one part of the universe can change
 * without reshuffling every other part. No `Math.random` anywhere in the generator.
 */

/** 32-bit FNV-1a hash of a string, used to turn a sub-stream label into seed material. */
function hashLabel(label: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < label.length; i++) {
    h ^= label.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** splitmix32 step: spreads a 32-bit seed over well-mixed state words. */
function splitmix32(state: { s: number }): number {
  state.s = (state.s + 0x9e3779b9) | 0;
  let z = state.s;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * A deterministic random stream. The same seed and label always give the same sequence.
 * @example new Rng(42).fork('names').next() === new Rng(42).fork('names').next() // => true
 */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  /** The 32-bit seed this stream was built from (forks hash their label into it). */
  readonly seed: number;

  constructor(seed: number) {
    this.seed = seed >>> 0;
    const st = { s: this.seed };
    this.a = splitmix32(st);
    this.b = splitmix32(st);
    this.c = splitmix32(st);
    this.d = splitmix32(st);
    // A few warm-up rounds decorrelate streams whose seeds differ in few bits.
    for (let i = 0; i < 12; i++) this.nextUint32();
  }

  /** An independent stream named `label`, derived from this stream's seed (not its position). */
  fork(label: string): Rng {
    return new Rng((Math.imul(this.seed ^ hashLabel(label), 0x9e3779b1) ^ hashLabel(`${label}#`)) >>> 0);
  }

  /** Next unsigned 32-bit integer (sfc32). */
  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** Uniform float strictly inside (0, 1), safe for inverse-CDF sampling. */
  open(): number {
    return (this.nextUint32() + 0.5) / 4294967296;
  }

  /** Uniform integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** Standard normal variate (Box–Muller, one value per call). */
  normal(mean = 0, sd = 1): number {
    const u = this.open();
    const v = this.next();
    return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** One element of a non-empty array, uniformly. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** Index drawn with probability proportional to `weights` (non-negative, not all zero). */
  weightedIndex(weights: readonly number[]): number {
    let total = 0;
    for (const w of weights) total += w;
    let x = this.next() * total;
    for (let i = 0; i < weights.length; i++) {
      x -= weights[i];
      if (x < 0) return i;
    }
    return weights.length - 1;
  }

  /** A shuffled copy of `items` (Fisher–Yates). */
  shuffled<T>(items: readonly T[]): T[] {
    const out = items.slice();
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  }
}

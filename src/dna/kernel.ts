/**
 * The scoring kernel of the similarity index: a tiny WebAssembly SIMD function, assembled here
 * byte by byte (no binary blob), that writes the integer dot product of one int16-quantised
 * query with each int8-quantised 16-dim vector of a range (docs/methodology/dna.md#search): 16
 * bytes per vector instead of 64. Its results only discard candidates, within a proven error
 * bound; every reported score is recomputed exactly in JavaScript from the float32 vectors.
 */

/** Floats per vector the kernel reads (a DNA vector: docs/methodology/dna.md#features). */
export const KERNEL_DIMS = 16;
/** Bytes per float32 vector. */
export const KERNEL_VECTOR_BYTES = KERNEL_DIMS * 4;
/** Bytes per int8-quantised vector (one SIMD register). */
export const KERNEL_Q8_BYTES = KERNEL_DIMS;
/** Scale of the int8 vector components: v ≈ q8 / 127 for |v| ≤ 1. */
export const Q8_SCALE = 127;
/** Scale of the int16 query components: q ≈ q16 / 32767 for |q| ≤ 1. */
export const Q16_SCALE = 32767;

const uleb = (n: number): number[] => {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n !== 0) byte |= 0x80;
    out.push(byte);
  } while (n !== 0);
  return out;
};
// i32.const immediates are signed LEB128.
const sleb = (n: number): number[] => {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && (byte & 0x40) === 0) || (n === -1 && (byte & 0x40) !== 0)) {
      out.push(byte);
      return out;
    }
    out.push(byte | 0x80);
  }
};
const section = (id: number, body: number[]): number[] => [id, ...uleb(body.length), ...body];
const vec = (items: number[][]): number[] => [...uleb(items.length), ...items.flat()];
const str = (s: string): number[] => [...uleb(s.length), ...Array.from(s, (c) => c.charCodeAt(0))];

// Opcodes (WebAssembly core + SIMD proposals).
const LOCAL_GET = 0x20;
const LOCAL_SET = 0x21;
const I32_CONST = 0x41;
const I32_ADD = 0x6a;
const I32_SHL = 0x74;
const I32_GE_U = 0x4f;
const I32_STORE = 0x36;
const BLOCK = 0x02;
const LOOP = 0x03;
const BR = 0x0c;
const BR_IF = 0x0d;
const END = 0x0b;
const VOID = 0x40;
const I32 = 0x7f;
const V128 = 0x7b;
const simd = (op: number, ...imm: number[]) => [0xfd, ...uleb(op), ...imm];
const v128Load = (offset: number) => simd(0x00, 4, ...uleb(offset));
const i16x8ExtendLowI8x16S = () => simd(0x87);
const i16x8ExtendHighI8x16S = () => simd(0x88);
const i32x4DotI16x8S = () => simd(0xba);
const i32x4Add = () => simd(0xae);
const i32x4ExtractLane = (lane: number) => simd(0x1b, lane);
// Swaps the two 64-bit halves, so adding it to itself folds 4 lanes into 2.
const swapHalves = () => simd(0x0d, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
// Swaps neighbouring 32-bit lanes, folding 2 lanes into 1.
const swapPairs = () => simd(0x0d, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11);

/**
 * `scores(vecPtr, count, queryPtr, outPtr)`: for i < count, out[i] (int32) = Σ_d query[d] × vec[i][d]
 * where vec is 16 int8 per vector and query 16 int16 (exact integer arithmetic: |sum| < 2^27).
 * Params 0–3; locals: 4 end, 5 query low half, 6 query high half, 7 vector, 8 acc.
 */
function scoresBody(): number[] {
  const [VEC, COUNT, QUERY, OUT, END_PTR, QLO, QHI, X, ACC] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const code: number[] = [];
  code.push(LOCAL_GET, QUERY, ...v128Load(0), LOCAL_SET, QLO);
  code.push(LOCAL_GET, QUERY, ...v128Load(16), LOCAL_SET, QHI);
  code.push(LOCAL_GET, VEC, LOCAL_GET, COUNT, I32_CONST, ...sleb(4), I32_SHL, I32_ADD, LOCAL_SET, END_PTR);
  code.push(BLOCK, VOID, LOOP, VOID);
  code.push(LOCAL_GET, VEC, LOCAL_GET, END_PTR, I32_GE_U, BR_IF, 1);
  code.push(LOCAL_GET, VEC, ...v128Load(0), LOCAL_SET, X);
  code.push(LOCAL_GET, X, ...i16x8ExtendLowI8x16S(), LOCAL_GET, QLO, ...i32x4DotI16x8S());
  code.push(LOCAL_GET, X, ...i16x8ExtendHighI8x16S(), LOCAL_GET, QHI, ...i32x4DotI16x8S());
  code.push(...i32x4Add(), LOCAL_SET, ACC);
  code.push(LOCAL_GET, ACC, LOCAL_GET, ACC, LOCAL_GET, ACC, ...swapHalves(), ...i32x4Add(), LOCAL_SET, ACC);
  code.push(LOCAL_GET, ACC, LOCAL_GET, ACC, LOCAL_GET, ACC, ...swapPairs(), ...i32x4Add(), LOCAL_SET, ACC);
  code.push(LOCAL_GET, OUT, LOCAL_GET, ACC, ...i32x4ExtractLane(0), I32_STORE, 2, 0);
  code.push(LOCAL_GET, VEC, I32_CONST, ...sleb(KERNEL_Q8_BYTES), I32_ADD, LOCAL_SET, VEC);
  code.push(LOCAL_GET, OUT, I32_CONST, ...sleb(4), I32_ADD, LOCAL_SET, OUT);
  code.push(BR, 0, END, END, END);
  const locals = vec([
    [1, I32],
    [4, V128],
  ]);
  const body = [...locals, ...code];
  return [...uleb(body.length), ...body];
}

/** `\0asm`, then binary format version 1. */
const MAGIC_AND_VERSION = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];

/** The kernel module's bytes: imports a shared memory `env.memory`, exports `scores`. */
function kernelBytes(): Uint8Array {
  const type = section(1, vec([[0x60, ...vec([[I32], [I32], [I32], [I32]]), 0]]));
  // Shared memory (flag 3: shared + maximum), 1 page minimum, 65,536 pages (4 GiB) maximum.
  const imports = section(2, vec([[...str('env'), ...str('memory'), 0x02, 0x03, ...uleb(1), ...uleb(65536)]]));
  const functions = section(3, vec([[0]]));
  const exports = section(7, vec([[...str('scores'), 0x00, 0]]));
  const code = section(10, vec([scoresBody()]));
  return Uint8Array.from([...MAGIC_AND_VERSION, ...type, ...imports, ...functions, ...exports, ...code]);
}

/** The kernel's exported function (pointers are byte offsets into the memory). */
export type ScoresFn = (vecPtr: number, count: number, queryPtr: number, outPtr: number) => void;

/** A WebAssembly memory, as much of it as the index uses. */
interface WasmMemory {
  readonly buffer: SharedArrayBuffer;
}

// The compiler's lib set (ES2023 + node) does not declare the WebAssembly JS API, so the three
// constructors used here are typed locally.
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number; maximum: number; shared: boolean }) => WasmMemory;
}
// cast: Node has always had WebAssembly on globalThis; only its declaration is missing from the lib set.
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let compiled: object | null = null;

/** The compiled kernel module (compiled once per thread, synchronously). */
function kernelModule(): object {
  if (compiled === null) compiled = new wasm.Module(kernelBytes());
  return compiled;
}

/**
 * A shared memory of `bytes` bytes (rounded up to 64 KiB pages) that the kernel can run over.
 * @example sharedMemoryOf(100).buffer.byteLength // => 65536
 */
export function sharedMemoryOf(bytes: number): WasmMemory {
  const pages = Math.max(1, Math.ceil(bytes / 65536));
  return new wasm.Memory({ initial: pages, maximum: pages, shared: true });
}

/**
 * Instantiates the kernel over `memory` (from {@link sharedMemoryOf}) and returns `scores`.
 * @example kernelOver(memory)(128, 2, 64, 160) // writes 2 int32 dot products at byte 160
 */
export function kernelOver(memory: WasmMemory): ScoresFn {
  const instance = new wasm.Instance(kernelModule(), { env: { memory } });
  // cast: the kernel's bytes (kernelBytes) export `scores` with exactly this signature.
  return instance.exports.scores as ScoresFn;
}

/**
 * The scoring kernel of the similarity index: a tiny WebAssembly SIMD function, assembled here
 * byte by byte (no binary blob), that writes the float32 dot product of one 16-float query with
 * each 16-float vector of a range (docs/methodology/dna.md#search). Its results are only used to
 * discard candidates; every reported score is recomputed exactly in JavaScript.
 */

/** Floats per vector the kernel reads (a DNA vector: docs/methodology/dna.md#features). */
export const KERNEL_DIMS = 16;
/** Bytes per vector. */
export const KERNEL_VECTOR_BYTES = KERNEL_DIMS * 4;

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
const F32_ADD = 0x92;
const F32_STORE = 0x38;
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
const f32x4Add = () => simd(0xe4);
const f32x4Mul = () => simd(0xe6);
const f32x4ExtractLane = (lane: number) => simd(0x1f, lane);
// Swaps the two 64-bit halves, so adding it to itself folds 4 lanes into 2.
const swapHalves = () => simd(0x0d, 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7);
// Swaps neighbouring 32-bit lanes, folding 2 lanes into 1.
const swapPairs = () => simd(0x0d, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11);

/**
 * `scores(vecPtr, count, queryPtr, outPtr)`: for i < count, out[i] = Σ_d query[d] × vec[i][d] in
 * float32 (16 lanes folded pairwise). Params 0–3; locals: 4 end, 5–8 query quarters, 9 acc.
 */
function scoresBody(): number[] {
  const [VEC, COUNT, QUERY, OUT, END_PTR, Q0, ACC] = [0, 1, 2, 3, 4, 5, 9];
  const code: number[] = [];
  for (let k = 0; k < 4; k++) code.push(LOCAL_GET, QUERY, ...v128Load(16 * k), LOCAL_SET, Q0 + k);
  code.push(LOCAL_GET, VEC, LOCAL_GET, COUNT, I32_CONST, ...sleb(6), I32_SHL, I32_ADD, LOCAL_SET, END_PTR);
  code.push(BLOCK, VOID, LOOP, VOID);
  code.push(LOCAL_GET, VEC, LOCAL_GET, END_PTR, I32_GE_U, BR_IF, 1);
  code.push(LOCAL_GET, VEC, ...v128Load(0), LOCAL_GET, Q0, ...f32x4Mul());
  for (let k = 1; k < 4; k++) code.push(LOCAL_GET, VEC, ...v128Load(16 * k), LOCAL_GET, Q0 + k, ...f32x4Mul(), ...f32x4Add());
  code.push(LOCAL_SET, ACC);
  code.push(LOCAL_GET, ACC, LOCAL_GET, ACC, LOCAL_GET, ACC, ...swapHalves(), ...f32x4Add(), LOCAL_SET, ACC);
  code.push(LOCAL_GET, ACC, LOCAL_GET, ACC, LOCAL_GET, ACC, ...swapPairs(), ...f32x4Add(), LOCAL_SET, ACC);
  code.push(LOCAL_GET, OUT, LOCAL_GET, ACC, ...f32x4ExtractLane(0), F32_STORE, 2, 0);
  code.push(LOCAL_GET, VEC, I32_CONST, ...sleb(KERNEL_VECTOR_BYTES), I32_ADD, LOCAL_SET, VEC);
  code.push(LOCAL_GET, OUT, I32_CONST, ...sleb(4), I32_ADD, LOCAL_SET, OUT);
  code.push(BR, 0, END, END, END);
  const locals = vec([[1, I32], [5, V128]]);
  const body = [...locals, ...code];
  return [...uleb(body.length), ...body];
}

/** The kernel module's bytes: imports a shared memory `env.memory`, exports `scores`. */
export function kernelBytes(): Uint8Array {
  const type = section(1, vec([[0x60, ...vec([[I32], [I32], [I32], [I32]]), 0]]));
  // Shared memory (flag 3: shared + maximum), 1 page minimum, 65,536 pages (4 GiB) maximum.
  const imports = section(2, vec([[...str('env'), ...str('memory'), 0x02, 0x03, ...uleb(1), ...uleb(65536)]]));
  const functions = section(3, vec([[0]]));
  const exports = section(7, vec([[...str('scores'), 0x00, 0]]));
  const code = section(10, vec([scoresBody()]));
  return Uint8Array.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, ...type, ...imports, ...functions, ...exports, ...code]);
}

/** The kernel's exported function. */
export type ScoresFn = (vecPtr: number, count: number, queryPtr: number, outPtr: number) => void;

/** A WebAssembly memory, as much of it as the index uses. */
export interface WasmMemory {
  readonly buffer: SharedArrayBuffer;
}

// The compiler's lib set (ES2023 + node) does not declare the WebAssembly JS API, so the three
// constructors used here are typed locally.
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number; maximum: number; shared: boolean }) => WasmMemory;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

let compiled: object | null = null;

/** The compiled kernel module (compiled once per thread, synchronously). */
export function kernelModule(): object {
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
 * @example kernelOver(memory)(64, 2, 0, 192) // writes 2 float32 dot products at byte 192
 */
export function kernelOver(memory: WasmMemory): ScoresFn {
  const instance = new wasm.Instance(kernelModule(), { env: { memory } });
  return instance.exports.scores as ScoresFn;
}

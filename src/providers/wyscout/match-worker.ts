/**
 * An ingest worker (docs/methodology/wyscout.md#workers): claims jobs from the batch's shared
 * counter, reads, gunzips and parses each per-match file and computes its {@link matchResultOf},
 * then posts the plain result back. A thin transport: everything it computes is the in-thread code.
 */
import { messageOf } from '../../errors.js';
import { parentPort } from 'node:worker_threads';
import { DatasetError } from '../../model/dataset-error.js';
import { type FoldedLine, type MatchResult, matchResultOf } from './match-result.js';
import { readMatchFile, type WyscoutMatch } from './read.js';

/** The jobs of one run, the roles of `players.json` (id → GK/DF/MD/FW) and the counter every thread claims the next job index from. */
export interface MatchBatch {
  jobs: readonly { match: WyscoutMatch; path: string; file: string }[];
  roles: [number, string][];
  next: Int32Array;
}

/** What a worker posts per claimed job. */
export type WorkerReply =
  | { job: number; ok: true; result: MatchResult }
  | {
      job: number;
      ok: false;
      message: string;
      error: { file: string; column: string | null; row: number | null } | null;
    };

/**
 * The result with every line's zone counts copied into one Float64Array, each line holding a view
 * of it, and that array's buffer to transfer: cloned, the lines' arrays of 80 doubles were most of
 * the cost of a posted result (a number at a time, each read back as a new heap number on the
 * main thread). A Float64Array holds any number exactly, so the fold adds the same values.
 */
function packedZones(result: MatchResult): { result: MatchResult; transfer: ArrayBuffer[] } {
  const lines = result.summary.lines;
  const packed = new Float64Array(lines.reduce((n, line) => n + line.zones.length, 0));
  let at = 0;
  const packedLines = lines.map((line): FoldedLine => {
    const zones = packed.subarray(at, at + line.zones.length);
    zones.set(line.zones);
    at += line.zones.length;
    return { ...line, zones };
  });
  return { result: { ...result, summary: { ...result.summary, lines: packedLines } }, transfer: [packed.buffer] };
}

parentPort?.on('message', ({ jobs, roles: roleList, next }: MatchBatch) => {
  const roles = new Map(roleList);
  for (let job = Atomics.add(next, 0, 1); job < jobs.length; job = Atomics.add(next, 0, 1)) {
    const { match, path, file } = jobs[job];
    let reply: WorkerReply;
    let transfer: ArrayBuffer[] = [];
    try {
      const packed = packedZones(matchResultOf(match, readMatchFile(path, file), (id) => roles.get(id), file));
      reply = { job, ok: true, result: packed.result };
      transfer = packed.transfer;
    } catch (e) {
      const error = e instanceof DatasetError ? { file: e.file, column: e.column, row: e.row } : null;
      reply = { job, ok: false, message: messageOf(e), error };
    }
    parentPort?.postMessage(reply, transfer);
    if (!reply.ok) return;
  }
});

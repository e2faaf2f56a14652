/**
 * An ingest worker (docs/methodology/wyscout.md#workers): reads, gunzips and parses one per-match
 * file and computes its {@link matchResultOf}, then posts the plain result back. A thin transport:
 * everything it computes is the in-thread code.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { DatasetError } from '../../dataset-error.js';
import { matchResultOf } from './match-result.js';
import { readMatchFile, type WyscoutMatch } from './read.js';

/** One job: the match object and where its file is. */
export interface MatchJob {
  id: number;
  match: WyscoutMatch;
  path: string;
  file: string;
}

const roles = new Map<number, string>((workerData as { roles: [number, string][] }).roles);

parentPort?.on('message', (job: MatchJob) => {
  try {
    const result = matchResultOf(job.match, readMatchFile(job.path, job.file), (id) => roles.get(id), job.file);
    parentPort?.postMessage({ id: job.id, ok: true, result });
  } catch (e) {
    const error = e instanceof DatasetError ? { file: e.file, column: e.column, row: e.row } : null;
    parentPort?.postMessage({ id: job.id, ok: false, message: (e as Error).message, error });
  }
});

/**
 * @module WAL checkpoints off the event loop: a worker thread with its own connection checkpoints
 * the log on a timer, in PASSIVE mode, so no checkpoint stalls the server (docs/api.md#storage).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { SqliteDriverName } from './driver.js';

const require = createRequire(import.meta.url);

/** How often the worker checkpoints the log (docs/api.md#storage). */
export const SQLITE_CHECKPOINT_INTERVAL_MS = 1_000;

/** How long closing the store waits for the worker to close its connection. */
const CLOSE_WAIT_MS = 5_000;

/**
 * The worker's source, run as CommonJS (`eval`), so neither the build nor the tests need a file of
 * their own for it. It opens the database with the server's driver, checkpoints on a timer, and on
 * `close` closes its connection and signals the shared flag, so the server's connection is the
 * last one and closing it folds the log into the file as SQLite always does.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { file, driver, modulePath, intervalMs, closed } = workerData;
const flag = new Int32Array(closed);
const done = () => {
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
};
let db = null;
const emitWarning = process.emitWarning;
process.emitWarning = () => {};
try {
  db = driver === 'better-sqlite3'
    ? new (require(modulePath))(file, { fileMustExist: true })
    : new (require('node:sqlite').DatabaseSync)(file);
} catch {
  // A file that cannot be opened here (removed, unreadable) is left to the server's connection.
  done();
}
process.emitWarning = emitWarning;
const checkpoint = () => {
  try {
    db.exec('PRAGMA wal_checkpoint(PASSIVE)');
  } catch {
    // A failed checkpoint leaves the log as it is; the next one, or the server's close, folds it in.
  }
};
const timer = db ? setInterval(checkpoint, intervalMs) : null;
parentPort.on('message', () => {
  clearInterval(timer);
  try {
    db?.close();
  } finally {
    done();
    parentPort.close();
  }
});
`;

/** A running checkpoint worker. */
interface Checkpointer {
  /** Stops the timer and closes the worker's connection, waiting (synchronously, bounded) until it did. */
  close(): void;
}

/**
 * Starts a worker thread that checkpoints the WAL of `file` every `intervalMs` through `driver`.
 * The caller turns its own automatic checkpoints off (`PRAGMA wal_autocheckpoint = 0`). The worker
 * does not keep the process alive.
 * @example const c = startCheckpointer('./halfspace.db', 'better-sqlite3'); c.close()
 */
export function startCheckpointer(
  file: string,
  driver: SqliteDriverName,
  intervalMs: number = SQLITE_CHECKPOINT_INTERVAL_MS,
): Checkpointer {
  const closed = new SharedArrayBuffer(4);
  const modulePath = driver === 'better-sqlite3' ? require.resolve('better-sqlite3') : null;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver, modulePath, intervalMs, closed },
  });
  let running = true;
  const stopped = () => {
    running = false;
  };
  worker.on('exit', stopped).on('error', stopped);
  worker.unref();
  return {
    close() {
      if (!running) return;
      running = false;
      worker.postMessage('close');
      // Closing the store is synchronous: wait here until the worker's connection is closed.
      Atomics.wait(new Int32Array(closed), 0, 0, CLOSE_WAIT_MS);
      void worker.terminate();
    },
  };
}

/**
 * Every table writer's "no partial file" rule, written once: write a temporary sibling, close it,
 * rename it into place; on any error close and remove it, so `path` is either whole or untouched.
 */
import { closeSync, openSync, renameSync, rmSync } from 'node:fs';

/**
 * Lets `write` fill a temporary sibling of `path` through its file descriptor, then renames it
 * into place; on any error removes it and rethrows. A `write` that returns a promise makes the
 * whole call asynchronous (the Parquet writer); a synchronous one keeps it synchronous.
 * @example writeViaTemp('scores.csv', (fd) => void writeSync(fd, 'a\n')) // => writes scores.csv
 */
export function writeViaTemp<R extends void | Promise<void>>(path: string, write: (fd: number) => R): R {
  const tmp = `${path}.tmp-${process.pid}`;
  const fd = openSync(tmp, 'w');
  let open = true;
  const done = (): void => {
    closeSync(fd);
    open = false;
    renameSync(tmp, path);
  };
  const failed = (e: unknown): never => {
    if (open) closeSync(fd);
    rmSync(tmp, { force: true });
    throw e;
  };
  try {
    const r = write(fd);
    // cast: R is this promise's own type when `write` returned a promise; done resolves to undefined like it.
    if (r instanceof Promise) return r.then(done).catch(failed) as R;
    done();
    return r;
  } catch (e) {
    return failed(e);
  }
}

/**
 * `halfspace serve` as users run it: the built binary in a child process on an ephemeral port,
 * its address read from the ready text, stdout and stderr kept for assertions.
 */
import { spawn } from 'node:child_process';
import { BIN, ROOT } from './built-cli.js';

/** A running `serve` child process. */
export interface ServeProcess {
  url: string;
  /** The server's process id (its peak RSS is VmHWM in /proc/<pid>/status). */
  pid: number;
  /** Everything printed on stdout so far. */
  stdout(): string;
  stderr(): string;
  /** SIGTERM, then the exit code once it ended. */
  stop(): Promise<number | null>;
  /** SIGKILL (a crash: nothing is cleaned up), resolved once the process is gone. */
  kill(): Promise<void>;
}

/**
 * Spawns `node bin/halfspace.js serve --port 0 ...args` and resolves once it listens.
 * @example const s = await spawnServe(['--db', file]); await fetch(`${s.url}/healthz`)
 */
export function spawnServe(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  timeoutMs = 60_000,
): Promise<ServeProcess> {
  const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });
  let out = '';
  let err = '';
  const ended = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  child.stdout.setEncoding('utf8').on('data', (t: string) => (out += t));
  child.stderr.setEncoding('utf8').on('data', (t: string) => (err += t));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`serve did not start within ${timeoutMs} ms: ${err}`));
    }, timeoutMs);
    const check = () => {
      const match = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (!match || !out.includes('Stop with Ctrl+C')) return;
      clearTimeout(timer);
      child.stdout.off('data', check);
      resolve({
        url: match[1],
        pid: child.pid!,
        stdout: () => out,
        stderr: () => err,
        stop: async () => {
          child.kill('SIGTERM');
          return ended;
        },
        kill: async () => {
          child.kill('SIGKILL');
          await ended;
        },
      });
    };
    child.stdout.on('data', check);
    void ended.then((code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited with ${code} before listening: ${err}`));
    });
  });
}

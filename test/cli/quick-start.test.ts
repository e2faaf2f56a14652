/**
 * README's quick start (`npm ci && npm start`) as a user runs it: `npm start` runs the binary that
 * `npm ci` already built (no second build), serves, and a SIGTERM (a supervisor, `kill`) or SIGINT
 * (Ctrl+C) sent to npm stops npm, the server and every process under it, and frees the port.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from '../helpers/built-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-quick-start-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
beforeAll(() => ensureBuilt(), 240_000);

/** Every process under `pid` (Linux /proc), deepest last. */
function descendantsOf(pid: number): number[] {
  const children = (p: number): number[] => {
    const file = `/proc/${p}/task/${p}/children`;
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8').split(/\s+/).filter(Boolean).map(Number);
  };
  const out: number[] = [];
  for (const child of children(pid)) out.push(child, ...descendantsOf(child));
  return out;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.on('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

describe('npm start (README quick start)', () => {
  it('runs the built binary, with no build step of its own', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    // `exec`: npm runs the script through sh, which would otherwise stand between npm and the
    // server, take npm's forwarded SIGTERM itself and leave the server orphaned.
    expect(pkg.scripts.start).toBe('exec node bin/halfspace.js serve');
    expect(pkg.scripts.prestart).toBeUndefined();
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain('```sh\nnpm ci && npm start\n```');
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`serves the demo and stops npm, the server and its children on ${signal}, freeing the port`, async () => {
      const distBefore = statSync(join(ROOT, 'dist', 'cli', 'halfspace.js')).mtimeMs;
      const npm = spawn('npm', ['start', '--', '--port', '0', '--db', join(dir, `${signal}.db`)], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      npm.stdout.setEncoding('utf8').on('data', (t: string) => (out += t));
      const exited = new Promise<number | null>((resolve) => npm.on('exit', (code) => resolve(code)));
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`npm start did not listen: ${out}`)), 90_000);
        npm.stdout.on('data', () => {
          const m = /listening on (http:\/\/[^\s]+)/.exec(out);
          if (m && out.includes('Stop with Ctrl+C')) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
      });
      const port = Number(new URL(url).port);
      const res = await fetch(`${url}/healthz`);
      expect(res.status).toBe(200);
      const tree = descendantsOf(npm.pid!);
      expect(tree.length).toBeGreaterThanOrEqual(1);
      expect(await portOpen(port)).toBe(true);

      npm.kill(signal);
      const code = await exited;
      expect(code === 0 || code === null, `npm exit code ${code}`).toBe(true);
      // The server's ready text was followed by its orderly stop, not a kill.
      await expect.poll(() => out, { timeout: 10_000 }).toContain('halfspace API stopped.');
      await expect.poll(() => tree.filter(alive), { timeout: 10_000 }).toEqual([]);
      expect(await portOpen(port)).toBe(false);
      expect(statSync(join(ROOT, 'dist', 'cli', 'halfspace.js')).mtimeMs, 'npm start rebuilt dist/').toBe(distBefore);
    }, 120_000);
  }
});

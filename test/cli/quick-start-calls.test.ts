/**
 * README's quick start, second half: the block that creates a key and calls the API runs as written
 * (one bash session, so `KEY=…` carries to the next line) against a real `halfspace serve` on the
 * demo with a SQLite wallet in the block's folder, and every trailing `# …` comment is a promise
 * about the line's output: `…` stands for any text, whitespace counts as one space, and a
 * `{ a, b, … }` comment on a line that redirects to a JSON file names keys that file's object holds.
 * Only the server's address differs from the README (an ephemeral port instead of 8787), and
 * `npx halfspace` runs the built binary.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt, ROOT, runShell } from '../helpers/built-cli.js';
import { printsShown } from '../helpers/prints-shown.js';
import { spawnServe, type ServeProcess } from '../helpers/serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-quick-start-calls-'));
let server: ServeProcess;
beforeAll(async () => {
  ensureBuilt();
  server = await spawnServe(['--db', join(dir, 'halfspace.db')]);
}, 240_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

interface Line {
  /** The command as written, continuation lines joined. */
  command: string;
  /** The trailing comment: what the line prints. */
  shown: string | null;
}

/** The ```sh block after "Then, in another terminal" in README.md, as logical lines. */
function quickStartCalls(): Line[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
  const after = readme.slice(readme.indexOf('Then, in another terminal'));
  const block = /```sh\n([\s\S]*?)```/.exec(after)![1];
  const joined = block.replace(/\\\n\s*/g, '');
  return joined
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => {
      const m = /^(.*?)\s{2,}#\s*(.+)$/.exec(l);
      return m ? { command: m[1], shown: m[2] } : { command: l, shown: null };
    });
}

describe('README quick start: a key, a paid call, the wallet', () => {
  it('reads the block: three commented lines among them', () => {
    const lines = quickStartCalls();
    expect(lines.filter((l) => l.shown !== null).length).toBeGreaterThanOrEqual(3);
    expect(printsShown('HTTP/1.1 200 OK\nx-svc-credits-charged: 1\n', ['x-svc-credits-charged: 1'])).toBe(true);
    expect(printsShown('98 (available 98, held 0)', ['99 (available 99, held 0)'])).toBe(false);
  });

  it('runs as written and prints what each comment shows', async () => {
    const lines = quickStartCalls();
    const port = new URL(server.url).port;
    const script = lines
      .map((l, i) => {
        const command = l.command
          .replaceAll('npx halfspace', `node ${JSON.stringify(BIN)}`)
          .replaceAll('127.0.0.1:8787', `127.0.0.1:${port}`);
        return `{ ${command}\n} > out.${i} 2>&1 || { echo "line ${i} failed"; exit 1; }`;
      })
      .join('\n');
    // As a user's shell runs it: without pipefail, `curl … | head -12` is the status of head.
    const r = await runShell(`set +o pipefail\n${script}`, { cwd: dir });
    expect(r.code, `${r.stdout}${r.stderr}`).toBe(0);
    lines.forEach((l, i) => {
      if (l.shown === null) return;
      const redirect = /\s>\s*(\S+)\s*$/.exec(l.command)?.[1];
      if (redirect && /^\{.*\}$/.test(l.shown)) {
        const object = JSON.parse(readFileSync(join(dir, redirect), 'utf8'));
        const keys = l.shown
          .slice(1, -1)
          .split(',')
          .map((k) => k.trim())
          .filter((k) => k !== '…');
        expect(Object.keys(object), l.command).toEqual(expect.arrayContaining(keys));
        return;
      }
      const printed = readFileSync(join(dir, `out.${i}`), 'utf8');
      expect(printsShown(printed, [l.shown]), `${l.command}\n  shown: ${l.shown}\n  printed: ${printed}`).toBe(true);
    });
  }, 120_000);
});

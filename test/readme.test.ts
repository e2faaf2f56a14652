/**
 * README's "Command line" block is a promise: every command in it that needs no outside data and
 * no long-running server is run here, as written, against the demo universe, and must succeed.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliCaptured } from './helpers/run-cli.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const block = /## Command line\s+```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
const dir = mkdtempSync(join(tmpdir(), 'halfspace-readme-'));
const db = join(dir, 'readme.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Shell-like split of one command line (double quotes group words). */
const wordsOf = (line: string): string[] => [...line.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]);

/** The README lines as argv lists: `a | b | c` alternatives split, optional `[…]` parts dropped. */
function commands(): string[][] {
  const out: string[][] = [];
  for (const raw of block.split('\n')) {
    const line = raw.replace(/\[[^\]]*\]/g, '').trim();
    if (!line.startsWith('npx halfspace ')) continue;
    const [first, ...alternatives] = line.slice('npx halfspace '.length).split(' | ');
    const head = wordsOf(first);
    out.push(head);
    // `keys create … | keys list | keys revoke ID`: each alternative is a whole subcommand.
    for (const alt of alternatives) out.push(wordsOf(alt));
  }
  return out;
}

// These need data from outside the repository (StatsBomb open data, a CSV folder, their output) or
// keep running until stopped; their own tests cover them.
const NEEDS_OUTSIDE = new Set(['ingest', 'score', 'serve']);

describe('README command line', () => {
  it('lists the commands, and every one that runs on the demo data succeeds as written', async () => {
    const all = commands();
    expect(all.length).toBeGreaterThanOrEqual(15);
    const runnable = all.filter((argv) => !NEEDS_OUTSIDE.has(argv[0]));
    expect(runnable.length).toBeGreaterThanOrEqual(14);
    let keyId = '';
    for (const argv of runnable) {
      const isStore = argv[0] === 'keys' || argv[0] === 'wallet';
      const args = argv.map((w) => (w === 'ID' ? keyId : w === 'card.png' ? join(dir, 'card.png') : w));
      const r = await runCliCaptured(...args, ...(isStore ? ['--db', db] : []));
      expect(r.code, `halfspace ${argv.join(' ')}\n${r.stderr}`).toBe(0);
      if (argv[0] === 'keys' && argv[1] === 'create') keyId = /key_[0-9A-Za-z]+/.exec(r.stdout)![0];
    }
    expect(keyId).toMatch(/^key_/);
  }, 60_000);
});

/**
 * docs/contributing.md cannot drift from the code: its layer table is the list in src/layers.ts,
 * every path it names exists, every constant it names is declared, every `npm run` script it names
 * is in package.json, and README links it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAYERS } from '../src/layers.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const doc = readFileSync(join(root, 'docs/contributing.md'), 'utf8');
/** Every `code span` of the document (fenced blocks included line by line). */
const spans = [...doc.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);

function sourceText(dir: string): string {
  return readdirSync(dir)
    .map((name) => {
      const p = join(dir, name);
      return statSync(p).isDirectory() ? sourceText(p) : p.endsWith('.ts') ? readFileSync(p, 'utf8') : '';
    })
    .join('\n');
}

describe('docs/contributing.md', () => {
  it('has the layer table of src/layers.ts, row for row', () => {
    const rows = doc
      .split('\n')
      .filter((line) => /^\| [\d.]+ \|/.test(line))
      .map((line) => {
        const [rank, paths, holds] = line
          .split('|')
          .slice(1, 4)
          .map((cell) => cell.trim());
        return { rank: Number(rank), paths: [...paths.matchAll(/`([^`]+)`/g)].map((m) => m[1]), holds };
      });
    expect(rows).toEqual(LAYERS.map((l) => ({ rank: l.rank, paths: [...l.paths], holds: l.holds })));
  });

  it('names layer paths that exist under src/', () => {
    const missing = LAYERS.flatMap((l) => l.paths).filter((p) => !existsSync(join(root, 'src', p)));
    expect(missing).toEqual([]);
  });

  it('names only files and folders that exist (a rename breaks this test, not the reader)', () => {
    const paths = spans
      .flatMap((s) => s.split(/\s+/))
      .filter((s) => /^(src|test|docs|bench|data|bin)\//.test(s) && !s.includes('<'))
      .map((s) => s.replace(/#.*$/, '').replace(/[),.;:]+$/, ''));
    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter((p) => !existsSync(join(root, p)))).toEqual([]);
  });

  it('names only constants that are declared in src/ or test/', () => {
    const code = `${sourceText(join(root, 'src'))}\n${sourceText(join(root, 'test'))}`;
    const constants = [...new Set(spans.filter((s) => /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$|^[A-Z]{4,}$/.test(s)))];
    expect(constants.length).toBeGreaterThan(10);
    const undeclared = constants.filter((c) => !new RegExp(`\\b(const|type|interface) ${c}\\b`).test(code));
    expect(undeclared).toEqual([]);
  });

  it('runs only npm scripts that package.json defines', () => {
    const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
    const named = [...doc.matchAll(/npm run ([a-z][a-z:-]*)/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThan(3);
    expect(named.filter((n) => !(n in scripts))).toEqual([]);
  });

  it('is linked from README.md', () => {
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain('(docs/contributing.md)');
  });
});

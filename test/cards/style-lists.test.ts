/**
 * Card styles named in prose (CLI summaries, OpenAPI field docs, MCP tool descriptions, docs/) are
 * not checked by the compiler: a line that enumerates the sync (or hd) styles must name all of them,
 * so adding a style (docs/contributing.md, "A new card style") fails here until every list names it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CARD_STYLES, HD_STYLES, SYNC_STYLES } from '../../src/cards/request.js';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? filesUnder(p, ext) : ext.test(name) ? [p] : [];
  });
}

const files = [
  ...filesUnder(join(root, 'src'), /\.ts$/),
  ...filesUnder(join(root, 'docs'), /\.md$/),
  join(root, 'README.md'),
];

/** Lines naming at least two styles of `family` (an enumeration) that leave one of them out. */
function incompleteLists(family: readonly string[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        const named = family.filter((s) => new RegExp(`\\b${s}\\b`).test(line));
        if (named.length >= 2 && named.length < family.length) out.push(`${relative(root, file)}:${i + 1}`);
      });
  }
  return out;
}

describe('style lists in prose', () => {
  it('finds the lists it checks (the sync pair is enumerated in several files)', () => {
    const enumerating = files.filter((f) => /\bplayer_card\b.*\bstat_ribbon\b/.test(readFileSync(f, 'utf8')));
    expect(enumerating.length).toBeGreaterThan(3);
  });

  it('every line that enumerates the sync styles names all of them', () => {
    expect(incompleteLists(SYNC_STYLES)).toEqual([]);
  });

  it('every line that enumerates the hd styles names all of them', () => {
    expect(incompleteLists(HD_STYLES)).toEqual([]);
  });

  it('docs/cards.md documents every style', () => {
    const text = readFileSync(join(root, 'docs/cards.md'), 'utf8');
    expect(CARD_STYLES.filter((s) => !new RegExp(`\\b${s}\\b`).test(text))).toEqual([]);
  });
});

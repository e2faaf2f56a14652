/**
 * Every section the code, the tests and the docs cite exists: a `docs/<file>.md#<anchor>` in a
 * comment or string of src/, test/ or bench/, and a relative `[…](file.md#anchor)` link in docs/ or
 * README.md, must name a file of the repository with a heading of that anchor (GitHub's slug of
 * the heading text). Citations of documents outside the repository (`DESIGN §`, `SPEC §`,
 * `STYLE §`, STYLE.md) are refused: a newcomer who clones the repository could not follow them.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function filesUnder(dir: string, ext: RegExp): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === 'node_modules' || name === 'results') return [];
    return statSync(p).isDirectory() ? filesUnder(p, ext) : ext.test(name) ? [p] : [];
  });
}

/**
 * GitHub's anchor of a heading: lower case, punctuation other than `-` and `_` dropped, each
 * space a `-`.
 * @example slugOf('## 2. Data model (Arrow tables)') // => '2-data-model-arrow-tables'
 */
function slugOf(heading: string): string {
  return heading
    .replace(/^#+\s*/, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/**
 * The anchors of a Markdown file: one per heading outside code fences (repeats numbered as GitHub
 * does, an explicit `{#id}` after the heading text wins), and every `<a id="…">`.
 */
function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) continue;
    for (const m of line.matchAll(/<a (?:id|name)="([^"]+)"/g)) out.add(m[1]);
    if (!/^#{1,6}\s/.test(line)) continue;
    const explicit = /\{#([\w-]+)\}\s*$/.exec(line);
    if (explicit) {
      out.add(explicit[1]);
      continue;
    }
    const slug = slugOf(line);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    out.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return out;
}

const code = [
  ...filesUnder(join(root, 'src'), /\.ts$/),
  ...filesUnder(join(root, 'test'), /\.ts$/),
  ...filesUnder(join(root, 'bench'), /\.ts$/),
];
const prose = [...filesUnder(join(root, 'docs'), /\.md$/), join(root, 'README.md')];

/** Each cited section: where it is cited, the Markdown file it names and the anchor. */
function citations(): { at: string; file: string; anchor: string }[] {
  const out: { at: string; file: string; anchor: string }[] = [];
  for (const f of code) {
    for (const m of readFileSync(f, 'utf8').matchAll(/\b(docs\/[\w/.-]+\.md)#([\w-]+)/g)) {
      out.push({ at: relative(root, f), file: join(root, m[1]), anchor: m[2] });
    }
  }
  for (const f of prose) {
    for (const m of readFileSync(f, 'utf8').matchAll(/\]\(([\w/.-]*\.md)?#([\w-]+)\)/g)) {
      out.push({ at: relative(root, f), file: m[1] ? resolve(dirname(f), m[1]) : f, anchor: m[2] });
    }
  }
  return out;
}

describe('cited docs sections', () => {
  const cited = citations();

  it('finds the citations (self-check: the design document is cited from the code)', () => {
    expect(cited.length).toBeGreaterThan(100);
    expect(cited.some((c) => c.file.endsWith('docs/design.md') && c.at.startsWith('src/'))).toBe(true);
  });

  it('every cited docs/<file>.md#<anchor> names an existing file and heading', () => {
    const anchors = new Map<string, Set<string>>();
    const missing = cited.filter(({ file, anchor }) => {
      if (!existsSync(file)) return true;
      if (!anchors.has(file)) anchors.set(file, anchorsOf(file));
      return !anchors.get(file)!.has(anchor);
    });
    expect(missing.map((m) => `${m.at} → ${relative(root, m.file)}#${m.anchor}`)).toEqual([]);
  });

  it('nothing cites a document that is not in the repository', () => {
    const self = fileURLToPath(import.meta.url);
    const outside = [...code, ...prose].filter(
      (f) =>
        f !== self && /\b(DESIGN|SPEC|STYLE) §|\bSTYLE\.md\b|\bDESIGN\.md\b|\bSPEC\.md\b/.test(readFileSync(f, 'utf8')),
    );
    expect(outside.map((f) => relative(root, f))).toEqual([]);
  });

  it('slugs headings the way GitHub does', () => {
    expect(slugOf('## 2. Data model (Arrow tables)')).toBe('2-data-model-arrow-tables');
    expect(slugOf('## `not_found`')).toBe('not_found');
    expect(slugOf('### Best XI: the pool')).toBe('best-xi-the-pool');
  });
});

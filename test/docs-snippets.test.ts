/**
 * Library examples that show their output run as written and print what they show: every ```ts or
 * ```js block of README.md and docs/*.md that imports only `halfspace` and shows a `console.log`'s
 * output as a comment (on the line below it, or after it on the same line) runs through tsx from a
 * folder inside the repository (so `halfspace` resolves to the built package), and its output must
 * match the comment: whitespace and line breaks count as one space, `…` stands for any text.
 * Comments that begin with "e.g." are illustrations, not promises. Blocks that import a server
 * or a store driver run in test/package-install.test.ts.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT, runShell } from './helpers/built-cli.js';

const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

interface Snippet {
  doc: string;
  line: number;
  code: string;
  /** What the block says it prints, in order. */
  shown: string[];
}

/** The blocks of one document that import only `halfspace` and show what they print. */
function snippetsOf(doc: string, markdown: string): Snippet[] {
  const out: Snippet[] = [];
  for (const m of markdown.matchAll(/^```(ts|js)\n([\s\S]*?)^```/gm)) {
    const code = m[2];
    const imports = [...code.matchAll(/from '([^']+)'/g)].map((i) => i[1]);
    if (imports.length === 0 || imports.some((i) => i !== 'halfspace')) continue;
    const lines = code.split('\n');
    const shown: string[] = [];
    lines.forEach((l, i) => {
      if (!/console\.log\(/.test(l)) return;
      const trailing = /\);\s*\/\/\s*(.+)$/.exec(l)?.[1];
      const below = /^\s*\/\/\s*(.+)$/.exec(lines[i + 1] ?? '')?.[1];
      for (const c of [trailing, below]) if (c && !c.startsWith('e.g.')) shown.push(c);
    });
    if (shown.length > 0) out.push({ doc, line: markdown.slice(0, m.index).split('\n').length, code, shown });
  }
  return out;
}

/** Whether `printed` shows each of `shown` in order (whitespace squeezed, `…` = any text). */
function printsShown(printed: string, shown: string[]): boolean {
  const squeeze = (t: string) => t.replace(/\s+/g, ' ').trim();
  const literal = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = shown.map((s) => squeeze(s).split('…').map(literal).join('.*?')).join('.*?');
  return new RegExp(pattern, 's').test(squeeze(printed));
}

const snippets = DOCS.flatMap((doc) => snippetsOf(doc, readFileSync(join(ROOT, doc), 'utf8')));
beforeAll(() => ensureBuilt(), 240_000);

describe('library examples that show their output', () => {
  it('finds them (README’s scouting example among them) and reads their promises', () => {
    expect(snippets.map((s) => s.doc)).toContain('README.md');
    expect(
      printsShown("{\n  value: 1.07,\n  percentile: 96,\n  label: 'elite',\n  sample: { minutes: 1593 }\n}", [
        "{ value: 1.07, percentile: 96, label: 'elite', … }",
      ]),
    ).toBe(true);
    expect(printsShown('{ value: 1.07, percentile: 96 }', ['{ value: 1.07, percentile: 98 }'])).toBe(false);
  });

  for (const s of snippets) {
    it(`${s.doc}:${s.line} prints what it shows`, async () => {
      // Inside the repository, so that `halfspace` resolves to this package's build (its exports).
      const file = join(ROOT, `.docs-snippet-${process.pid}-${s.line}.mts`);
      writeFileSync(file, s.code);
      try {
        const r = await runShell(`npx tsx ${JSON.stringify(file)}`, { cwd: ROOT });
        expect(r.code, r.stderr).toBe(0);
        expect(printsShown(r.stdout, s.shown), `shown: ${s.shown.join(' / ')}\nprinted: ${r.stdout}`).toBe(true);
      } finally {
        rmSync(file, { force: true });
      }
    }, 120_000);
  }
});

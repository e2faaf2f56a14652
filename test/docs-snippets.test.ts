/**
 * Library examples run as written and print what they show: every ```ts or ```js block of README.md
 * and docs/*.md that imports only `halfspace` (and Node's own modules) runs through tsx from a
 * scratch folder inside the repository (so `halfspace` resolves to the built package) and must exit
 * 0. Where a block shows a `console.log`'s output as a comment (on the line below it, or after it on
 * the same line), the output must match: whitespace and line breaks count as one space, `…` stands
 * for any text. Comments that begin with "e.g." are illustrations, not promises. The files and
 * folders an example reads by name (`'europe'`, `'values.csv'` …) are made in its scratch folder
 * first (FIXTURES). Blocks that import a server or a store driver run in
 * test/package-install.test.ts, the typed client's in test/client/example.test.ts.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { datasetFromDir } from '../src/io/load.js';
import { datasetToCsvDir } from '../src/io/csv/table-csv.js';
import { ensureBuilt, ROOT, runBuiltSync, runShell } from './helpers/built-cli.js';
import { printsShown } from './helpers/prints-shown.js';
import { absentNote, realPath } from './helpers/real-data.js';

const DEMO = join(ROOT, 'data', 'demo');
const PROVIDERS = realPath('providers');

/** A file or folder an example reads by name, made in the example's folder; null when it needs data that is absent. */
type Fixture = (dir: string) => string | null;
const ingested =
  (name: string, ...inputs: string[]): Fixture =>
  (dir) => {
    if (!existsSync(PROVIDERS)) return absentNote(PROVIDERS);
    const r = runBuiltSync(['ingest', ...inputs.map((i) => join(PROVIDERS, i)), '--out', join(dir, name)]);
    if (r.code !== 0) throw new Error(r.stderr);
    return null;
  };

/** Inputs the examples name (as a quoted literal in their code), and how the test makes them. */
const FIXTURES: Record<string, Fixture> = {
  europe: (dir) => {
    cpSync(DEMO, join(dir, 'europe'), { recursive: true });
    return null;
  },
  'values.csv': (dir) => {
    const ids = datasetFromDir(DEMO).tables.players.getChild('player_id')!.toArray().slice(0, 3);
    writeFileSync(
      join(dir, 'values.csv'),
      `player_id,Value\n${[...ids].map((id, i) => `${id},${(i + 1) * 5_000_000}`).join('\n')}\n`,
    );
    return null;
  },
  'my-league-csv': (dir) => {
    datasetToCsvDir(datasetFromDir(DEMO), join(dir, 'my-league-csv'));
    return null;
  },
  // Two real matches of different providers stand in for a league season and a tournament.
  'pl-2017': ingested(
    'pl-2017',
    'statsperform/statsperform_event_ma1.json',
    'statsperform/statsperform_event_ma3.json',
  ),
  'wc-2018': ingested('wc-2018', 'datafactory'),
  // A feed's files as a user keeps them, for the examples that read them with the library.
  'sportec-feed': (dir) => {
    if (!existsSync(PROVIDERS)) return absentNote(PROVIDERS);
    // File by file: the samples are read-only, and a copied read-only folder could not be removed.
    mkdirSync(join(dir, 'sportec-feed'));
    for (const f of readdirSync(join(PROVIDERS, 'sportec')))
      writeFileSync(join(dir, 'sportec-feed', f), readFileSync(join(PROVIDERS, 'sportec', f)));
    return null;
  },
};

const markdownIn = (dir: string) =>
  readdirSync(join(ROOT, dir))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `${dir}/${f}`);
const DOCS = ['README.md', ...markdownIn('docs'), ...markdownIn('docs/methodology')];

interface Snippet {
  doc: string;
  line: number;
  code: string;
  /** What the block says it prints, in order. */
  shown: string[];
}

/** The blocks of one document that import `halfspace` and nothing else but Node's own modules. */
function snippetsOf(doc: string, markdown: string): Snippet[] {
  const out: Snippet[] = [];
  for (const m of markdown.matchAll(/^```(ts|js)\n([\s\S]*?)^```/gm)) {
    const code = m[2];
    const imports = [...code.matchAll(/from '([^']+)'/g)].map((i) => i[1]);
    if (!imports.includes('halfspace') || imports.some((i) => i !== 'halfspace' && !i.startsWith('node:'))) continue;
    const lines = code.split('\n');
    const shown: string[] = [];
    lines.forEach((l, i) => {
      if (!/console\.log\(/.test(l)) return;
      const trailing = /\);\s*\/\/\s*(.+)$/.exec(l)?.[1];
      const below = /^\s*\/\/\s*(.+)$/.exec(lines[i + 1] ?? '')?.[1];
      for (const c of [trailing, below]) if (c && !c.startsWith('e.g.')) shown.push(c);
    });
    out.push({ doc, line: markdown.slice(0, m.index).split('\n').length, code, shown });
  }
  return out;
}

const snippets = DOCS.flatMap((doc) => snippetsOf(doc, readFileSync(join(ROOT, doc), 'utf8')));
beforeAll(() => ensureBuilt(), 240_000);

describe('library examples of README and docs', () => {
  it('finds them (README’s scouting example among them) and reads their promises', () => {
    expect(snippets.map((s) => s.doc)).toContain('README.md');
    expect(
      printsShown("{\n  value: 1.07,\n  percentile: 96,\n  label: 'elite',\n  sample: { minutes: 1593 }\n}", [
        "{ value: 1.07, percentile: 96, label: 'elite', … }",
      ]),
    ).toBe(true);
    expect(printsShown('{ value: 1.07, percentile: 96 }', ['{ value: 1.07, percentile: 98 }'])).toBe(false);
  });

  it('runs every example that imports only halfspace, with or without shown output', () => {
    const unshown = snippets.filter((s) => s.shown.length === 0).map((s) => s.doc);
    expect(unshown).toContain('docs/merging.md');
    expect(unshown).toContain('docs/guide.md');
  });

  for (const s of snippets) {
    it(`${s.doc}:${s.line} runs${s.shown.length > 0 ? ' and prints what it shows' : ''}`, async (ctx) => {
      // Inside the repository, so that `halfspace` resolves to this package's build (its exports).
      const dir = join(ROOT, `.docs-snippet-${process.pid}-${s.doc.replace(/\W/g, '-')}-${s.line}`);
      mkdirSync(dir, { recursive: true });
      try {
        for (const [name, make] of Object.entries(FIXTURES)) {
          if (!s.code.includes(`'${name}'`)) continue;
          const absent = make(dir);
          if (absent) {
            console.log(`skipped ${s.doc}:${s.line}: it reads ${name}, made from real data, and ${absent}`);
            ctx.skip();
          }
        }
        writeFileSync(join(dir, 'example.mts'), s.code);
        const r = await runShell('npx tsx example.mts', { cwd: dir });
        expect(r.code, r.stderr).toBe(0);
        expect(printsShown(r.stdout, s.shown), `shown: ${s.shown.join(' / ')}\nprinted: ${r.stdout}`).toBe(true);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);
  }
});

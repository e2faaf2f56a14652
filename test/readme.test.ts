/**
 * README.md and docs/*.md are a promise: every `halfspace` command line in them (lines of ```sh
 * blocks and inline `npx halfspace …` spans) is run as written, through bash and the BUILT binary,
 * in a fresh folder per document (lines of one document run in order, sharing that folder, so
 * `keys create --json > key.json` feeds a later `"$(node -p 'require("./key.json").id')"`). Each must
 * exit 0 without a stack trace, and its `--json` form must print parseable JSON. A ```sh block
 * followed by a ```text block shows the output of its last line: that line's output must match it
 * (`shownOutputMatches`: `…` alone on a line stands for any lines, inside a line for any text).
 * Placeholders and skipped lines are listed below, each with its reason; a stale entry fails the suite.
 */
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/cli/commands/index.js';
import { parseCsv } from '../src/io/csv/parse.js';
import { datasetToCsvDir } from '../src/io/csv/table-csv.js';
import { tinyDataset } from './helpers/tiny-dataset.js';
import { BIN, ensureBuilt, hasStack, ROOT, runShell } from './helpers/built-cli.js';
import { realPath } from './helpers/real-data.js';

const STATSBOMB = realPath('statsbomb', 'premier-league-2015-16');
const WYSCOUT = realPath('wyscout');
const PROVIDERS = realPath('providers');
const KEY_ID = `"$(node -p 'require("./key.json").id')"`;

/** Words the documents use as placeholders, and what the suite puts in their place (and why). */
const PLACEHOLDERS: { pattern: RegExp; value: string; why: string }[] = [
  { pattern: /"(NAME|Name)"/g, value: '"Igor Teixeira"', why: 'a player name: the demo universe’s Igor Teixeira' },
  { pattern: /"CLUB"/g, value: '"Saltmarsh United"', why: 'a club name for --team' },
  {
    pattern: /\b(ID|key_5VABhW9AqnySh6)\b/g,
    value: KEY_ID,
    why: 'a key id: the one in key.json, made by `keys create --json > key.json` in the same folder',
  },
  {
    pattern: /\.\.\/open-data\b/g,
    value: JSON.stringify(STATSBOMB),
    why: 'StatsBomb open data: the copy in the real data folder (HALFSPACE_REAL_DIR, else ../shared/real)',
  },
  {
    pattern: /\.\.\/wyscout\b/g,
    value: JSON.stringify(WYSCOUT),
    why: 'the Wyscout public dataset: the copy in the real data folder (HALFSPACE_REAL_DIR, else ../shared/real)',
  },
  {
    pattern: /\.\.\/shared\/real\/providers\b/g,
    value: JSON.stringify(PROVIDERS),
    why: "the provider samples in the real data folder (HALFSPACE_REAL_DIR, else beside the repository), not beside the docs runner's folder",
  },
];

/** Lines that cannot run here, matched on the line as written, with the reason. */
const SKIPS: { pattern: RegExp; why: string }[] = [
  {
    pattern: /^halfspace serve\b/,
    why: 'runs until stopped; test/cli/contract.test.ts starts serve, checks its banner and stops it',
  },
  ...(existsSync(PROVIDERS)
    ? []
    : [
        {
          pattern: /^halfspace ingest \.\.\/shared\/real\/providers\//,
          why: `needs the provider samples, absent at ${PROVIDERS}`,
        },
        {
          pattern: /--dataset (metrica|hsv-svs-wc)\b|^halfspace merge hsv-svs\b/,
          why: 'reads a dataset docs/providers.md ingests from the provider samples, which are absent',
        },
      ]),
  ...(existsSync(join(WYSCOUT, 'matches'))
    ? []
    : [
        {
          pattern: /^halfspace merge hsv-svs wc-2018\b|--dataset hsv-svs-wc\b/,
          why: 'merges the output of the Wyscout line above, which needs the Wyscout public dataset',
        },
      ]),
  ...(existsSync(STATSBOMB)
    ? []
    : [
        { pattern: /^halfspace ingest statsbomb\b/, why: `needs StatsBomb open data, absent at ${STATSBOMB}` },
        {
          pattern: /^halfspace score pl-2015\b/,
          why: 'scores the output of the StatsBomb line above, which needs StatsBomb open data',
        },
      ]),
  ...(existsSync(STATSBOMB) && existsSync(join(WYSCOUT, 'matches'))
    ? []
    : [
        {
          pattern: /^halfspace merge pl-2015 pl-2017\b/,
          why: `merges the outputs of the StatsBomb and Wyscout lines above, which need ${STATSBOMB} and ${WYSCOUT}`,
        },
      ]),
  ...(existsSync(join(WYSCOUT, 'matches'))
    ? []
    : [
        { pattern: /^halfspace ingest wyscout\b/, why: `needs the Wyscout public dataset, absent at ${WYSCOUT}` },
        {
          pattern: /--dataset europe\b/,
          why: `reads the dataset docs/guide.md's Wyscout ingest writes, which needs the Wyscout public dataset, absent at ${WYSCOUT}`,
        },
      ]),
];

/** Commands whose second run (the --json form) is refused by design, with the reason. */
const ONCE: Record<string, string> = {
  'keys revoke': 'revoking the same key twice is an error; its --json form runs in test/cli/contract.test.ts',
};

/** Files a document's folder starts with, because its lines read them. */
function seedFolder(dir: string): void {
  datasetToCsvDir(tinyDataset(), join(dir, 'my-league-csv')); // docs/csv.md's CSV folder (the tiny dataset has Jörg Müller-Weiß)
  // docs/csv.md's Excel copy of it: Windows-1252 bytes, semicolons between fields.
  mkdirSync(join(dir, 'my-league-excel'));
  for (const file of readdirSync(join(dir, 'my-league-csv'))) {
    const text = readFileSync(join(dir, 'my-league-csv', file), 'utf8');
    if (!file.endsWith('.csv')) {
      writeFileSync(join(dir, 'my-league-excel', file), text);
      continue;
    }
    if (/[\u0100-\uffff]/.test(text))
      throw new Error(`${file}: the tiny dataset now has text Windows-1252 cannot hold; change the seed`);
    const lines: string[] = [];
    parseCsv(text, file, (fields) =>
      lines.push(fields.map((f) => (f === null ? '' : /[";\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(';')),
    );
    writeFileSync(join(dir, 'my-league-excel', file), Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1'));
  }
  // docs/enrich.md's files: synthetic values and colours for the tiny dataset's players and clubs (never real market values).
  writeFileSync(join(dir, 'values.csv'), 'player_id,market_value_eur\n1,12000000\n2,3500000\n99,1\n');
  writeFileSync(join(dir, 'teams.csv'), 'team_id,short_name,primary_color\n10,NOR,#1D3A8A\n11,LIN,#B22222\n');
  copyFileSync(join(ROOT, 'docs/img/card-player-card.png'), join(dir, 'me.jpg')); // docs/cards.md's photo (PNG bytes are recognised by signature)
}

const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];
const COMMAND_NAMES = COMMANDS.map((c) => c.name);

/** The `halfspace` command lines of one Markdown document, as written (continuations joined). */
function commandLinesOf(markdown: string): string[] {
  const out: string[] = [];
  const fences = /^```(\w*)\n([\s\S]*?)^```/gm;
  for (const m of markdown.matchAll(fences)) {
    if (!['sh', 'bash', 'shell'].includes(m[1])) continue;
    for (const line of m[2].replace(/\\\n\s*/g, ' ').split('\n')) {
      if (/^(npx )?halfspace\b/.test(line.trim())) out.push(line.trim());
    }
  }
  const prose = markdown.replace(fences, '');
  for (const m of prose.matchAll(/`(npx halfspace [^`]+)`/g)) out.push(m[1]);
  return out;
}

/**
 * The output a document shows for a command line: a ```sh block directly followed by a ```text
 * block shows the output of the block's last `halfspace` line. Keyed by that line as written.
 */
function shownOutputsOf(markdown: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of markdown.matchAll(/^```(?:sh|bash|shell)\n([\s\S]*?)^```\n\s*^```text\n([\s\S]*?)^```/gm)) {
    const lines = m[1]
      .replace(/\\\n\s*/g, ' ')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => /^(npx )?halfspace\b/.test(l));
    if (lines.length > 0) out.set(lines[lines.length - 1], m[2]);
  }
  return out;
}

/**
 * Whether `actual` shows what `shown` says, in order: runs of spaces count as one, a line that is
 * only `…` stands for any number of lines, and `…` inside a line for any text on that line.
 * @example shownOutputMatches('a 1\nb 2\nc 3\n', 'a …\n…\nc 3') // => true
 */
function shownOutputMatches(actual: string, shown: string): boolean {
  const squeeze = (t: string) =>
    t
      .split('\n')
      .map((l) => l.replace(/\s+/g, ' ').trim())
      .join('\n');
  const literal = (t: string) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = squeeze(shown)
    .split('\n')
    .filter((l, i, all) => l !== '' || i < all.length - 1)
    .map((l) => (l === '…' ? '(?:[^\\n]*\\n)*?[^\\n]*' : l.split('…').map(literal).join('[^\\n]*')))
    .join('\\n');
  return new RegExp(pattern).test(squeeze(actual));
}

/** One documented line as the runnable lines it stands for: comments and `[optional]` parts dropped, `a | b` alternatives split. */
function runnableOf(line: string): string[] {
  const bare = line
    .replace(/^npx /, '')
    .replace(/\s+#\s.*$/, '')
    .replace(/\s*\[[^\]]*\]/g, '')
    .trim();
  // ` | keys list`: an alternative (a command word follows), not a shell pipe.
  const alternatives = bare.split(
    new RegExp(` \\| (?=(?:${[...new Set(COMMAND_NAMES.map((n) => n.split(' ')[0]))].join('|')})\\b)`),
  );
  return alternatives.map((alt, i) => (i === 0 ? alt : `halfspace ${alt}`));
}

const commandOf = (line: string): string | undefined =>
  COMMAND_NAMES.filter((n) => line.startsWith(`halfspace ${n}`)).sort((a, b) => b.length - a.length)[0];

/** Commands that only read the demo data: the same line gives the same result in any document. */
const READ_ONLY = new Set([
  'player',
  'scouting',
  'similar',
  'verdict',
  'fixtures',
  'bestxi pool',
  'bestxi lineup',
  'prompt',
]);
const ranElsewhere = new Set<string>();

let root: string;
let binDir: string;

beforeAll(async () => {
  await ensureBuilt();
  root = mkdtempSync(join(tmpdir(), 'halfspace-docs-'));
  // `halfspace` on PATH is the built binary, as after `npm install` (the documents' `npx` prefix is dropped).
  binDir = join(root, 'bin');
  mkdirSync(binDir);
  writeFileSync(
    join(binDir, 'halfspace'),
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} "$@"\n`,
    { mode: 0o755 },
  );
}, 240_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('command lines in README.md and docs/*.md run on the built binary', () => {
  it('finds the documented command lines', () => {
    const readme = commandLinesOf(readFileSync(join(ROOT, 'README.md'), 'utf8'));
    expect(readme.length).toBeGreaterThanOrEqual(18);
    expect(readme).toContain('npx halfspace verdict --name "Igor Teixeira"');
    expect(
      commandLinesOf(
        'text `npx halfspace player --name "A B"` text\n```sh\nhalfspace keys list   # all\n```\n```\nhalfspace score <x>\n```\n',
      ),
    ).toEqual(['halfspace keys list   # all', 'npx halfspace player --name "A B"']);
    expect(runnableOf('npx halfspace keys create --credits 100 | keys list | keys revoke ID')).toEqual([
      'halfspace keys create --credits 100',
      'halfspace keys list',
      'halfspace keys revoke ID',
    ]);
  });

  for (const doc of DOCS) {
    const markdown = readFileSync(join(ROOT, doc), 'utf8');
    const lines = commandLinesOf(markdown);
    const shown = shownOutputsOf(markdown);
    if (lines.length === 0) continue;
    it.concurrent(`${doc}: ${lines.length} command line(s)`, async () => {
      const dir = join(root, doc.replace(/\W/g, '_'));
      mkdirSync(dir);
      seedFolder(dir);
      const env = { PATH: `${binDir}:${process.env.PATH}` };
      for (const written of lines) {
        for (const bare of runnableOf(written)) {
          const skip = SKIPS.find((s) => s.pattern.test(bare));
          if (skip) {
            console.log(`${doc}: skipped \`${bare}\`: ${skip.why}`);
            continue;
          }
          let line = bare;
          for (const p of PLACEHOLDERS) line = line.replace(p.pattern, p.value);
          // A line another document already ran, on the demo data and writing nothing, is not run twice.
          const command = commandOf(line);
          if (command && READ_ONLY.has(command) && !line.includes('--dataset')) {
            if (ranElsewhere.has(line)) continue;
            ranElsewhere.add(line);
          }
          // A line that names a key before the document made one gets a key of its own.
          if (line.includes('key.json') && !existsSync(join(dir, 'key.json'))) {
            expect(
              (await runShell('halfspace keys create --credits 100 --json > key.json', { cwd: dir, env })).code,
            ).toBe(0);
          }
          const r = await runShell(line, { cwd: dir, env });
          const label = `${doc}: ${written}\n  ran: ${line}\n${r.stderr}`;
          expect(r.code, label).toBe(0);
          expect(hasStack(r.stderr), label).toBe(false);
          const expected = shown.get(written.replace(/^npx /, '')) ?? shown.get(written);
          if (expected !== undefined)
            expect(
              shownOutputMatches(`${r.stdout}${r.stderr}`, expected),
              `${label}\n  shown:\n${expected}\n  printed:\n${r.stdout}${r.stderr}`,
            ).toBe(true);
          const redirect = /\s>\s*(\S+)\s*$/.exec(line)?.[1];
          if (/\s--json\b/.test(line)) {
            const text = redirect ? readFileSync(join(dir, redirect), 'utf8') : r.stdout;
            expect(() => JSON.parse(text), label).not.toThrow();
          } else if (
            command &&
            !redirect &&
            !ONCE[command] &&
            COMMANDS.find((c) => c.name === command)!.usage.includes('--json')
          ) {
            const j = await runShell(`${line} --json`, { cwd: dir, env });
            expect(j.code, `${label}\n  --json: ${j.stderr}`).toBe(0);
            expect(() => JSON.parse(j.stdout), `${label}\n  --json output is not JSON`).not.toThrow();
          }
        }
      }
    }, 600_000);
  }

  it('a documented `bestxi lineup` names an XI: eleven distinct player ids', () => {
    const lineups = DOCS.flatMap((doc) => commandLinesOf(readFileSync(join(ROOT, doc), 'utf8'))).filter((l) =>
      /\bbestxi lineup --ids\b/.test(l),
    );
    expect(lineups.length).toBeGreaterThan(0);
    for (const l of lineups) expect(new Set(/--ids (\S+)/.exec(l)![1].split(',')).size, l).toBe(11);
  });

  it('every output a document shows belongs to a command line it runs', () => {
    for (const doc of DOCS) {
      const markdown = readFileSync(join(ROOT, doc), 'utf8');
      const lines = commandLinesOf(markdown).map((l) => l.replace(/^npx /, ''));
      for (const line of shownOutputsOf(markdown).keys()) expect(lines, doc).toContain(line.replace(/^npx /, ''));
    }
    expect(shownOutputMatches('a 1\nb  2\nc 3\n', 'a …\n…\nc 3')).toBe(true);
    expect(shownOutputMatches('a 1\nb 2\n', 'a 1\nb 3')).toBe(false);
  });

  it('every placeholder and skip above is still used by some document line', () => {
    const all = DOCS.flatMap((doc) => commandLinesOf(readFileSync(join(ROOT, doc), 'utf8')).flatMap(runnableOf));
    expect(SKIPS.filter((s) => !all.some((l) => s.pattern.test(l))).map((s) => String(s.pattern))).toEqual([]);
    expect(
      PLACEHOLDERS.filter((p) => !all.some((l) => l.search(p.pattern) >= 0)).map((p) => String(p.pattern)),
    ).toEqual([]);
  });
});

/**
 * Code hygiene (docs/contributing.md#ground-rules): no function runs over 60 lines unless a `// Long:` comment
 * right above it says why (data tables), and every `as` cast (other than `as const`) carries a `// cast:`
 * comment saying why it is safe. The total number of casts stays within a budget that only goes down.
 * Comments say why the code is as it is: no issue numbers, no history, no measured figures.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');

/** Lower it as casts go, never raise it. */
const CAST_BUDGET = 57;
const MAX_FUNCTION_LINES = 60;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sourceFiles(p) : p.endsWith('.ts') ? [p] : [];
  });
}

interface Finding {
  kind: 'long' | 'cast';
  where: string;
  justified: boolean;
}

type FunctionNode =
  | ts.FunctionDeclaration
  | ts.MethodDeclaration
  | ts.ArrowFunction
  | ts.FunctionExpression
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration;

function isFunctionNode(node: ts.Node): node is FunctionNode {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isArrowFunction(node) ||
    ts.isFunctionExpression(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** The comments right above a node or above the statement or property that holds it. */
function leadingComments(text: string, node: ts.Node): string {
  const out: string[] = [];
  for (let n: ts.Node | undefined = node; n && !ts.isSourceFile(n); n = n.parent) {
    for (const r of ts.getLeadingCommentRanges(text, n.getFullStart()) ?? []) out.push(text.slice(r.pos, r.end));
    if (ts.isStatement(n) || ts.isPropertyAssignment(n) || ts.isClassElement(n)) break;
  }
  return out.join('\n');
}

function lineOf(sf: ts.SourceFile, pos: number): number {
  return sf.getLineAndCharacterOfPosition(pos).line;
}

function nameOf(node: FunctionNode): string {
  if (node.name) return node.name.getText();
  const p = node.parent;
  if (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p)) return p.name.getText();
  return '(anonymous)';
}

/** Every long function and every cast of one source text, each marked justified or not. */
function findingsOf(file: string, text: string): Finding[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lines = text.split('\n');
  const out: Finding[] = [];
  const visit = (node: ts.Node): void => {
    if (isFunctionNode(node)) {
      const first = lineOf(sf, node.getStart());
      const length = lineOf(sf, node.end) - first + 1;
      if (length > MAX_FUNCTION_LINES) {
        out.push({
          kind: 'long',
          where: `${file}:${first + 1} ${nameOf(node)} (${length} lines)`,
          justified: /\/\/ Long:/.test(leadingComments(text, node)),
        });
      }
    }
    if (ts.isAsExpression(node) && !(ts.isTypeReferenceNode(node.type) && node.type.typeName.getText() === 'const')) {
      const line = lineOf(sf, node.type.getStart());
      const near = [lines[line], lines[line - 1] ?? ''].join('\n');
      out.push({
        kind: 'cast',
        where: `${file}:${line + 1} as ${node.type.getText()}`,
        justified: /\/\/ cast:/.test(near) || /\/\/ cast:/.test(leadingComments(text, node)),
      });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Every comment of a source text with the line it starts on (walked over every token, so none is missed). */
function commentsOf(file: string, text: string): { line: number; text: string }[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const seen = new Map<number, string>();
  const add = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) seen.set(r.pos, text.slice(r.pos, r.end));
  };
  const visit = (node: ts.Node): void => {
    add(ts.getLeadingCommentRanges(text, node.pos));
    add(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(sf)) visit(child);
  };
  visit(sf);
  return [...seen].map(([pos, comment]) => ({ line: lineOf(sf, pos) + 1, text: comment }));
}

const UNIT = '(?:ms|s|MB|KB|GB|MiB|GiB|%|req/s)';

/**
 * What a comment must not say (docs/contributing.md#ground-rules): an issue number, the code's
 * history, or a measured figure (an approximate size, time or share, a speed-up ratio, a rate, a
 * bench result). Limits and definitions with units ("5 MB", "40 % of the pitch", "1080 × 1350")
 * are facts of the code, not measurements, and pass.
 */
const COMMENT_RULES: [string, RegExp][] = [
  ['issue number', /\bissues?\s+#?\d+|\bstops?\s+#?\d+|(?:^|[\s(])#\d{1,3}\b(?![,\s]*#\d)/i],
  [
    'history',
    new RegExp(
      [
        String.raw`\b(?:it|this|that|which|we|they|code|reader|test|function|file|one)\s+used to\b`,
        String.raw`\bused to be\b`,
        String.raw`\bno longer\b`,
        String.raw`\bpreviously\b`,
        String.raw`\bwas changed\b`,
        String.raw`\bas it (?:was|always)\b`,
        String.raw`\bbefore this (?:change|commit|fix|issue|refactor|patch)\b`,
        String.raw`\b(?:it|this|which|that|they|we|code|reader|test|one)\s+now\b`,
        String.raw`(?<!\b(?:after|before|by)\s)\bnow\s+(?:is|are|uses|use|returns|takes|has|have|does|lives|reads|writes|keeps|answers|runs|goes|comes|holds)\b`,
      ].join('|'),
      'i',
    ),
  ],
  [
    'measured figure',
    new RegExp(
      [
        String.raw`(?:~|≈|\babout|\baround|\broughly|\bnearly|\bat least)\s*\d[\d,.]*\s?${UNIT}(?![\w/])`,
        String.raw`\d[\d,.]*\s?${UNIT}\s+(?:faster|slower|less|more|cheaper|of (?:CPU|its)|warm|cold|per (?:card|call|match|run))\b`,
        String.raw`\d(?:\.\d+)?[×x](?=[\s,.;:)]|$)`,
        String.raw`\d[\d,.]*\s?req/s`,
        String.raw`\bbench/results\b`,
      ].join('|'),
      'i',
    ),
  ],
];

/** Every comment line of a source text that breaks a comment rule, as `file:line (rule) text`. */
function commentFindingsOf(file: string, text: string): string[] {
  return commentsOf(file, text).flatMap(({ line, text: comment }) =>
    comment
      .split('\n')
      .flatMap((one, i) =>
        COMMENT_RULES.filter(([, rule]) => rule.test(one)).map(
          ([name]) => `${file}:${line + i} (${name}) ${one.trim()}`,
        ),
      ),
  );
}

const findings = sourceFiles(src).flatMap((f) => findingsOf(relative(root, f), readFileSync(f, 'utf8')));

describe('code hygiene', () => {
  it('finds the source tree', () => {
    expect(findings.length).toBeGreaterThan(0);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines without a "// Long:" reason`, () => {
    expect(findings.filter((f) => f.kind === 'long' && !f.justified).map((f) => f.where)).toEqual([]);
  });

  it('justifies every cast with a "// cast:" comment', () => {
    expect(findings.filter((f) => f.kind === 'cast' && !f.justified).map((f) => f.where)).toEqual([]);
  });

  it(`keeps casts within the budget of ${CAST_BUDGET}`, () => {
    expect(findings.filter((f) => f.kind === 'cast').length).toBeLessThanOrEqual(CAST_BUDGET);
  });

  it('has no issue number, history or measured figure in a src comment', () => {
    const found = sourceFiles(src).flatMap((f) => commentFindingsOf(relative(root, f), readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });

  it('self-check: flags issue numbers, history and measured figures in comments, and passes limits and definitions', () => {
    const bad = [
      '// Fixed in issue 12.',
      '/** Kept for #34. */',
      '// See stop 39.',
      '// This used to wrap the reader.',
      '// The cache is no longer needed.',
      '/* previously a Set */',
      '// It now keeps open holds only.',
      '// The scanner takes ~50 ms per match.',
      '// About 1.2 MB of fonts.',
      '// Level 3 is 3× faster.',
      '// Made lookups 2.2x slower.',
      '// Serves 26,820 req/s.',
      '// 10 % less CPU per call.',
      '// See bench/results/http.md.',
    ];
    const good = [
      '/** Largest photo fetched: 5 MB. */',
      "// The team's own 40 % of the pitch.",
      '// The 1080 × 1350 layout; score = 0.6 × season + 0.4 × form.',
      '// A fixture after now is upcoming.',
      '// Hash used to turn a label into a seed.',
      '// Copies get `#2`, `#3` appended.',
      'const s = "issue 12 ~50 ms"; // strings are not comments',
    ];
    const flagged = (line: string) => commentFindingsOf('t.ts', `${line}\nconst x = 1;\n`).length > 0;
    expect(bad.filter((line) => !flagged(line))).toEqual([]);
    expect(good.filter(flagged)).toEqual([]);
  });

  it('self-check: sees a long function, a cast, and their reasons', () => {
    const body = Array.from({ length: 61 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = [
      `function long() {\n${body}\n}`,
      `// Long: a data table\nconst table = () => {\n${body}\n};`,
      'const a = x as number;',
      'const b = x as number; // cast: x is checked above',
      '// cast: the guard above\nconst c = x as string;',
      'const d = [1] as const;',
    ].join('\n');
    const got = findingsOf('t.ts', text).map((f) => [f.kind, f.justified]);
    expect(got).toEqual([
      ['long', false],
      ['long', true],
      ['cast', false],
      ['cast', true],
      ['cast', true],
    ]);
  });
});

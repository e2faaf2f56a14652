/**
 * `engines.node` is true (docs/deploy.md#requirements): no code under src/ or bin/ uses a Node API
 * newer than the floor package.json declares. Only one Node runs here, so the test reads the code:
 * a list of APIs that arrived after Node 20, each with the release that brought it (Node's
 * changelogs and API docs, "Added in" lines), found in the syntax tree (not in strings or
 * comments). An API that is loaded with a fallback on purpose is allowed by file, with the reason.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** A version as [major, minor]. */
type Version = readonly [number, number];

/** An API and the release that added it (unflagged). */
interface PostFloorApi {
  /** What the code writes: a member chain (`Object.groupBy`), a global (`navigator`), `module:name` for an import, or a method `.name(`. */
  use: string;
  since: Version;
}

// Long: the list of APIs, one line each with the release that added it.
const APIS: readonly PostFloorApi[] = [
  { use: 'import.meta.dirname', since: [20, 11] },
  { use: 'import.meta.filename', since: [20, 11] },
  { use: 'node:util:styleText', since: [20, 12] },
  { use: 'node:util:parseEnv', since: [20, 12] },
  { use: 'process.loadEnvFile', since: [20, 12] },
  { use: 'node:zlib:crc32', since: [20, 15] },
  { use: 'process.getBuiltinModule', since: [20, 16] },
  { use: 'Object.groupBy', since: [21, 0] },
  { use: 'Map.groupBy', since: [21, 0] },
  { use: 'navigator', since: [21, 0] },
  { use: 'Promise.withResolvers', since: [22, 0] },
  { use: 'Array.fromAsync', since: [22, 0] },
  { use: '.union(', since: [22, 0] },
  { use: '.intersection(', since: [22, 0] },
  { use: '.difference(', since: [22, 0] },
  { use: '.symmetricDifference(', since: [22, 0] },
  { use: '.isSubsetOf(', since: [22, 0] },
  { use: '.isSupersetOf(', since: [22, 0] },
  { use: '.isDisjointFrom(', since: [22, 0] },
  { use: 'node:fs:glob', since: [22, 0] },
  { use: 'node:fs:globSync', since: [22, 0] },
  { use: 'node:fs/promises:glob', since: [22, 0] },
  { use: 'Iterator.from', since: [22, 0] },
  { use: 'URL.parse', since: [22, 1] },
  { use: 'node:module:enableCompileCache', since: [22, 1] },
  { use: 'WebSocket', since: [22, 4] },
  { use: 'node:sqlite', since: [22, 13] },
  { use: 'node:util:getCallSite', since: [22, 9] },
  { use: 'Promise.try', since: [22, 10] },
  { use: 'RegExp.escape', since: [24, 0] },
  { use: 'Float16Array', since: [24, 0] },
];

/** Uses allowed above the floor, by file: each is loaded with a fallback for the Nodes without it. */
const ALLOWED: Record<string, string> = {
  'src/store/sqlite/driver.ts node:sqlite':
    'required inside try/catch: better-sqlite3 is used first, and a Node without node:sqlite gets the memory store',
};

/** Receivers a `.union(`-like method may be called on that are not a Set (zod's schema builders). */
const NOT_A_SET = new Set(['z']);

const versionOf = (text: string): Version => {
  const [major = 0, minor = 0] = text
    .replace(/^[^\d]*/, '')
    .split('.')
    .map(Number);
  return [major, minor];
};
const newer = (a: Version, b: Version) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.(?:ts|js|mjs)$/.test(p) ? [p] : [];
  });
}

/** Every use of the listed APIs in one source text, as `api` strings (see {@link PostFloorApi.use}). */
function usesOf(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const wanted = new Set(APIS.map((a) => a.use));
  const out: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const from = node.moduleSpecifier.text;
      if (wanted.has(from)) out.push(from);
      const names = node.importClause?.namedBindings;
      if (names && ts.isNamedImports(names))
        for (const el of names.elements) {
          const api = `${from}:${(el.propertyName ?? el.name).text}`;
          if (wanted.has(api)) out.push(api);
        }
    }
    if (ts.isCallExpression(node) && node.arguments.length === 1) {
      const [arg] = node.arguments;
      const callee = node.expression.getText(sf);
      if ((callee === 'require' || node.expression.kind === ts.SyntaxKind.ImportKeyword) && ts.isStringLiteral(arg!))
        if (wanted.has(arg.text)) out.push(arg.text);
    }
    if (ts.isPropertyAccessExpression(node)) {
      const chain = node.getText(sf);
      if (wanted.has(chain)) out.push(chain);
      const method = `.${node.name.text}(`;
      const receiver = node.expression.getText(sf);
      if (wanted.has(method) && ts.isCallExpression(node.parent) && !NOT_A_SET.has(receiver)) out.push(method);
    }
    if (ts.isIdentifier(node) && wanted.has(node.text)) {
      const p = node.parent;
      const isMemberName = (ts.isPropertyAccessExpression(p) && p.name === node) || ts.isPropertyAssignment(p);
      if (!isMemberName) out.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const pkg: { engines: { node: string } } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const floor = versionOf(pkg.engines.node);

describe('engines.node', () => {
  it('declares a floor as >=major.minor', () => {
    expect(pkg.engines.node).toMatch(/^>=\d+\.\d+(\.\d+)?$/);
  });

  it(`uses no Node API newer than ${pkg.engines.node} in src/ or bin/ (outside the listed fallbacks)`, () => {
    const since = new Map(APIS.map((a) => [a.use, a.since] as const));
    const files = [...sourceFiles(join(root, 'src')), ...sourceFiles(join(root, 'bin'))];
    const found = files.flatMap((f) => {
      const file = relative(root, f);
      return usesOf(file, readFileSync(f, 'utf8'))
        .filter((api) => newer(since.get(api)!, floor) && ALLOWED[`${file} ${api}`] === undefined)
        .map((api) => `${file}: ${api} (Node ${since.get(api)!.join('.')})`);
    });
    expect(found).toEqual([]);
  });

  it('names the same floor in docs/deploy.md', () => {
    const deploy = readFileSync(join(root, 'docs/deploy.md'), 'utf8');
    expect(deploy).toContain(`Node.js ≥ ${floor.join('.')}`);
  });

  it('self-check: finds each kind of use, and not in strings, comments or zod builders', () => {
    const text = [
      "import { crc32 } from 'node:zlib';",
      "import { styleText as paint } from 'node:util';",
      'const g = Object.groupBy(xs, f);',
      'const d = import.meta.dirname;',
      'const u = new Set([1]).union(other);',
      "const s = require('node:sqlite');",
      'const n = navigator.language;',
      'const schema = z.union([z.string(), z.number()]); // Object.groupBy in a comment',
      "const html = 'navigator.clipboard and Promise.withResolvers in a string';",
      'const o = { navigator: 1 };',
    ].join('\n');
    expect(usesOf('t.ts', text)).toEqual([
      'node:zlib:crc32',
      'node:util:styleText',
      'Object.groupBy',
      'import.meta.dirname',
      '.union(',
      'node:sqlite',
      'navigator',
    ]);
  });
});

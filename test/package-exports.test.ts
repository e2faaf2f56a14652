/**
 * package.json "exports" must match what tsup emits: one `dist/<entry>.js` + `.d.ts` per entry of
 * tsup.config.ts, and each public entry must expose its API without pulling in another layer's
 * drivers (the pure entry never loads SQLite or the HTTP router).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENTRIES } from '../tsup.config.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string | { types: string; import: string }>;
  bin: Record<string, string>;
};

const subpathOf = (entry: string) => (entry === 'index' ? '.' : `./${entry.replace(/\/index$/, '')}`);

describe('package exports', () => {
  it('has exactly one export per tsup entry, pointing at the files tsup writes', () => {
    const expected = Object.fromEntries(
      Object.keys(ENTRIES).map((entry) => [
        subpathOf(entry),
        { types: `./dist/${entry}.d.ts`, import: `./dist/${entry}.js` },
      ]),
    );
    const { './package.json': _pkg, ...rest } = pkg.exports;
    expect(rest).toEqual(expected);
  });

  it('points the bin at the CLI entry tsup emits', () => {
    expect(readFileSync(join(root, pkg.bin.halfspace), 'utf8')).toContain("import '../dist/cli/halfspace.js'");
  });

  it('exposes the documented API from every entry', async () => {
    const api = {
      index: ['Engine', 'datasetFromDir', 'datasetToDir', 'feeTierOf', 'deriveSeasons', 'HalfspaceError'],
      'service/index': [
        'createService',
        'openApiOf',
        'KEY_PREFIX',
        'issueKey',
        'topupWallet',
        'walletStatusOf',
        'createAdmin',
        'revokeKey',
        'ledgerPage',
        'usageOf',
      ],
      'http/index': ['httpHandler', 'listen', 'createMetrics'],
      'store/memory/index': ['memoryStore'],
      'store/sqlite/index': ['sqliteStore'],
      'store/postgres/index': ['postgresStore'],
      'mcp/index': ['createMcpServer', 'localBackend', 'serviceBackend', 'mcpRoute', 'serveStdio'],
      'client/index': ['createClient'],
    } as const;
    for (const [entry, source] of Object.entries(ENTRIES)) {
      const mod = await import(join(root, source));
      for (const name of api[entry as keyof typeof api]) expect(mod, `${entry} exports ${name}`).toHaveProperty(name);
    }
  });
});

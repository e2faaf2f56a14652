/**
 * The built binary loads a command's module only when that command runs or its own `--help` is
 * asked (src/cli/commands/catalog.ts): `--version`, `--help` and an unknown command load no
 * package at all, and a store command loads its driver but not Arrow, the MCP SDK, hono or
 * prom-client. A preload hook records every package the child resolves (ESM through a module
 * hook, CommonJS through the resolver), and the commands that need the heavy packages show the
 * hook sees them. A report loads no package and none of the binary's chunks that hold another
 * command's, the service's, MCP's, a store's or an ingest's code (read from the chunks' source
 * maps). The lazy list says, and prints, exactly what the eager COMMANDS list did.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMAND_CATALOG } from '../../src/cli/commands/catalog.js';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { runCli, type CommandList } from '../../src/cli/run.js';
import { ensureBuilt, ROOT, runBuilt, type Run } from '../helpers/built-cli.js';

/** What a fast start must never load; each is behind the command that uses it. */
const HEAVY = [
  'apache-arrow',
  '@modelcontextprotocol/sdk',
  'hono',
  'prom-client',
  'ajv',
  'zod',
  'better-sqlite3',
  'pg',
];

// Appends the package of every module the process resolves to $HALFSPACE_LOAD_LOG: ESM in the
// loader thread, CommonJS (better-sqlite3, pg, prom-client's own requires) in the main thread;
// and each file of the binary's own dist/cli/ it loads, as `dist/cli/<file>`.
const RECORD_HOOK = `import Module, { register } from 'node:module';
import { appendFileSync } from 'node:fs';
const PACKAGE = /\\/node_modules\\/((?:@[^/]+\\/)?[^/]+)\\//;
const CHUNK = /\\/(dist\\/cli\\/[^/]+\\.js)$/;
const LOG = process.env.HALFSPACE_LOAD_LOG;
register('data:text/javascript,' + encodeURIComponent(\`
  import { appendFileSync } from 'node:fs';
  export async function resolve(specifier, context, next) {
    const resolved = await next(specifier, context);
    const m = \${PACKAGE}.exec(resolved.url) ?? \${CHUNK}.exec(resolved.url);
    if (m) appendFileSync(\${JSON.stringify(LOG)}, m[1] + '\\\\n');
    return resolved;
  }\`));
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  const file = resolveFilename.call(this, request, ...rest);
  const m = PACKAGE.exec(file);
  if (m) appendFileSync(LOG, m[1] + '\\n');
  return file;
};
`;

let tmp: string;
let hook: string;
let runs = 0;

beforeAll(() => {
  ensureBuilt();
  tmp = mkdtempSync(join(tmpdir(), 'halfspace-lazy-'));
  hook = join(tmp, 'record.mjs');
  writeFileSync(hook, RECORD_HOOK);
}, 240_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs the built binary under the recording hook: its result, the sorted packages and dist/cli files it loaded. */
async function loadsOf(argv: string[]): Promise<{ run: Run; packages: string[]; chunks: string[] }> {
  const log = join(tmp, `loads-${runs++}.txt`);
  writeFileSync(log, '');
  const run = await runBuilt(argv, { cwd: tmp, env: { NODE_OPTIONS: `--import ${hook}`, HALFSPACE_LOAD_LOG: log } });
  const loaded = [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean))].sort();
  return {
    run,
    packages: loaded.filter((p) => !p.startsWith('dist/cli/')),
    chunks: loaded.filter((p) => p.startsWith('dist/cli/')),
  };
}

/** The repository's source files a built dist/cli file holds, from its source map (`service/jobs/jobs.ts`). */
function sourcesOf(chunk: string): string[] {
  const map: unknown = JSON.parse(readFileSync(join(ROOT, `${chunk}.map`), 'utf8'));
  const sources = typeof map === 'object' && map !== null && 'sources' in map ? map.sources : [];
  if (!Array.isArray(sources)) return [];
  return sources.flatMap((s) =>
    typeof s === 'string' && /(^|\/)src\//.test(s) && !s.includes('node_modules') ? [s.replace(/^.*?src\//, '')] : [],
  );
}

/** Source folders a report never needs: the service and its transports, stores, ingests, the client. */
const NOT_FOR_A_REPORT = /^(service|http|mcp|store|providers|client|demo)\//;

/** Runs `argv` in-process over `commands`, capturing what it prints. */
async function captured(commands: CommandList, argv: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(commands, argv, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, signal: null, stdout, stderr };
}

describe('the command catalog', () => {
  it('lists the commands of COMMANDS in the same order with the same summaries', () => {
    expect(COMMAND_CATALOG.map((c) => [c.name, c.summary])).toEqual(COMMANDS.map((c) => [c.name, c.summary]));
  });
});

describe('the built binary starts without the heavy packages', () => {
  it.concurrent.each([['--version'], ['--help'], ['-h'], ['frobnicate'], ['keys']])(
    '%s loads no package at all',
    async (...argv) => {
      const { run, packages } = await loadsOf(argv);
      expect(run.code, run.stderr).toBe(argv[0] === 'frobnicate' || argv[0] === 'keys' ? 2 : 0);
      expect(packages).toEqual([]);
    },
    120_000,
  );

  it('keys list loads its SQLite driver and nothing else that is heavy', async () => {
    const { run, packages } = await loadsOf(['keys', 'list', '--db', join(tmp, 'store.db')]);
    expect(run.code, run.stderr).toBe(0);
    expect(packages).toContain('better-sqlite3');
    expect(packages.filter((p) => HEAVY.includes(p) && p !== 'better-sqlite3')).toEqual([]);
  }, 120_000);

  // The hook does see the heavy packages, ESM and CommonJS alike, once a command needs them.
  it.concurrent.each([
    [['mcp', '--help'], ['@modelcontextprotocol/sdk']],
    [['serve', '--help'], ['prom-client']],
  ])(
    '%j loads %j',
    async (argv, expected) => {
      const { run, packages } = await loadsOf(argv);
      expect(run.code, run.stderr).toBe(0);
      for (const p of expected) expect(packages).toContain(p);
    },
    120_000,
  );

  // apache-arrow and zod are inlined in the binary (tsup.config.ts): a report resolves neither from node_modules.
  it('player --json answers on the inlined apache-arrow and zod', async () => {
    const { run, packages } = await loadsOf(['player', '--name', 'Igor Teixeira', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).data.profile.name).toBe('Igor Teixeira');
    expect(packages.filter((p) => p === 'apache-arrow' || p === 'zod')).toEqual([]);
  }, 120_000);
});

describe('a report loads only its own code', () => {
  it('scouting --json loads no package and no chunk of another command, the service, MCP, a store or an ingest', async () => {
    const { run, packages, chunks } = await loadsOf(['scouting', '--name', 'Igor Teixeira', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).data.profile.name).toBe('Igor Teixeira');
    expect(packages).toEqual([]);
    expect(chunks.length).toBeGreaterThan(3);
    const sources = chunks.flatMap(sourcesOf);
    // The chunks hold the engine and the command (the check reads real source maps, not an empty list).
    expect(sources).toContain('engine.ts');
    expect(sources).toContain('cli/commands/scouting.ts');
    const foreign = sources.filter(
      (s) =>
        NOT_FOR_A_REPORT.test(s) ||
        (s.startsWith('cli/commands/') && !['cli/commands/scouting.ts', 'cli/commands/catalog.ts'].includes(s)),
    );
    expect(foreign).toEqual([]);
  }, 120_000);
});

describe('the built binary prints what the eager command list printed', () => {
  const lines = [
    ['--help'],
    ['--version'],
    ['frobnicate'],
    ['keys'],
    ['wallet', 'nope'],
    ...COMMANDS.map((c) => [...c.name.split(' '), '--help']),
    ['player', '--no-such-flag'],
    ['keys', 'list', '--db', '{tmp}/missing/dir/x.db'],
  ];
  it.concurrent.each(lines.map((argv) => ({ line: argv.join(' '), argv })))(
    '$line',
    async ({ argv }) => {
      const line = argv.map((w) => w.replace('{tmp}', tmp));
      const [eager, built] = await Promise.all([captured(COMMANDS, line), runBuilt(line)]);
      expect(built.stdout).toBe(eager.stdout);
      expect(built.stderr).toBe(eager.stderr);
      expect(built.code).toBe(eager.code);
    },
    120_000,
  );

  it('runs every line in-process over the catalog with the same bytes as over COMMANDS', async () => {
    for (const argv of lines) {
      const line = argv.map((w) => w.replace('{tmp}', tmp));
      expect(await captured(COMMAND_CATALOG, line), line.join(' ')).toEqual(await captured(COMMANDS, line));
    }
  });
});

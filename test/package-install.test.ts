/**
 * What a user of the published package gets: `npm pack`, install the tarball into an empty
 * project (from the npm cache, install scripts allowed: none may exist), then, from that project
 * only: typecheck a consumer file against the shipped types, import every subpath, run engine
 * calls and cards, check that `import 'halfspace'` loads neither the render stack nor a store
 * driver, run the docs' library examples exactly as written, and check what `serve`, `keys` and
 * `wallet` say when no store driver is installed, or one is installed but not built.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeSqliteDriver } from '../src/store/sqlite/driver.js';
import { ensureBuilt, ROOT } from './helpers/built-cli.js';
import { schemaDocLines } from './helpers/schema-doc.js';

const tmp = mkdtempSync(join(tmpdir(), 'halfspace-pack-'));
const consumer = join(tmp, 'consumer');
let packed: string[] = [];
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const readDoc = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The first fenced block of `lang` after `heading` in a markdown file. */
function blockAfter(markdown: string, heading: string, lang: string): string {
  const at = markdown.indexOf(heading);
  expect(at, `heading "${heading}"`).toBeGreaterThanOrEqual(0);
  const match = new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``).exec(markdown.slice(at));
  expect(match, `a \`\`\`${lang} block after "${heading}"`).not.toBeNull();
  return match![1];
}

const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
/** Runs node in the consumer project and returns exit code and output. */
const node = (args: string[], env: NodeJS.ProcessEnv = {}) => {
  const r = spawnSync(process.execPath, args, {
    cwd: consumer,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};
const cli = (...args: string[]) => node([join(consumer, 'node_modules', '.bin', 'halfspace'), ...args]);
/** Node ≥ 22.13 has a built-in SQLite, which the SQLite store uses when better-sqlite3 is absent. */
const builtInSqlite = nodeSqliteDriver() !== null;
const lockedVersion = (name: string): string =>
  JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')).packages[`node_modules/${name}`].version;

const CONSUMER_TS = `import { Engine, MissingPackageError, createRenderPool, type Result, type ScoutingResponse } from 'halfspace';
import { createService, issueKey, openApiOf, KEY_PREFIX } from 'halfspace/service';
import { httpHandler, listen } from 'halfspace/http';
import { memoryStore } from 'halfspace/store/memory';
import { sqliteStore } from 'halfspace/store/sqlite';
import { postgresStore } from 'halfspace/store/postgres';

const engine = Engine.open({ dataset: 'demo' });
const report: Result<ScoutingResponse> = engine.scouting({ name: 'Igor Teixeira' });
// @ts-expect-error asOf is a string: fails to compile if the shipped types were missing (any).
const asOfNumber: number = engine.asOf;
const card = await engine.card({ player_name: 'Igor Teixeira', style: 'player_card' });
// The render worker is started from its own file in dist/, so it must ship and start from node_modules.
const pool = createRenderPool(1);
const pooled = await engine.card({ player_name: 'Igor Teixeira', style: 'stat_ribbon' }, { render: pool.render });
await pool.close();
const store = memoryStore();
const { key } = await issueKey(store, { credits: 5 });
const handler = httpHandler(createService({ engine, store, baseUrl: 'http://localhost' }));
const res = await handler(new Request('http://localhost/api/v1/intelligence/scouting', {
  method: 'POST',
  headers: { authorization: \`Bearer \${key}\`, 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'Igor Teixeira' }),
}));
console.log(JSON.stringify({
  exports: [typeof listen, typeof sqliteStore, typeof postgresStore, typeof openApiOf, typeof MissingPackageError, KEY_PREFIX],
  scouting: report.ok ? report.value.data.percentiles.goals_per90.percentile : report.error.code,
  asOf: asOfNumber,
  card: card.ok ? { width: card.value.width, signature: Array.from(card.value.png.subarray(0, 4)) } : card.error.code,
  pooled: pooled.ok ? pooled.value.style : pooled.error.code,
  http: [res.status, res.headers.get('x-svc-credits-charged'), res.headers.get('x-svc-wallet-balance')],
}));
`;

// Makes the render stack and the store drivers unloadable (ESM resolution in the loader thread,
// CommonJS resolution in this one), so any attempt to load them at import time throws.
const BLOCK_HOOK = `import Module, { register } from 'node:module';
const BLOCKED = /(^|\\/node_modules\\/)(satori|@resvg\\/resvg-js|better-sqlite3|pg)(\\/|$)/;
register('data:text/javascript,' + encodeURIComponent(\`
  const BLOCKED = \${BLOCKED};
  export async function resolve(specifier, context, next) {
    if (BLOCKED.test(specifier)) throw new Error('blocked: ' + specifier);
    const resolved = await next(specifier, context);
    if (BLOCKED.test(resolved.url)) throw new Error('blocked: ' + resolved.url);
    return resolved;
  }\`));
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (BLOCKED.test(request)) throw new Error('blocked: ' + request);
  return resolveFilename.call(this, request, ...rest);
};
`;

const LAZY_CHECK = `const halfspace = await import('halfspace');
for (const sub of ['service', 'http', 'store/memory', 'store/sqlite', 'store/postgres']) await import('halfspace/' + sub);
const engine = halfspace.Engine.open({ dataset: 'demo' });
const scouting = engine.scouting({ name: 'Igor Teixeira' }).ok;
const card = await engine.card({ player_name: 'Igor Teixeira', style: 'player_card' }).then(() => 'rendered', (e) => e.message);
let resvg = 'rasterised';
try { halfspace.svgToPng('<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>'); } catch (e) { resvg = e.message; }
const { sqliteStore } = await import('halfspace/store/sqlite');
let sqlite = 'opened';
try { sqliteStore(':memory:'); } catch (e) { sqlite = e.message; }
console.log(JSON.stringify({ scouting, card, resvg, sqlite }));
`;

beforeAll(() => {
  ensureBuilt();
  // --ignore-scripts: dist/ is already built; npm's prepare script would build it again.
  const [pack] = JSON.parse(npm(['pack', '--ignore-scripts', '--json', '--pack-destination', tmp], ROOT)) as {
    filename: string;
    files: { path: string }[];
  }[];
  packed = pack.files.map((f) => f.path);
  mkdirSync(consumer);
  writeFileSync(join(consumer, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  // Install scripts are not turned off: the test below checks that none exists to run.
  npm(['install', '--prefer-offline', '--no-audit', '--no-fund', join(tmp, pack.filename), '@types/node@20'], consumer);
  // skipLibCheck as `tsc --init` sets it; the @ts-expect-error in CONSUMER_TS fails if the shipped types resolved to any.
  writeFileSync(
    join(consumer, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        skipLibCheck: true,
        types: ['node'],
        outDir: 'out',
      },
      include: ['*.ts'],
    }),
  );
  writeFileSync(join(consumer, 'consumer.ts'), CONSUMER_TS);
  writeFileSync(
    join(consumer, 'own-tables.ts'),
    blockAfter(readDoc('docs/library.md'), '## Your own Arrow tables', 'ts'),
  );
  writeFileSync(join(consumer, 'in-process.ts'), blockAfter(readDoc('docs/api.md'), '## In-process use', 'ts'));
  // Typechecked only: it opens a SQLite file and exports a handler for a fetch runtime.
  writeFileSync(join(consumer, 'guide-http.ts'), blockAfter(readDoc('docs/guide.md'), '## HTTP', 'ts'));
  writeFileSync(join(consumer, 'block.mjs'), BLOCK_HOOK);
  writeFileSync(join(consumer, 'lazy.mjs'), LAZY_CHECK);
}, 240_000);

describe('the packed tarball', () => {
  it('ships the licence, the README and every file it links to, and no sources or tests', () => {
    for (const file of [
      'LICENSE',
      'README.md',
      'package.json',
      'bin/halfspace.js',
      'dist/index.js',
      'dist/index.d.ts',
      'data/demo/dataset.json',
      'docs/library.md',
    ]) {
      expect(packed, file).toContain(file);
    }
    const links = [...readDoc('README.md').matchAll(/\]\(((?!https?:|#)[^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThanOrEqual(8);
    for (const link of links) expect(packed, `README links to ${link}`).toContain(link);
    expect(packed.filter((f) => /^(src|test|bench)\//.test(f))).toEqual([]);
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
  });

  it('installs no package with an install script (nothing compiles) and leaves both store drivers, optional peers, to the user', () => {
    const tree: Record<string, { hasInstallScript?: boolean }> = JSON.parse(
      readFileSync(join(consumer, 'node_modules', '.package-lock.json'), 'utf8'),
    ).packages;
    expect(Object.keys(tree).length).toBeGreaterThan(20);
    expect(
      Object.entries(tree)
        .filter(([, p]) => p.hasInstallScript)
        .map(([path]) => path),
    ).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(consumer, 'node_modules', 'halfspace', 'package.json'), 'utf8'));
    expect(pkg.peerDependenciesMeta).toEqual({ 'better-sqlite3': { optional: true }, pg: { optional: true } });
    expect(pkg.optionalDependencies).toBeUndefined();
    // JavaScript only (seconds); types on prepack, which npm runs before prepare: --no-clean keeps them.
    expect(pkg.scripts.prepare).toBe('tsup --no-dts --no-clean');
    for (const driver of ['better-sqlite3', 'pg']) {
      expect(pkg.dependencies).not.toHaveProperty(driver);
      expect(existsSync(join(consumer, 'node_modules', driver)), driver).toBe(false);
    }
  });

  it('typechecks a consumer file and the docs examples (library.md, api.md, guide.md) against the shipped types', () => {
    const r = node([join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', '.']);
    expect(r.stdout + r.stderr, 'tsc output').toBe('');
    expect(r.code).toBe(0);
  });

  it('imports every subpath and runs the engine, a card in this thread and on the render worker, the service and the HTTP handler', () => {
    const r = node(['out/consumer.js']);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual({
      exports: ['function', 'function', 'function', 'function', 'function', 'svc_sk_'],
      scouting: expect.any(Number),
      asOf: '2026-03-04',
      card: { width: 1080, signature: [0x89, 0x50, 0x4e, 0x47] },
      pooled: 'stat_ribbon',
      http: [200, '1', '4'],
    });
  });

  it('imports every subpath without loading satori, resvg, better-sqlite3 or pg; they load on first use', () => {
    const r = node(['--import', './block.mjs', 'lazy.mjs']);
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(out.scouting).toBe(true);
    // The blocks do bite: the first card render and the first SQLite store are what load them.
    expect(out.card).toMatch(/blocked: satori/);
    expect(out.resvg).toMatch(/blocked: @resvg\/resvg-js/);
    // Where Node has node:sqlite, the SQLite store opens on it instead.
    if (builtInSqlite) expect(out.sqlite).toBe('opened');
    else
      expect(out.sqlite).toMatch(
        /^halfspace\/store\/sqlite needs the package better-sqlite3, .*blocked: better-sqlite3/,
      );
  });
});

describe('library docs', () => {
  it('docs/library.md lists every table and column with its exact Arrow type', () => {
    const doc = readDoc('docs/library.md');
    for (const line of schemaDocLines()) expect(doc).toContain(line);
  });

  it('runs the own-Arrow-tables example of docs/library.md as written and prints what the doc says', () => {
    const doc = readDoc('docs/library.md');
    const r = node(['out/own-tables.js']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(blockAfter(doc, 'It prints:', 'text'));
  });

  it('runs the in-process example of docs/api.md as written, from the installed package', () => {
    const r = node(['out/in-process.js']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('200 1 9\n');
  });

  it('keeps exactly one install+run and one install+test command in the README quick start', () => {
    const readme = readDoc('README.md');
    const quick = readme.slice(
      readme.indexOf('## Quick start'),
      readme.indexOf('\n## ', readme.indexOf('## Quick start') + 1),
    );
    const commands = [...quick.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1].trim());
    expect(commands.slice(0, 2)).toEqual(['npm ci && npm start', 'npm ci && npm test']);
    expect(commands.filter((c) => /\bnpm (install|ci)\b/.test(c))).toHaveLength(2);
  });
});

describe('a store whose driver is missing', () => {
  const NOT_INSTALLED =
    'halfspace/store/sqlite needs the package better-sqlite3 (or Node ≥ 22.13, which has node:sqlite built in), which is not installed: run npm install better-sqlite3';

  it.runIf(!builtInSqlite)(
    'serve --db FILE, keys and wallet exit 2 with the one-line install command, and create no file',
    () => {
      for (const [command, args] of [
        ['serve', ['--port', '0', '--db', join(tmp, 'serve.db')]],
        ['keys list', ['--db', join(tmp, 'keys.db')]],
        ['wallet balance', ['key_x', '--db', join(tmp, 'wallet.db')]],
      ] as const) {
        const r = cli(...command.split(' '), ...args);
        expect(r.code, command).toBe(2);
        expect(r.stderr).toBe(`halfspace ${command}: ${NOT_INSTALLED}\n`);
        expect(existsSync(args.at(-1)!), 'no database file').toBe(false);
      }
    },
  );

  it('is quoted in docs/library.md exactly as the CLI prints it', () => {
    expect(readDoc('docs/library.md')).toContain(`halfspace serve: ${NOT_INSTALLED}\n`);
  });

  it.runIf(builtInSqlite)("keys and wallet work on Node's built-in node:sqlite without better-sqlite3", () => {
    const db = join(tmp, 'built-in.db');
    const created = cli('keys', 'create', '--credits', '5', '--db', db, '--json');
    expect(created.stderr).toBe('');
    const { id } = JSON.parse(created.stdout);
    const balance = cli('wallet', 'balance', id, '--db', db, '--json');
    expect(JSON.parse(balance.stdout).balance).toBe(5);
  });

  it('serve without --db says its memory store is not persistent and how to get one, then stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      [join(consumer, 'node_modules', '.bin', 'halfspace'), 'serve', '--port', '0'],
      {
        cwd: consumer,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (t: string) => (out += t));
    child.stderr.setEncoding('utf8').on('data', (t: string) => (err += t));
    const exit = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    await expect.poll(() => out, { timeout: 60_000 }).toContain('Stop with Ctrl+C');
    if (builtInSqlite) {
      expect(out).toMatch(/; store \.\/halfspace\.db\)/);
    } else {
      expect(out).toMatch(
        /; store memory\)\n {2}store {4}memory, not persistent: .*npm install better-sqlite3, then serve again/,
      );
      expect(out).not.toContain('keys create');
      expect(existsSync(join(consumer, 'halfspace.db'))).toBe(false);
    }
    child.kill('SIGTERM');
    expect({ ...(await exit), err }).toEqual({ code: 0, signal: null, err: '' });
  }, 90_000);

  it('says in one line that better-sqlite3 did not load when it is installed unbuilt, and how to fix it', () => {
    npm(
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        `better-sqlite3@${lockedVersion('better-sqlite3')}`,
      ],
      consumer,
    );
    expect(existsSync(join(consumer, 'node_modules', 'better-sqlite3', 'build'))).toBe(false);
    const r = cli('keys', 'list', '--db', join(tmp, 'keys.db'));
    if (builtInSqlite) {
      // The built-in driver takes over from an add-on that does not load.
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
    } else {
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        /^halfspace keys list: halfspace\/store\/sqlite needs the package better-sqlite3, which is installed but did not load \(.*\): run npm rebuild better-sqlite3\n$/,
      );
    }
    rmSync(join(consumer, 'node_modules', 'better-sqlite3'), { recursive: true, force: true });
  }, 120_000);

  it('says in one line which package to install when pg is not installed, and throws MissingPackageError from the library', () => {
    const pg = cli('keys', 'list', '--db', 'postgres://127.0.0.1:1/halfspace');
    expect(pg.code).toBe(2);
    expect(pg.stderr).toBe(
      'halfspace keys list: halfspace/store/postgres needs the package pg, which is not installed: run npm install pg\n',
    );
    const lib = node([
      '--input-type=module',
      '-e',
      `
      import { MissingPackageError } from 'halfspace';
      import { sqliteStore } from 'halfspace/store/sqlite';
      import { postgresStore } from 'halfspace/store/postgres';
      const errors = [];
      try { sqliteStore(':memory:').close(); errors.push('opened'); } catch (e) { errors.push([e instanceof MissingPackageError, e.packageName, e.message]); }
      await postgresStore({ connectionString: 'postgres://127.0.0.1:1/x' }).catch((e) => errors.push([e instanceof MissingPackageError, e.packageName]));
      console.log(JSON.stringify(errors));`,
    ]);
    expect(lib.stderr).toBe('');
    expect(JSON.parse(lib.stdout)).toEqual([
      builtInSqlite ? 'opened' : [true, 'better-sqlite3', NOT_INSTALLED],
      [true, 'pg'],
    ]);
  });
});

/**
 * A real PostgreSQL for the store tests: `HALFSPACE_TEST_PG_URL` when set, else a throwaway
 * cluster (initdb with trust auth, listening on 127.0.0.1 and a socket in its own temp dir only),
 * started once per test file and removed afterwards. When neither is possible the PG suites skip
 * and say why. As root, initdb and the server run as the `postgres` OS user (initdb refuses root).
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { delimiter, join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

const EXTERNAL_URL = process.env.HALFSPACE_TEST_PG_URL;

/** PATH, then the Debian layout (`/usr/lib/postgresql/<major>/bin`). */
function findBinary(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter))
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  for (const major of ['17', '16', '15', '14', '13']) {
    const file = join('/usr/lib/postgresql', major, 'bin', name);
    if (existsSync(file)) return file;
  }
  return null;
}

const isRoot = userInfo().uid === 0;
const postgresUser = isRoot ? spawnSync('id', ['-u', 'postgres']) : null;
const initdb = findBinary('initdb');
const pgCtl = findBinary('pg_ctl');

/** Why no PostgreSQL can be had here, or null when one can. */
export const postgresUnavailable: string | null = EXTERNAL_URL
  ? null
  : !initdb || !pgCtl
    ? 'no HALFSPACE_TEST_PG_URL and no initdb/pg_ctl (apt-get install postgresql)'
    : postgresUser && postgresUser.status !== 0
      ? 'running as root without a `postgres` OS user to run initdb as'
      : null;

/** Runs a PostgreSQL binary, as the `postgres` user when we are root. */
/** The command line that runs a PostgreSQL binary (as the `postgres` user when this is root). */
const pgCommand = (binary: string, args: string[]): [string, string[]] =>
  isRoot ? ['runuser', ['-u', 'postgres', '--', binary, ...args]] : [binary, args];

function runPg(binary: string, args: string[]): void {
  execFileSync(...pgCommand(binary, args), { stdio: 'pipe' });
}

/**
 * runPg without blocking this process: a test's callers keep sending while pg_ctl stops or starts
 * the server. Blocked in a synchronous pg_ctl, this process would open connections it then leaves
 * silent for as long as pg_ctl takes, and a server rightly answers those 408 after its headers timeout.
 */
function runPgAsync(binary: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile(...pgCommand(binary, args), (error, _stdout, stderr) =>
      error ? reject(new Error(`${binary} ${args.join(' ')}: ${error.message} ${stderr}`)) : resolve(),
    ),
  );
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A running PostgreSQL the tests may use. */
export interface TestPostgres {
  url: string;
  /** Milliseconds initdb + start took (0 for HALFSPACE_TEST_PG_URL). */
  startMs: number;
  stop(): void;
  /**
   * Stops the server, keeping its data (`pg_ctl stop -m mode`), without blocking this process;
   * null on HALFSPACE_TEST_PG_URL.
   */
  down: ((mode: 'fast' | 'immediate') => Promise<void>) | null;
  /** Starts a server stopped by `down` again, on the same port and data, without blocking this process. */
  up: (() => Promise<void>) | null;
}

/** Starts a throwaway cluster (or uses HALFSPACE_TEST_PG_URL). */
export async function startPostgres(): Promise<TestPostgres> {
  if (EXTERNAL_URL) return { url: EXTERNAL_URL, startMs: 0, stop: () => {}, down: null, up: null };
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'halfspace-pg-'));
  if (isRoot) {
    const uid = Number(String(postgresUser!.stdout).trim());
    const gid = Number(String(spawnSync('id', ['-g', 'postgres']).stdout).trim());
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  // fsync off: a test cluster is thrown away, durability is not what these tests measure.
  runPg(initdb!, ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const startArgs = [
    '-D',
    data,
    '-l',
    join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`,
    'start',
  ];
  runPg(pgCtl!, startArgs);
  return {
    down: (mode) => runPgAsync(pgCtl!, ['-D', data, '-m', mode, '-w', 'stop']),
    up: () => runPgAsync(pgCtl!, startArgs),
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    startMs: Date.now() - started,
    stop: () => {
      try {
        runPg(pgCtl!, ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

let names = 0;

/**
 * One cluster for the calling test file (beforeAll/afterAll). `url()` is its address, `schema()` a
 * new schema name per call (so every store of the file starts empty) and `database()` the URL of a
 * new, empty database (for code that always uses the default schema, such as `serve --db`; needs
 * CREATEDB on a HALFSPACE_TEST_PG_URL server). On a HALFSPACE_TEST_PG_URL server everything handed
 * out is dropped afterwards; a throwaway cluster is simply removed.
 */
export function usePostgres(): { url(): string; schema(): string; database(): Promise<string> } {
  let server: TestPostgres | null = null;
  const schemas: string[] = [];
  const databases: string[] = [];
  const unique = () => `t_${process.pid}_${Date.now().toString(36)}_${names++}`;
  const admin = async <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: server!.url });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  };
  beforeAll(async () => {
    server = await startPostgres();
    if (server.startMs > 0) console.info(`[postgres] throwaway cluster ready in ${server.startMs} ms`);
  }, 120_000);
  afterAll(async () => {
    if (!server) return;
    if (EXTERNAL_URL) {
      await admin(async (client) => {
        for (const name of schemas) await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
        for (const name of databases) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
    }
    server.stop();
  });
  return {
    url: () => server!.url,
    schema: () => {
      const name = unique();
      schemas.push(name);
      return name;
    },
    database: async () => {
      const name = unique();
      await admin((client) => client.query(`CREATE DATABASE ${name}`));
      databases.push(name);
      const url = new URL(server!.url);
      url.pathname = `/${name}`;
      return url.toString();
    },
  };
}

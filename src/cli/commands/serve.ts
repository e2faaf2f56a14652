/**
 * `halfspace serve`: the Football Intelligence Developer API over HTTP (SPEC), with keys, wallet
 * and demo channel in a SQLite file or a PostgreSQL database. Prints a ready-to-paste curl example.
 */
import { createRenderPool, defaultRenderWorkers } from '../../cards/render-pool.js';
import { Engine } from '../../engine.js';
import { listen, type Listening } from '../../http/node.js';
import { releaseLeftoverHolds } from '../../service/billing/accounts.js';
import { createService, type ResumeReport, type Service } from '../../service/service.js';
import { warmMultipart } from '../../service/request-body.js';
import { JOB_LEASE_MS } from '../../service/jobs/job-lease.js';
import type { ServiceStore } from '../../store/ports.js';
import { takeServeLock } from '../../store/serve-lock.js';
import { messageOf } from '../../errors.js';
import { UsageError, defineCommand } from '../run.js';
import { intFlag } from '../shared.js';
import { isPostgresUrl, openServeStore, printableDb } from '../store.js';
import { DEFAULT_DB } from './keys.js';
import {
  adminTokenOf,
  corsOriginsOf,
  logFormatOf,
  operationsOf,
  rateLimitOf,
  type ServeOperations,
} from '../serve-ops.js';

/** Default TCP port of `halfspace serve`. */
const DEFAULT_PORT = 8787;

/** Options of {@link startServer}; every one has the `halfspace serve` default. */
interface ServerOptions {
  /** Dataset folder or `'demo'`; default `'demo'`. */
  dataset?: string;
  /**
   * SQLite file or `postgres://` URL; default `./halfspace.db`, or a memory store when no SQLite
   * driver is installed (then {@link RunningServer.storeNote} says so).
   */
  db?: string;
  port?: number;
  host?: string;
  /** Public base address (image URLs, watermark, docs); default the bound `http://host:port`. */
  baseUrl?: string;
  /** Peers whose X-Forwarded-For is believed. */
  trustedProxies?: string[];
  /** Card render worker processes; default every core but one (at least 1); 0 renders on the main thread. */
  renderWorkers?: number;
  /** Keyed rate limit; default 50 requests/s, burst 100 (shared by every replica on PostgreSQL). */
  rateLimit?: { perSecond?: number; burst?: number };
  /** Admin token, CORS origins and access log (src/cli/serve-ops.ts); default: admin API off, no CORS, no log. */
  operations?: ServeOperations;
}

/** A running API server with everything it opened. */
export interface RunningServer {
  listening: Listening;
  engine: Engine;
  store: ServiceStore;
  /** The store's file or URL; null for a memory store. */
  db: string | null;
  /** Why the store is not persistent and how to make it so (memory store only). */
  storeNote?: string;
  service: Service;
  baseUrl: string;
  /** Whether an admin token is set, so that the admin API and `/console` can be signed in to. */
  adminEnabled: boolean;
  /** Async card jobs a previous run left unfinished: queued again here, or failed when their hold had lapsed. */
  resumed: ResumeReport;
  /**
   * Released at start: holds left by an earlier process (`abandoned`, see WalletStore.releaseAbandoned)
   * or past their expiry, and that process's pending Idempotency-Key claims and demo reservations.
   */
  releasedHolds: Awaited<ReturnType<typeof releaseLeftoverHolds>>;
  close(): Promise<void>;
}

/** Opens the store `--db` names and, for a SQLite file, takes its one-server lock. */
async function openLockedStore(dbOption: string | undefined) {
  const { store, db, note } = await openServeStore(dbOption, DEFAULT_DB);
  // One server per SQLite file: a second one would release the first one's holds as abandoned
  // (docs/deploy.md#one-server-per-sqlite-file). PostgreSQL replicas share a database by design.
  const locked = db !== null && !isPostgresUrl(db) ? takeServeLock(db) : null;
  if (locked && !locked.ok) {
    await store.close();
    throw new UsageError(locked.error.message);
  }
  return { store, db, storeNote: note, lock: locked?.value ?? null };
}

/**
 * A service that forwards every member to the one `current` returns: the listener needs a service
 * before the real one exists, whose base address is known only once bound (port 0). Its members are
 * read at call time, so none may be used before `current` has a service.
 */
const forwardingService = (current: () => Service): Service =>
  // cast: every member read is the current service's own (its methods use no `this`).
  new Proxy({} as Service, { get: (_, member) => Reflect.get(current(), member) });

/** The name the ready text's curl example asks for. */
function sampleNameOf(engine: Engine): string {
  const p = samplePlayerOf(engine);
  return p?.known_as ?? p?.name ?? 'Player Name';
}

/** Keeps taking over jobs whose lease lapsed (a replica died), for stores shared by replicas; null otherwise. */
function jobTakeOverTimer(store: ServiceStore, service: Service): NodeJS.Timeout | null {
  if (!store.jobs.lease) return null;
  const timer = setInterval(
    () => void service.resume().catch((e) => console.error('[halfspace] job takeover failed:', e)),
    JOB_LEASE_MS,
  );
  timer.unref();
  return timer;
}

/**
 * Gives back the credits held by calls a crashed process never finished, now rather than after
 * their 5-minute expiry (SQLite: every earlier hold; PostgreSQL: this instance's only), and queues
 * its unfinished jobs again. Only `serve` does this: the keys and wallet commands open the same
 * file but never run jobs, so a CLI call next to a running server cannot run one twice. Called
 * once listening, so a start that fails (port taken) changes nothing; holds taken here are never released.
 */
async function takeOverLeftovers(store: ServiceStore, service: Service) {
  return { releasedHolds: await releaseLeftoverHolds(store), resumed: await service.resume() };
}

/** What `step` gives; when it fails, everything opened so far is closed and `fail` (default: rethrow) decides the error. */
async function orClose<T>(
  close: () => Promise<void>,
  step: Promise<T>,
  fail = (e: unknown): never => {
    throw e;
  },
): Promise<T> {
  try {
    return await step;
  } catch (e) {
    await close();
    return fail(e);
  }
}

/**
 * Opens the dataset and the store and starts listening.
 * @example (await startServer({ port: 0 })).listening.url // => 'http://127.0.0.1:40123'
 */
export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const engine = Engine.open({ dataset: options.dataset ?? 'demo' });
  const { store, db, storeNote, lock } = await openLockedStore(options.db);
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? DEFAULT_PORT;
  // Renders leave the main thread, so a card in progress does not stall every other request.
  const workers = options.renderWorkers ?? defaultRenderWorkers();
  const pool = workers > 0 ? createRenderPool(workers) : null;
  // The service needs the base address, which with port 0 is known only once bound; it is created
  // in the same microtask the listen promise resolves in, before any request can be read.
  let service: Service | null = null;
  let baseUrl = options.baseUrl ?? '';
  const queued = () => pool?.queued ?? 0;
  const ops = operationsOf(engine, store, () => baseUrl, queued, options.operations ?? {}, sampleNameOf);
  let listening: Listening | null = null;
  let takeOver: NodeJS.Timeout | null = null;
  /** Closes whatever is open by now; a start that fails closes the same way. */
  const close = async () => {
    if (takeOver) clearInterval(takeOver);
    await listening?.close();
    // Queued hd jobs stay queued for the next start; only the one rendering at shutdown is awaited.
    await service?.stop();
    await pool?.close();
    await store.close();
    lock?.release();
  };
  await warmMultipart();
  const forwarding = forwardingService(() => service!);
  listening = await orClose(close, listen(forwarding, { port, host }), (e) => {
    throw new UsageError(`cannot listen on ${host}:${port}: ${messageOf(e)}`);
  });
  baseUrl = (options.baseUrl ?? listening.url).replace(/\/+$/, '');
  const started = createService({
    engine,
    store,
    baseUrl,
    trustedProxies: options.trustedProxies,
    ...(pool ? { renderCard: pool.render, photoProblem: pool.photoProblem } : {}),
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    // Every capture of the ledger, MCP tool calls and hd jobs included, is counted (docs/deploy.md#logs-and-metrics).
    ...(ops.metrics ? { onCharge: ops.metrics.charged } : {}),
    ops,
  });
  service = started;
  const leftovers = await orClose(close, takeOverLeftovers(store, started));
  takeOver = jobTakeOverTimer(store, started);
  return {
    listening,
    engine,
    store,
    db,
    ...(storeNote ? { storeNote } : {}),
    service: started,
    baseUrl,
    adminEnabled: options.operations?.adminToken !== undefined,
    ...leftovers,
    close,
  };
}

/** The attacker with the most minutes in his latest season (a name worth trying), else the first player. */
export function samplePlayerOf(engine: Engine) {
  let best = engine.players[0];
  let bestMinutes = -1;
  for (const p of engine.players) {
    const row = engine.latestRowOf(p.player_id);
    if (row < 0 || !['ST', 'CF', 'LW', 'RW'].includes(p.position)) continue;
    const minutes = engine.derived.minutes[row];
    if (minutes > bestMinutes) [best, bestMinutes] = [p, minutes];
  }
  return best;
}

/** The lines `serve` prints once it listens: addresses and a curl walkthrough. */
export function readyText(server: RunningServer): string {
  const name = sampleNameOf(server.engine).replace(/'/g, '');
  const url = server.baseUrl;
  const db = server.db;
  const { resumed, releasedHolds: held } = server;
  const notes: string[] = [];
  if (resumed.resumed + resumed.failed > 0)
    notes.push(
      `  jobs     ${resumed.resumed} unfinished hd card job(s) resumed, ${resumed.failed} failed with their credits returned`,
    );
  if (held.abandoned + held.expired > 0)
    notes.push(
      `  holds    ${held.abandoned} hold(s) left by an earlier process and ${held.expired} expired hold(s) released, their credits returned`,
    );
  if (held.idempotencyKeys + held.demoCalls > 0)
    notes.push(
      `  keys     ${held.idempotencyKeys} Idempotency-Key(s) and ${held.demoCalls} demo call(s) an earlier process left unfinished released`,
    );
  return [
    `halfspace API listening on ${server.listening.url} (dataset ${server.engine.dataset.meta.name}, as of ${server.engine.asOf}; store ${db === null ? 'memory' : printableDb(db)})`,
    ...(server.storeNote ? [`  store    memory, ${server.storeNote}`] : []),
    `  docs     ${url}/docs`,
    `  openapi  ${url}/openapi.json`,
    // Without a token the console is only a sign-in box nobody can pass: say how to turn it on instead.
    server.adminEnabled
      ? `  console  ${url}/console`
      : '  console  off: serve again with --admin-token-file FILE or HALFSPACE_ADMIN_TOKEN set (docs/deploy.md#the-admin-token)',
    `  health   ${url}/healthz  ${url}/readyz  ${url}/metrics`,
    ...notes,
    ...(db === null
      ? []
      : [
          '',
          'Create a key in another terminal (works while the server runs); it prints the export KEY=… line to paste:',
          // `npx` finds the binary of a local install (node_modules/.bin), where a bare `halfspace` is not on PATH.
          `  npx halfspace keys create --credits 100 --db ${printableDb(db)}`,
          '',
          'Then call the API with it ($KEY is the key that line exported):',
          `  curl -i ${url}/api/v1/intelligence/player -H "Authorization: Bearer $KEY" -H "Content-Type: application/json" -d '{"name":"${name}"}'`,
        ]),
    '',
    'Or try the anonymous demo channel (15 calls per IP per day):',
    `  curl -s ${url}/api/v1/intelligence/scouting -H "X-SVC-Demo-Channel: mcp" -H "Content-Type: application/json" -d '{"name":"${name}"}'`,
    '',
    'Stop with Ctrl+C.',
    '',
  ].join('\n');
}

/** `halfspace serve`. */
export const serveCommand = defineCommand({
  usage:
    'serve [--port 8787] [--host 127.0.0.1] [--db ./halfspace.db|postgres://…] [--dataset demo|DIR] [--base-url URL] [--trusted-proxy IP]… [--render-workers N] [--admin-token-file FILE] [--cors-origin ORIGIN]… [--log-format json|pretty|off] [--rate-limit 50] [--rate-burst 100]',
  options: {
    // No default: without --db, serve may use a memory store when no SQLite driver is installed (openServeStore).
    db: { type: 'string' },
    port: { type: 'string', default: String(DEFAULT_PORT) },
    host: { type: 'string', default: '127.0.0.1' },
    dataset: { type: 'string', default: 'demo' },
    'base-url': { type: 'string' },
    'trusted-proxy': { type: 'string', multiple: true },
    'render-workers': { type: 'string' },
    'admin-token-file': { type: 'string' },
    'cors-origin': { type: 'string', multiple: true },
    'log-format': { type: 'string', default: 'json' },
    'rate-limit': { type: 'string' },
    'rate-burst': { type: 'string' },
  },
  async run({ values, io }) {
    const port = intFlag(values, 'port', [0, 65_535]);
    const baseUrl = values['base-url'];
    if (baseUrl !== undefined && !/^https?:\/\/[^/\s]+/.test(baseUrl))
      throw new UsageError(`--base-url must be an http(s) address, got ${JSON.stringify(baseUrl)}`);
    const renderWorkers = intFlag(values, 'render-workers', [0, 64]);
    const logFormat = logFormatOf(values['log-format']);
    const operations: ServeOperations = {
      adminToken: adminTokenOf(values['admin-token-file']),
      corsOrigins: corsOriginsOf(values['cors-origin'] ?? []),
      ...(logFormat === 'off' ? {} : { logFormat, log: (line: string) => io.stdout(`${line}\n`) }),
    };
    const server = await startServer({
      dataset: values.dataset,
      db: values.db,
      port,
      host: values.host,
      baseUrl,
      trustedProxies: values['trusted-proxy'] ?? [],
      renderWorkers,
      rateLimit: rateLimitOf(values),
      operations,
    });
    // The signal handlers are in place before the ready text: a supervisor that stops the server
    // as soon as it reads that text must not kill it before it can close (and remove its lock).
    const stopped = new Promise<void>((resolve) => {
      const stop = () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        resolve();
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
    io.stdout(readyText(server));
    await stopped;
    await server.close();
    io.stdout('halfspace API stopped.\n');
    return 0;
  },
});

/**
 * @module What `halfspace serve` needs to be operated (docs/deploy.md): the admin token (from a file
 * or HALFSPACE_ADMIN_TOKEN), the CORS origins and log format flags, and the health, metrics and
 * admin wiring handed to the listener.
 */
import { readFileSync } from 'node:fs';
import type { Engine } from '../engine.js';
import type { OperationsOptions, LogFormat } from '../service/ops/options.js';
import { createMetrics } from '../service/ops/metrics.js';
import { servedExamplesOf } from '../service/pages/served-examples.js';
import { ADMIN_TOKEN_MIN_LENGTH, createAdmin, type Admin } from '../service/admin/admin.js';
import type { ServiceStore } from '../store/ports.js';
import { messageOf } from '../errors.js';
import { codeOf, UsageError } from './run.js';
import { intFlag } from './shared.js';

/** Environment variable holding the admin token when no `--admin-token-file` is given. */
const ADMIN_TOKEN_ENV = 'HALFSPACE_ADMIN_TOKEN';

/** How long `/readyz` waits for the store, in ms. */
const READY_TIMEOUT_MS = 2000;

/**
 * The admin token: the file's content without its trailing newline, else the environment
 * variable, else undefined (admin API off). Refuses a token shorter than {@link ADMIN_TOKEN_MIN_LENGTH}
 * or with inner whitespace, and a file that cannot be read, as a UsageError.
 * @example adminTokenOf(undefined, { HALFSPACE_ADMIN_TOKEN: 'x'.repeat(32) }) // => 'xxxx…'
 */
export function adminTokenOf(file: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  let token: string | undefined;
  let from: string;
  if (file !== undefined) {
    try {
      token = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (e) {
      throw new UsageError(`cannot read --admin-token-file ${file}: ${codeOf(e) ?? messageOf(e)}`);
    }
    from = `--admin-token-file ${file}`;
  } else {
    token = env[ADMIN_TOKEN_ENV];
    from = ADMIN_TOKEN_ENV;
    if (token === undefined || token === '') return undefined;
  }
  if (token.length < ADMIN_TOKEN_MIN_LENGTH || /\s/.test(token)) {
    throw new UsageError(
      `the admin token in ${from} must be at least ${ADMIN_TOKEN_MIN_LENGTH} characters without whitespace (e.g. openssl rand -hex 32)`,
    );
  }
  return token;
}

/**
 * Checks `--log-format`.
 * @example logFormatOf('pretty') // => 'pretty'
 */
export function logFormatOf(raw: string | undefined): LogFormat | 'off' {
  const value = raw ?? 'json';
  if (value !== 'json' && value !== 'pretty' && value !== 'off')
    throw new UsageError(`--log-format must be json, pretty or off, got ${JSON.stringify(raw)}`);
  return value;
}

/**
 * Checks `--cors-origin` values: `*` or an origin `http(s)://host[:port]` without path.
 * @example corsOriginsOf(['https://app.example.com']) // => ['https://app.example.com']
 */
export function corsOriginsOf(raw: readonly string[]): string[] {
  const bad = raw.find(
    (origin) => origin !== '*' && !/^https?:\/\/([A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\])(:\d{1,5})?$/.test(origin),
  );
  if (bad !== undefined)
    throw new UsageError(
      `--cors-origin must be * or an origin like https://app.example.com (no path), got ${JSON.stringify(bad)}`,
    );
  return [...raw];
}

/**
 * Checks `--rate-limit` (requests/s per key) and `--rate-burst`: positive integers up to 100 000;
 * undefined when neither is given.
 * @example rateLimitOf({ 'rate-limit': '5', 'rate-burst': '10' }) // => { perSecond: 5, burst: 10 }
 */
export function rateLimitOf(values: {
  'rate-limit'?: string;
  'rate-burst'?: string;
}): { perSecond?: number; burst?: number } | undefined {
  const perSecond = intFlag(values, 'rate-limit', [1, 100_000]);
  const burst = intFlag(values, 'rate-burst', [1, 100_000]);
  if (perSecond === undefined && burst === undefined) return undefined;
  return { ...(perSecond !== undefined ? { perSecond } : {}), ...(burst !== undefined ? { burst } : {}) };
}

/** What {@link operationsOf} wires: the admin token, and the CORS origins and access log as the service takes them. */
export type ServeOperations = Pick<OperationsOptions, 'corsOrigins' | 'log' | 'logFormat'> & { adminToken?: string };

/**
 * The listener's operations options for a server over `engine` and `store`; the admin API reads
 * the base address lazily (known once the port is bound), and `renderQueued` the render pool's queue.
 */
export function operationsOf(
  engine: Engine,
  store: ServiceStore,
  baseUrl: () => string,
  renderQueued: () => number,
  o: ServeOperations,
  samplePlayer: (engine: Engine) => string = () => 'Player Name',
): OperationsOptions {
  let admin: Admin | null = null;
  const adminOf = () => (admin ??= createAdmin({ store, token: o.adminToken, baseUrl: baseUrl() }));
  return {
    admin: {
      get enabled() {
        return adminOf().enabled;
      },
      handle: (r) => adminOf().handle(r),
    },
    metrics: createMetrics({
      ...(store.stats
        ? {
            holdsOpen: async () => (await store.stats!()).holds_open,
            jobsByState: async () => (await store.stats!()).jobs,
          }
        : {}),
      renderQueueDepth: renderQueued,
    }),
    ready: async () => {
      if (engine.players.length === 0) return 'the dataset has no players';
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<string>((resolve) => {
        timer = setTimeout(resolve, READY_TIMEOUT_MS, `the store did not answer within ${READY_TIMEOUT_MS} ms`);
      });
      try {
        return await Promise.race([
          store.wallets.balance('readyz_probe').then(
            () => null,
            (e: Error) => `the store is unreachable: ${e.message}`,
          ),
          timeout,
        ]);
      } finally {
        clearTimeout(timer);
      }
    },
    samplePlayer: samplePlayer(engine),
    examples: servedExamplesOf(engine, samplePlayer(engine)),
    ...(o.corsOrigins ? { corsOrigins: o.corsOrigins } : {}),
    ...(o.log ? { log: o.log, logFormat: o.logFormat ?? 'json' } : {}),
  };
}

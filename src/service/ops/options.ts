/**
 * @module What operating a server adds to the service (docs/deploy.md#logs-and-metrics):
 * `/healthz` and `/readyz` without auth, Prometheus `/metrics`, the admin API under `/admin/v1`,
 * the developer console at `/console`, CORS for browser clients and one access-log line per
 * request. Each part is optional and off when absent; `halfspace serve` turns them all on.
 */
import type { Admin } from '../admin/admin.js';
import type { ServedExamples } from '../pages/served-examples.js';

/** Formats of the access log. */
export type LogFormat = 'json' | 'pretty';

/** Result of a readiness check: null when ready, else why not. */
export type ReadyCheck = () => Promise<string | null>;

/**
 * The metrics a server records into (ops/metrics.ts builds them with prom-client): what the
 * service calls, so the service needs no metrics library.
 */
export interface RequestMetrics {
  /** Records one answered request. */
  observe(operation: string, status: number, seconds: number): void;
  /**
   * Counts credits the ledger captured for `operation`: pass it as the service's `onCharge`, so
   * sync calls, MCP tool calls and hd jobs are all counted, each when its hold is captured.
   */
  charged(operation: string, credits: number): void;
  /** The exposition text of every metric. */
  text(): Promise<string>;
  /** Content-Type of {@link RequestMetrics.text}. */
  readonly contentType: string;
}

/** The operations routes and steps of a service; every part is optional and off when absent. */
export interface OperationsOptions {
  /** Answers `/admin/v1` (and enables the console's sign-in). */
  admin?: Admin;
  /** Serves `/metrics` and records every request. */
  metrics?: RequestMetrics;
  /** Why the server is not ready (dataset, store), checked by `/readyz`; default always ready. */
  ready?: ReadyCheck;
  /** Origins allowed by CORS: exact `scheme://host[:port]` values, or `*` (then never with credentials). */
  corsOrigins?: readonly string[];
  /** Receives one access-log line per request (without newline). */
  log?: (line: string) => void;
  /** Default `json`. */
  logFormat?: LogFormat;
  /** Serves the developer console at `/console`; default true. */
  console?: boolean;
  /** A player name the console's try-it panel starts with. */
  samplePlayer?: string;
  /** Example requests on the served dataset: the console's try-it defaults and the `/docs` curl lines; default the demo universe's. */
  examples?: ServedExamples;
}

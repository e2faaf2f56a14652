/**
 * @module Prometheus metrics of a server (prom-client, one registry per server so several servers
 * in one process never mix counts): requests and latency by operation and status, credits charged,
 * and, read at scrape time, open holds, the render pool's queue and hd jobs by state.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { RequestMetrics } from './options.js';
import type { JobStatus } from '../../store/ports.js';

/** What a scrape reads from the running server; each part is optional. */
export interface MetricsSources {
  /** Open holds across every wallet. */
  holdsOpen?: () => Promise<number>;
  /** Async card jobs by state. */
  jobsByState?: () => Promise<Record<JobStatus, number>>;
  /** Card renders waiting for a worker. */
  renderQueueDepth?: () => number;
}

/** Latency buckets in seconds: from a cached JSON answer to an hd render. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * How long one reading of the store's counts, and one rendering of the exposition text, serve
 * scrapes (docs/deploy.md#logs-and-metrics): scrapes in a burst (several Prometheus servers, a
 * dashboard) then cost the database one query and the process one rendering.
 */
export const METRICS_STORE_CACHE_MS = 1_000;

/** `read` remembered for {@link METRICS_STORE_CACHE_MS}; a failed read is not remembered. */
function remembered<T>(read: () => Promise<T>): () => Promise<T> {
  let last: { at: number; value: Promise<T> } | null = null;
  return () => {
    const now = Date.now();
    if (last && now - last.at < METRICS_STORE_CACHE_MS) return last.value;
    const value = read();
    const entry = { at: now, value };
    last = entry;
    value.catch(() => {
      if (last === entry) last = null;
    });
    return value;
  };
}

/** A gauge set from `read` on every scrape; none without a source. */
function sourceGauge(registry: Registry, name: string, help: string, read?: () => number | Promise<number>): void {
  if (read)
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(await read());
      },
    });
}

/** The gauges read from `sources` on a scrape, each only when its source is given. */
function registerSourceGauges(registry: Registry, sources: MetricsSources): void {
  const holdsOpen = sources.holdsOpen && remembered(sources.holdsOpen);
  const holdsHelp = 'Open credit holds (calls and hd jobs in flight, in every process sharing the store)';
  sourceGauge(registry, 'halfspace_holds_open', holdsHelp, holdsOpen);
  if (sources.jobsByState) {
    const read = remembered(sources.jobsByState);
    new Gauge({
      name: 'halfspace_hd_jobs',
      help: 'Async hd card jobs in the store, by state',
      labelNames: ['state'] as const,
      registers: [registry],
      async collect() {
        for (const [state, n] of Object.entries(await read())) this.set({ state }, n);
      },
    });
  }
  const queueHelp = 'Card renders waiting for a render worker in this process';
  sourceGauge(registry, 'halfspace_render_queue_depth', queueHelp, sources.renderQueueDepth);
}

/**
 * Creates the metrics of one server; `sources` are read on a scrape, the store's counts at most
 * once per {@link METRICS_STORE_CACHE_MS}.
 * @example (await createMetrics().text()).includes('halfspace_http_requests_total') // => true
 */
export function createMetrics(sources: MetricsSources = {}): RequestMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'halfspace_process_' });
  const requests = new Counter({
    name: 'halfspace_http_requests_total',
    help: 'HTTP requests answered, by operation and status',
    labelNames: ['operation', 'status'] as const,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'halfspace_http_request_duration_seconds',
    help: 'Time from request to answer, by operation and status',
    labelNames: ['operation', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const credits = new Counter({
    name: 'halfspace_credits_charged_total',
    help: 'Credits the ledger captured, by operation (sync calls, MCP tool calls and hd jobs)',
    labelNames: ['operation'] as const,
    registers: [registry],
  });
  registerSourceGauges(registry, sources);
  const exposition = remembered(() => registry.metrics());
  return {
    observe(operation, status, seconds) {
      const labels = { operation, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
    charged(operation, amount) {
      if (amount > 0) credits.inc({ operation }, amount);
    },
    // A burst of scrapes (several Prometheus servers, a dashboard) renders the exposition once a second.
    text: exposition,
    contentType: registry.contentType,
  };
}

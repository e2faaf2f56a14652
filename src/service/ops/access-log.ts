/**
 * @module The last step of the pipeline when a server is operated: every request is counted in
 * the metrics and writes one access-log line (docs/deploy.md#logs-and-metrics).
 */
import type { HttpExchange, HttpReply } from '../exchange.js';
import type { LogFormat, OperationsOptions } from './options.js';

/** One access-log record: never the key, the admin token, the query or the body. */
interface AccessRecord {
  time: string;
  request_id: string;
  method: string;
  path: string;
  operation: string;
  status: number;
  credits: number;
  duration_ms: number;
}

/**
 * One access-log line: JSON, or `time request_id method path operation status credits duration`.
 * @example accessLine({ time: 't', request_id: 'req_1', method: 'GET', path: '/healthz', operation: 'healthz', status: 200, credits: 0, duration_ms: 0.4 }, 'pretty') // => 't req_1 GET /healthz healthz 200 0cr 0.4ms'
 */
export function accessLine(r: AccessRecord, format: LogFormat): string {
  if (format === 'json') return JSON.stringify(r);
  return `${r.time} ${r.request_id} ${r.method} ${r.path} ${r.operation} ${r.status} ${r.credits}cr ${r.duration_ms}ms`;
}

/** Counts the request under `operation` in the metrics and writes its access-log line. */
export function recordRequest(
  ops: OperationsOptions,
  x: HttpExchange,
  operation: string,
  reply: HttpReply,
  seconds: number,
): void {
  ops.metrics?.observe(operation, reply.status, seconds);
  if (!ops.log) return;
  const line: AccessRecord = {
    time: new Date().toISOString(),
    request_id: reply.headers['request-id'] ?? '',
    method: x.method,
    // The path is client input: bounded, and unmatched paths are not echoed in full.
    path: operation === 'unmatched' ? x.path.slice(0, 120) : x.path,
    operation,
    status: reply.status,
    credits: Number(reply.headers['x-svc-credits-charged'] ?? 0) || 0,
    duration_ms: Math.round(seconds * 1e5) / 100,
  };
  ops.log(accessLine(line, ops.logFormat ?? 'json'));
}

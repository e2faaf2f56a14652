/** @module `halfspace/http`: a fetch-standard handler over the service, and a Node listener. */
export { httpHandler, JSON_BODY_MAX_BYTES, type HandlerOptions } from './handler.js';
export { listen, type ListenOptions, type Listening } from './node.js';
export type { OperationsOptions, LogFormat, RequestMetrics } from '../service/ops/options.js';
export { createMetrics, type MetricsSources } from '../service/ops/metrics.js';

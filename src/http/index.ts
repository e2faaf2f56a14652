/** @module `halfspace/http`: a fetch-standard handler over the service, and a Node listener. */
export { httpHandler, JSON_BODY_MAX_BYTES, type HandlerOptions } from './handler.js';
export { listen, type ListenOptions, type Listening } from './node.js';
export { withOperations, type OperationsOptions, type LogFormat } from './ops.js';
export { createMetrics, type HttpMetrics, type MetricsSources } from './metrics.js';

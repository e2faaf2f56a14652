/** @module Metrica Sports event data (CSV, or JSON with EPTS metadata) into a halfspace dataset. */
export { datasetFromMetricaMatches, type MetricaIngest, type MetricaMatchReport } from './dataset.js';
export { metricaCsvMatchOf, metricaJsonMatchOf } from './read.js';
export { metricaMetadataOf } from './metadata.js';
export { metricaMatchesFromFiles } from './files.js';
export type { MetricaEvent, MetricaMatch } from './match.js';

/** @module Opta-family event data (Stats Perform MA1/MA3 JSON or XML, Opta F7/F24) into a halfspace dataset. */
export { datasetFromOptaMatches, type OptaIngest, type OptaMatchReport } from './dataset.js';
export { statsPerformDocumentOf, statsPerformMatchOf } from './read-statsperform.js';
export { optaF7F24MatchOf } from './read-f24.js';
export type { OptaEvent, OptaMatch } from './match.js';
export { optaMatchesFromFiles, type OptaFiles } from './files.js';

export { datasetFromOptaMatches, type OptaIngest, type OptaMatchReport } from './dataset.js';
export { statsPerformDocumentOf, statsPerformMatchOf } from './read-statsperform.js';
export { optaF7F24MatchOf, xmlDocumentOf } from './read-f24.js';
export type { OptaEvent, OptaMatch } from './match.js';
export { optaMatchesFromFiles } from './files.js';

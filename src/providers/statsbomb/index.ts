/** @module The StatsBomb open-data adapter: a StatsBomb competition season in, a halfspace dataset out. */
export { datasetFromStatsBomb, STATSBOMB_COVERAGE, type StatsBombOptions } from './dataset.js';
export { matchSummaryOf, type MatchSummary, type PlayerMatchLine } from './match-summary.js';
export { positionCodeOfStatsBomb, POSITION_CODE_OF_STATSBOMB, STATSBOMB_KICKOFF_TIME_ZONE } from './mapping.js';

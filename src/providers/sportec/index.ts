/** @module Sportec (DFL) event data: match information and events XML into a halfspace dataset. */
export { datasetFromSportecFiles, sportecMatchesFromFiles } from './files.js';
export { sportecMatchOf } from './read.js';
export { SPORTEC_COLUMNS, sportecPitchPointOf } from './mapping.js';

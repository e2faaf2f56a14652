/** @module The StatsBomb open-data adapter: a StatsBomb competition season in, a halfspace dataset out. */
export { datasetFromStatsBomb, STATSBOMB_COVERAGE, type StatsBombOptions } from './dataset.js';

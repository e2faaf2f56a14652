/** @module DataFactory match JSON (squads, score, incidences) into a halfspace dataset. */
export { dataFactoryMatchesFromFiles, datasetFromDataFactoryFiles } from './files.js';
export { dataFactoryDocumentOf, dataFactoryMatchOf } from './read.js';
export { DATAFACTORY_COLUMNS, dataFactoryPitchPointOf } from './mapping.js';

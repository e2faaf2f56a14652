/**
 * DataFactory matches from files on disk (docs/providers.md#datafactory): one JSON file per
 * match, read into the shared Opta-vocabulary match and folded into a dataset.
 */
import { readFileSync } from 'node:fs';
import type { FeedFile } from '../feed-format.js';
import { datasetFromOptaMatches, type OptaIngest } from '../opta/dataset.js';
import type { OptaMatch } from '../opta/match.js';
import { DATAFACTORY_SOURCE } from './mapping.js';
import { dataFactoryDocumentOf, dataFactoryMatchOf } from './read.js';

/**
 * Every DataFactory match of the files given, one per file. Throws a DatasetError naming the file
 * when one is not a DataFactory match.
 * @example dataFactoryMatchesFromFiles(feedFilesOf(['datafactory/']).files)[0].score // => { home: 4, away: 2 }
 */
export function dataFactoryMatchesFromFiles(files: readonly FeedFile[]): OptaMatch[] {
  return files.map((f) => dataFactoryMatchOf(dataFactoryDocumentOf(readFileSync(f.path, 'utf8'), f.path), f.path));
}

/**
 * A validated dataset of the DataFactory matches given, with the ingest report of each.
 * @example datasetFromDataFactoryFiles(feedFilesOf(['datafactory/']).files).report[0].recorded_score // => { home: 4, away: 2 }
 */
export function datasetFromDataFactoryFiles(files: readonly FeedFile[]): OptaIngest {
  return datasetFromOptaMatches(dataFactoryMatchesFromFiles(files), DATAFACTORY_SOURCE);
}

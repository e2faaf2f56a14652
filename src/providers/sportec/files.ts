/**
 * Sportec (DFL) matches from files on disk (docs/providers.md#sportec): each events file with the
 * match information file of the same match (`MatchId`), read into the shared Opta-vocabulary
 * match and folded into a dataset.
 */
import { readFileSync } from 'node:fs';
import { DatasetError } from '../../model/dataset-error.js';
import type { FeedFile } from '../feed-format.js';
import { datasetFromOptaMatches, type OptaIngest } from '../opta/dataset.js';
import type { OptaMatch } from '../opta/match.js';
import { firstDescendantOf, xmlDocumentOf, type XmlElement } from '../xml.js';
import { SPORTEC_SOURCE } from './mapping.js';
import { sportecMatchOf } from './read.js';

/** The match id a document names: General@MatchId (match information) or the first Event@MatchId. */
function matchIdOf(doc: XmlElement): string | undefined {
  return (firstDescendantOf(doc, 'General') ?? firstDescendantOf(doc, 'Event'))?.attributes.MatchId;
}

/**
 * Every Sportec match of the files given: each events file with its match information file.
 * Throws {@link DatasetError} naming the file when an events file has no match information
 * beside it, when there is no events file, or when a file does not parse.
 * @example sportecMatchesFromFiles(feedFilesOf(['sportec/']).files)[0].score // => { home: 1, away: 0 }
 */
export function sportecMatchesFromFiles(files: readonly FeedFile[]): OptaMatch[] {
  const docs = files.map((f) => ({ path: f.path, doc: xmlDocumentOf(readFileSync(f.path, 'utf8'), f.path) }));
  const infos = docs.filter((d) => firstDescendantOf(d.doc, 'MatchInformation') !== undefined);
  const events = docs.filter((d) => !infos.includes(d));
  if (events.length === 0)
    throw new DatasetError(
      files[0]?.path ?? 'input',
      null,
      null,
      'no Sportec events file (<Event> elements) among the files given',
    );
  return events.map((e) => {
    const id = matchIdOf(e.doc);
    const info = infos.find((i) => matchIdOf(i.doc) === id);
    if (!info)
      throw new DatasetError(
        e.path,
        'Event.MatchId',
        null,
        `a Sportec events file is read with the match information of ${id ?? 'its match'} (lineups, result); none was given`,
      );
    return sportecMatchOf(info.doc, e.doc, [info.path, e.path]);
  });
}

/**
 * A validated dataset of the Sportec matches given, with the ingest report of each.
 * @example datasetFromSportecFiles(feedFilesOf(['sportec/']).files).report[0].whole // => false (the sample is partial)
 */
export function datasetFromSportecFiles(files: readonly FeedFile[]): OptaIngest {
  return datasetFromOptaMatches(sportecMatchesFromFiles(files), SPORTEC_SOURCE);
}

/**
 * Metrica matches from files on disk (docs/providers.md#metrica): each event CSV is one match; each
 * JSON events file is read with the EPTS metadata XML of the same game (`<game>_events.json` beside
 * `<game>_metadata.xml`, or the one metadata file given).
 */
import { readFileSync } from 'node:fs';
import { DatasetError } from '../../model/dataset-error.js';
import type { FeedFile } from '../feed-format.js';
import type { MetricaMatch } from './match.js';
import { metricaMetadataOf } from './metadata.js';
import { gameOf, metricaCsvMatchOf, metricaJsonMatchOf } from './read.js';

const kindOf = (path: string): 'csv' | 'json' | 'xml' =>
  path.toLowerCase().endsWith('.xml') ? 'xml' : /\.json$/i.test(path) ? 'json' : 'csv';

/**
 * Every match of the Metrica files given. Throws {@link DatasetError} naming the file when a file
 * does not parse, a JSON events file has no metadata, or there is no events file.
 * @example metricaMatchesFromFiles(feedFilesOf(['metrica/']).files).length // => 3
 */
export function metricaMatchesFromFiles(files: readonly FeedFile[]): MetricaMatch[] {
  const paths = files.map((f) => f.path);
  const xml = paths.filter((p) => kindOf(p) === 'xml');
  const matches: MetricaMatch[] = [];
  for (const path of paths) {
    const kind = kindOf(path);
    if (kind === 'csv') matches.push(metricaCsvMatchOf(readFileSync(path, 'utf8'), path));
    if (kind !== 'json') continue;
    const meta = xml.find((m) => gameOf(m) === gameOf(path)) ?? (xml.length === 1 ? xml[0] : undefined);
    if (!meta)
      throw new DatasetError(
        path,
        null,
        null,
        `Metrica JSON events are read with their EPTS metadata XML (${gameOf(path)}_metadata.xml): give it beside the events`,
      );
    matches.push(
      metricaJsonMatchOf(readFileSync(path, 'utf8'), metricaMetadataOf(readFileSync(meta, 'utf8'), meta), [path, meta]),
    );
  }
  if (matches.length === 0)
    throw new DatasetError(
      paths[0] ?? 'input',
      null,
      null,
      'no Metrica events file (CSV or JSON) among the files given',
    );
  return matches;
}

/**
 * Opta-family matches from files on disk (docs/providers.md#opta-family): Stats Perform MA3 with
 * its MA1 when present, Opta F24 with its F7. Files are paired by the match they describe.
 */
import { readFileSync } from 'node:fs';
import { DatasetError } from '../../model/dataset-error.js';
import type { FeedFile } from '../feed-format.js';
import type { OptaMatch } from './match.js';
import { statsPerformDocumentOf, statsPerformMatchOf } from './read-statsperform.js';
import { optaF7F24MatchOf } from './read-f24.js';
import { xmlDocumentOf } from '../xml.js';

/** Stats Perform matches: each MA3 with the MA1 of the same match id, when given. */
function statsPerformMatchesOf(files: readonly FeedFile[]): OptaMatch[] {
  const docs = files.map((f) => ({ f, doc: statsPerformDocumentOf(readFileSync(f.path, 'utf8'), f.path) }));
  // Which document a file is comes from what it holds (events or not), not from the sniffed head.
  const hasEvents = (d: (typeof docs)[number]) => (d.doc.liveData.event?.length ?? 0) > 0;
  const ma1 = docs.filter((d) => !hasEvents(d));
  return docs.filter(hasEvents).map((d) => {
    const info = ma1.find((m) => m.doc.matchInfo.id === d.doc.matchInfo.id);
    return statsPerformMatchOf(d.doc, info?.doc ?? null, info ? [d.f.path, info.f.path] : [d.f.path]);
  });
}

/** Opta matches: F24 files, each with the one F7 given (an F24 names its match only through F7). */
function optaMatchesOf(files: readonly FeedFile[]): OptaMatch[] {
  const f7 = files.filter((f) => f.kind === 'f7');
  const f24 = files.filter((f) => f.kind === 'f24');
  if (f24.length > 0 && f7.length !== 1)
    throw new DatasetError(
      f24[0]!.path,
      null,
      null,
      `an F24 file is read with the match's F7 (lineups, result); give exactly one F7 (got ${f7.length})`,
    );
  const lineups = f7[0] && xmlDocumentOf(readFileSync(f7[0].path, 'utf8'), f7[0].path);
  return f24.map((f) =>
    optaF7F24MatchOf(lineups!, xmlDocumentOf(readFileSync(f.path, 'utf8'), f.path), [f7[0]!.path, f.path]),
  );
}

/** The events file of a match (MA3 comes first in its files, F24 after its F7). */
const eventFileOf = (m: OptaMatch): string | undefined => (m.feed === 'opta' ? m.files[1] : m.files[0]);

/** The matches read, and the files left out because an earlier file held the same match. */
export interface OptaFiles {
  matches: OptaMatch[];
  /** One line per file left out: `<file> repeats <file>` (the same match as JSON and XML, or an F73 beside its F24). */
  repeats: string[];
}

/**
 * Every match of the Opta-family files given (Stats Perform or Opta, not both), each match once:
 * a second file of the same match (its XML beside its JSON) is left out and named in `repeats`.
 * Throws {@link DatasetError} naming the file when there are no event files or a file does not parse.
 * @example optaMatchesFromFiles(feedFilesOf(['statsperform/']).files).matches[0].score // => { home: 2, away: 1 }
 */
export function optaMatchesFromFiles(files: readonly FeedFile[]): OptaFiles {
  const all = [
    ...statsPerformMatchesOf(files.filter((f) => f.format === 'statsperform')),
    ...optaMatchesOf(files.filter((f) => f.format === 'opta')),
  ];
  if (all.length === 0)
    throw new DatasetError(
      files[0]?.path ?? 'input',
      null,
      null,
      'no event file (Stats Perform MA3 or Opta F24) among the files given',
    );
  const byFixture = new Map<number, OptaMatch>();
  const repeats: string[] = [];
  for (const m of all) {
    const first = byFixture.get(m.fixtureId);
    if (first) repeats.push(`${eventFileOf(m)} repeats ${eventFileOf(first)}`);
    else byFixture.set(m.fixtureId, m);
  }
  return { matches: [...byFixture.values()], repeats };
}

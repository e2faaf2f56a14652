/*
 * The event feed readers as a user of the package calls them: imported from the built
 * `dist/index.js` (not from src/), each provider's sample in ../shared/real/providers detected,
 * read into a dataset that validates, its result checked against the facts in the README there
 * (Stats Perform and F7 2–1, Sportec 1:0, DataFactory 4–2, Metrica games 1 and 2 at 3–1 and
 * 3–2). Skipped, saying why, when the folder is absent.
 */
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT } from '../helpers/built-cli.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const REAL = realPath('providers');
const present = realDataPresent('package reader tests', REAL);

type Lib = typeof import('../../src/index.js');
let lib: Lib;
beforeAll(async () => {
  ensureBuilt();
  // cast: dist/index.js is src/index.ts built, so its exports have the source's types.
  lib = (await import(join(ROOT, 'dist/index.js'))) as Lib;
}, 300_000);

/** Each fixture's recorded result as `home–away`. */
const resultsOf = (ds: { tables: { fixtures: Parameters<Lib['rowsOf']>[0] } }) =>
  lib.rowsOf(ds.tables.fixtures, 'fixtures').map((f) => `${f.home_goals}–${f.away_goals}`);

describe.skipIf(!present)('event feed readers exported from the built package', () => {
  it('exports a reader for every feed halfspace ingest detects', () => {
    for (const name of [
      'feedFilesOf',
      'optaMatchesFromFiles',
      'datasetFromOptaMatches',
      'datasetFromSportecFiles',
      'datasetFromDataFactoryFiles',
      'metricaMatchesFromFiles',
      'datasetFromMetricaMatches',
    ])
      expect(typeof (lib as unknown as Record<string, unknown>)[name], name).toBe('function');
  });

  it('reads the Stats Perform MA1/MA3 JSON match: a whole match, 2–1 in the goal events and the recorded score', () => {
    const { files } = lib.feedFilesOf([
      join(REAL, 'statsperform/statsperform_event_ma1.json'),
      join(REAL, 'statsperform/statsperform_event_ma3.json'),
    ]);
    expect(files.map((f) => `${f.format}/${f.kind}`).sort()).toEqual(['statsperform/ma1', 'statsperform/ma3']);
    const { dataset, report } = lib.datasetFromOptaMatches(lib.optaMatchesFromFiles(files).matches);
    expect(() => lib.validateDataset(dataset)).not.toThrow();
    expect(report[0]!.whole).toBe(true);
    expect(report[0]!.event_goals).toEqual({ home: 2, away: 1 });
    expect(resultsOf(dataset)).toEqual(['2–1']);
    expect(dataset.meta.attribution).toContain('Opta by Stats Perform');
  });

  it('reads Opta F7/F24: F7 records 2–1 and the report calls the 67-event F24 partial', () => {
    const { files } = lib.feedFilesOf([join(REAL, 'opta/opta_f7.xml'), join(REAL, 'opta/opta_f24.xml')]);
    const { dataset, report } = lib.datasetFromOptaMatches(lib.optaMatchesFromFiles(files).matches);
    expect(resultsOf(dataset)).toEqual(['2–1']);
    expect(report[0]!.whole).toBe(false);
    expect(report[0]!.events).toBe(67);
    expect(Object.keys(dataset.meta.coverage ?? {})).toContain('events.partial');
  });

  it('reads the Sportec folder: 1:0 from the match information, a partial set of events', () => {
    const { dataset, report } = lib.datasetFromSportecFiles(lib.feedFilesOf([join(REAL, 'sportec')]).files);
    expect(() => lib.validateDataset(dataset)).not.toThrow();
    expect(resultsOf(dataset)).toEqual(['1–0']);
    expect(report[0]!.whole).toBe(false);
  });

  it('reads the DataFactory match: 4–2', () => {
    const { files } = lib.feedFilesOf([join(REAL, 'datafactory')]);
    expect(files.map((f) => f.format)).toEqual(['datafactory']);
    const { dataset, report } = lib.datasetFromDataFactoryFiles(files);
    expect(() => lib.validateDataset(dataset)).not.toThrow();
    expect(resultsOf(dataset)).toEqual(['4–2']);
    expect(report[0]!.event_goals).toEqual({ home: 4, away: 2 });
  });

  it('reads the three Metrica games: games 1 and 2 end 3–1 and 3–2 in their goal events', () => {
    const matches = lib.metricaMatchesFromFiles(lib.feedFilesOf([join(REAL, 'metrica')]).files);
    const { dataset, report } = lib.datasetFromMetricaMatches(matches);
    expect(() => lib.validateDataset(dataset)).not.toThrow();
    expect(report).toHaveLength(3);
    const goalsOf = (game: string) => report.find((r) => r.files.some((f) => f.includes(game)))!.event_goals;
    expect(goalsOf('Sample_Game_1')).toEqual({ home: 3, away: 1 });
    expect(goalsOf('Sample_Game_2')).toEqual({ home: 3, away: 2 });
  });
});

/*
 * The conformance suite (../conformance.case.ts) on the Sportec sample in
 * ../shared/real/providers/sportec. Run from ../conformance.test.ts with every other provider's case.
 */
import { feedFilesOf } from '../../../src/providers/feed-format.js';
import { datasetFromOptaMatches } from '../../../src/providers/opta/dataset.js';
import { SPORTEC_SOURCE } from '../../../src/providers/sportec/mapping.js';
import { sportecMatchesFromFiles } from '../../../src/providers/sportec/index.js';
import type { ConformanceCase, ConformanceInput } from '../conformance.case.js';
import { realPath } from '../../helpers/real-data.js';

const DIR = realPath('providers', 'sportec');

function input(): ConformanceInput {
  const matches = sportecMatchesFromFiles(feedFilesOf([DIR]).files);
  const { dataset, summaries, report } = datasetFromOptaMatches(matches, SPORTEC_SOURCE);
  return {
    dataset,
    matches: matches.map((m, i) => ({
      fixtureId: m.fixtureId,
      eventGoals: summaries[i]!.goals,
      partial: !report[i]!.whole,
      reportedScoreGap: report[i]!.missing.some((x) => x.startsWith('goal events give')),
      matchMinutes: summaries[i]!.matchNominalSeconds / 60,
      clocks: m.events.map((e) => [e.period, e.clock] as const),
      // DFL passes carry no end location, so there is no pass chain to check.
    })),
  };
}

export const CASES: readonly ConformanceCase[] = [{ name: 'Sportec (DFL)', data: DIR, make: input }];

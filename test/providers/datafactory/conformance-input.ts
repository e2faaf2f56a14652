/*
 * The conformance suite (../conformance.case.ts) on the DataFactory sample in
 * ../shared/real/providers/datafactory. Run from ../conformance.test.ts with every other provider's case.
 */
import { feedFilesOf } from '../../../src/providers/feed-format.js';
import { datasetFromOptaMatches } from '../../../src/providers/opta/dataset.js';
import type { OptaMatch } from '../../../src/providers/opta/match.js';
import { TYPE } from '../../../src/providers/opta/mapping.js';
import { DATAFACTORY_SOURCE } from '../../../src/providers/datafactory/mapping.js';
import { dataFactoryMatchesFromFiles } from '../../../src/providers/datafactory/index.js';
import type { ConformanceCase, ConformanceInput } from '../conformance.case.js';
import { realPath } from '../../helpers/real-data.js';

const DIR = realPath('providers', 'datafactory');

/** Metres from each completed pass's end to the start of the team's next located event in the period. */
function passGapsOf(match: OptaMatch): number[] {
  const gaps: number[] = [];
  const events = match.events;
  for (let i = 0; i < events.length; i++) {
    const p = events[i]!;
    if (p.typeId !== TYPE.pass || p.outcome !== 1 || !p.end) continue;
    const next = events.slice(i + 1).find((e) => e.at && e.period === p.period && e.teamId === p.teamId);
    if (next?.at) gaps.push(Math.hypot((next.at.x - p.end.x) * 105, (next.at.y - p.end.y) * 68));
  }
  return gaps;
}

function input(): ConformanceInput {
  const matches = dataFactoryMatchesFromFiles(feedFilesOf([DIR]).files);
  const { dataset, summaries, report } = datasetFromOptaMatches(matches, DATAFACTORY_SOURCE);
  return {
    dataset,
    matches: matches.map((m, i) => ({
      fixtureId: m.fixtureId,
      eventGoals: summaries[i]!.goals,
      partial: !report[i]!.whole,
      matchMinutes: summaries[i]!.matchNominalSeconds / 60,
      clocks: m.events.map((e) => [e.period, e.clock] as const),
      passGapsM: passGapsOf(m),
    })),
  };
}

export const CASES: readonly ConformanceCase[] = [{ name: 'DataFactory', data: DIR, make: input }];

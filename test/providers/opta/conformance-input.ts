/*
 * The conformance cases (../conformance.case.ts) of the Opta family's real samples in
 * ../shared/real/providers: Stats Perform MA1/MA3 and Opta F7/F24.
 */
import { join } from 'node:path';
import { feedFilesOf } from '../../../src/providers/feed-format.js';
import { datasetFromOptaMatches, optaMatchesFromFiles } from '../../../src/providers/opta/index.js';
import type { OptaMatch } from '../../../src/providers/opta/match.js';
import { TYPE } from '../../../src/providers/opta/mapping.js';
import type { ConformanceCase, ConformanceInput } from '../conformance.case.js';
import { realPath } from '../../helpers/real-data.js';

const REAL = realPath('providers');

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

function inputOf(paths: string[]): ConformanceInput {
  const { matches } = optaMatchesFromFiles(feedFilesOf(paths).files);
  const { dataset, summaries, report } = datasetFromOptaMatches(matches);
  return {
    dataset,
    matches: matches.map((m, i) => ({
      fixtureId: m.fixtureId,
      eventGoals: summaries[i]!.goals,
      partial: !report[i]!.whole,
      reportedScoreGap: report[i]!.missing.some((x) => x.startsWith('goal events give')),
      matchMinutes: summaries[i]!.matchNominalSeconds / 60,
      clocks: m.events.filter((e) => e.period >= 1 && e.period <= 5).map((e) => [e.period, e.clock] as const),
      // A partial file misses the events between its passes, so its chains say nothing.
      passGapsM: report[i]!.whole ? passGapsOf(m) : undefined,
    })),
  };
}

/** Stats Perform's whole match and Opta's partial F24 with its F7. */
export const CASES: readonly ConformanceCase[] = [
  {
    name: 'Stats Perform MA1/MA3',
    data: join(REAL, 'statsperform'),
    make: () => inputOf([join(REAL, 'statsperform')]),
  },
  {
    name: 'Opta F7/F24',
    data: join(REAL, 'opta'),
    make: () => inputOf([join(REAL, 'opta/opta_f7.xml'), join(REAL, 'opta/opta_f24.xml')]),
  },
];

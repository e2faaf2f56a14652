/*
 * The conformance suite (../conformance.case.ts) on the Opta family's real samples in
 * ../shared/real/providers. Skipped, saying why, when the folder is absent.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { feedFilesOf } from '../../../src/providers/feed-format.js';
import { datasetFromOptaMatches, optaMatchesFromFiles } from '../../../src/providers/opta/index.js';
import type { OptaMatch } from '../../../src/providers/opta/match.js';
import { TYPE } from '../../../src/providers/opta/mapping.js';
import { conformanceSuite, type ConformanceInput } from '../conformance.case.js';

const REAL = fileURLToPath(new URL('../../../../shared/real/providers/', import.meta.url));
const present = existsSync(join(REAL, 'statsperform')) && existsSync(join(REAL, 'opta'));
if (!present) console.log(`Opta-family conformance skipped: ${REAL} is absent (it ships with ../shared/real).`);

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

conformanceSuite('Stats Perform MA1/MA3', () => inputOf([join(REAL, 'statsperform')]), { skip: !present });
conformanceSuite('Opta F7/F24', () => inputOf([join(REAL, 'opta/opta_f7.xml'), join(REAL, 'opta/opta_f24.xml')]), {
  skip: !present,
});

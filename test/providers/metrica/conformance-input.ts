/*
 * The conformance case (../conformance.case.ts) of Metrica's three sample matches in
 * ../shared/real/providers/metrica (games 1–2 as CSV, game 3 as JSON with EPTS metadata).
 */
import { feedFilesOf } from '../../../src/providers/feed-format.js';
import { datasetFromMetricaMatches, metricaMatchesFromFiles } from '../../../src/providers/metrica/index.js';
import type { MetricaMatch } from '../../../src/providers/metrica/match.js';
import { TYPE } from '../../../src/providers/metrica/mapping.js';
import type { ConformanceCase, ConformanceInput } from '../conformance.case.js';
import { realPath } from '../../helpers/real-data.js';

const REAL = realPath('providers', 'metrica');

/** Metres from each completed pass's end to the start of its side's next located event in the period. */
function passGapsOf(match: MetricaMatch): number[] {
  const gaps: number[] = [];
  const events = match.events;
  for (let i = 0; i < events.length; i++) {
    const p = events[i]!;
    if (p.type !== TYPE.pass || !p.endAt) continue;
    const next = events.slice(i + 1).find((e) => e.at && e.period === p.period && e.side === p.side);
    if (next?.at) gaps.push(Math.hypot((next.at.x - p.endAt.x) * 105, (next.at.y - p.endAt.y) * 68));
  }
  return gaps;
}

function input(): ConformanceInput {
  const { dataset, summaries, matches } = datasetFromMetricaMatches(metricaMatchesFromFiles(feedFilesOf([REAL]).files));
  return {
    dataset,
    matches: matches.map((m, i) => ({
      fixtureId: m.fixtureId,
      eventGoals: summaries[i]!.goals,
      partial: false,
      matchMinutes: summaries[i]!.matchNominalSeconds / 60,
      clocks: m.events.map((e) => [e.period, e.start] as const),
      passGapsM: passGapsOf(m),
    })),
  };
}

/** Games 1–3 together: two CSV matches and one JSON match in one dataset. */
export const CASES: readonly ConformanceCase[] = [{ name: 'Metrica', data: REAL, make: input }];

/*
 * The conformance case (../conformance.case.ts) of StatsBomb's real PL 2015/16 sample
 * (../shared/real/statsbomb/premier-league-2015-16, 60 whole matches).
 */
import { join } from 'node:path';
import { datasetFromStatsBomb } from '../../../src/providers/statsbomb/dataset.js';
import { matchSummaryOf } from '../../../src/providers/statsbomb/match-summary.js';
import { readEvents, readMatches } from '../../../src/providers/statsbomb/read.js';
import type { ConformanceCase, ConformanceInput } from '../conformance.case.js';
import { realPath } from '../../helpers/real-data.js';

const REAL = realPath('statsbomb', 'premier-league-2015-16');

/** The first matches of the sample: enough for every check, fast. */
const MATCHES = 8;
/** StatsBomb's own mis-stamped events in those matches (see below). */
const KNOWN_OUT_OF_ORDER = new Map([
  [3754104, 1],
  [3754180, 1],
]);

function input(): ConformanceInput {
  const dataset = datasetFromStatsBomb(REAL, { competitionId: 2, seasonId: 27 });
  const matches = readMatches(REAL, 2, 27)
    .slice(0, MATCHES)
    .map((m) => {
      const events = readEvents(REAL, m.match_id);
      const summary = matchSummaryOf(events);
      const gaps: number[] = [];
      events.forEach((e, i) => {
        const end = e.pass && !e.pass.outcome ? e.pass.end_location : undefined;
        if (!end || e.type.name !== 'Pass') return;
        const next = events.slice(i + 1).find((x) => x.location && x.period === e.period && x.team.id === e.team.id);
        if (next?.location)
          gaps.push(Math.hypot(((next.location[0]! - end[0]!) * 105) / 120, ((next.location[1]! - end[1]!) * 68) / 80));
      });
      return {
        fixtureId: m.match_id,
        eventGoals: summary.goals,
        partial: false,
        // A Ball Receipt* stamped 0:00 among first-half stoppage events: events/3754104.json index
        // 1541 (after 46:57) and events/3754180.json index 1775 (after 48:35).
        knownOutOfOrder: KNOWN_OUT_OF_ORDER.get(m.match_id) ?? 0,
        matchMinutes: Math.max(...events.map((e) => e.period)) > 2 ? 120 : 90,
        clocks: events.filter((e) => e.period <= 5).map((e) => [e.period, e.minute * 60 + e.second] as const),
        passGapsM: gaps,
      };
    });
  return { dataset, matches };
}

/** The first eight matches of the PL 2015/16 sample. */
export const CASES: readonly ConformanceCase[] = [
  {
    name: 'StatsBomb',
    data: join(REAL, 'competitions.json'),
    make: input,
  },
];

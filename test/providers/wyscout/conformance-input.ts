/*
 * The conformance case (../conformance.case.ts) of Wyscout's real Premier League 2017/18 in
 * ../shared/real/wyscout: the ten matches of round 1, each read again from its file for the
 * events the suite checks (goals from the events, clocks, pass chains).
 */
import { join } from 'node:path';
import { wyscoutIngest } from '../../../src/providers/wyscout/dataset.js';
import { layoutOf } from '../../../src/providers/wyscout/layout.js';
import { matchResultOf } from '../../../src/providers/wyscout/match-result.js';
import { COUNTED_PERIODS, EVENT } from '../../../src/providers/wyscout/mapping.js';
import { readMatchFile, readPlayerRegistry } from '../../../src/providers/wyscout/read.js';
import type { WyscoutEvent } from '../../../src/providers/wyscout/read.js';
import type { ConformanceCase, ConformanceInput } from '../conformance.case.js';
import { realPath } from '../../helpers/real-data.js';

const REAL = realPath('wyscout');
const ROUNDS = { from: 1, to: 1 };
/** Wyscout's accurate tag on a pass. */
const ACCURATE = 1801;

/** Metres from each accurate pass's end to the start of its team's next located event in the period. */
function passGapsOf(events: readonly WyscoutEvent[]): number[] {
  const gaps: number[] = [];
  for (let i = 0; i < events.length; i++) {
    const p = events[i]!;
    if (p.eventId !== EVENT.pass || !p.tags.includes(ACCURATE) || p.endX === null || p.endY === null) continue;
    const next = events
      .slice(i + 1)
      .find((e) => e.x !== null && e.matchPeriod === p.matchPeriod && e.teamId === p.teamId);
    if (next && next.x !== null && next.y !== null)
      gaps.push(Math.hypot(((next.x - p.endX) * 105) / 100, ((next.y - p.endY) * 68) / 100));
  }
  return gaps;
}

function input(): ConformanceInput {
  const { dataset } = wyscoutIngest(REAL, { competition: 'England', rounds: ROUNDS });
  const layout = layoutOf(REAL, 'England');
  if (layout.kind !== 'registry') throw new Error('the public Wyscout layout has a match list');
  const registry = readPlayerRegistry(REAL);
  const matches = layout.matches
    .filter((m) => m.gameweek != null && m.gameweek >= ROUNDS.from && m.gameweek <= ROUNDS.to)
    .map((m) => {
      const ref = layout.eventsFileOf(m.wyId)!;
      const data = readMatchFile(ref.path, ref.file);
      const { summary } = matchResultOf(m, data, (id) => registry.get(id)?.role.code2, ref.file);
      const periodOf = (e: WyscoutEvent) => COUNTED_PERIODS.indexOf(e.matchPeriod as never) + 1;
      const counted = data.events.filter((e) => periodOf(e) > 0);
      return {
        fixtureId: m.wyId,
        eventGoals: summary.eventGoals,
        partial: false,
        matchMinutes: summary.nominalSeconds / 60,
        clocks: counted.map((e) => [periodOf(e), e.eventSec] as const),
        passGapsM: passGapsOf(counted),
      };
    });
  return { dataset, matches };
}

/** Round 1 of the Premier League 2017/18 (ten whole matches). */
export const CASES: readonly ConformanceCase[] = [
  {
    name: 'Wyscout',
    data: join(REAL, 'matches', 'matches_England.json'),
    make: input,
  },
];

/**
 * The CPU of the Wyscout ingest's value pass (docs/methodology/event-values.md), measured on its
 * own for bench/ingest/wyscout.bench.ts: for every match file, the events are read and parsed
 * untimed, then `countWyscoutValues` (shot features and the model's xG, xA, shot-creating actions,
 * the shot line, xT added) runs over the events the match summary hands it (counted periods, a
 * player named), timed with the process CPU clock. The ingest's CPU without the pass is then its
 * measured CPU minus this, in the same run.
 */
import { emptyTotals } from '../../src/providers/counting-totals.js';
import type { ShotLine } from '../../src/providers/shot-rows.js';
import { countWyscoutValues } from '../../src/providers/wyscout/event-values.js';
import { periodIndexOf } from '../../src/providers/wyscout/mapping.js';
import { readMatchFile } from '../../src/providers/wyscout/read.js';

/** What the value pass cost over a set of match files. */
export interface ValuePassCost {
  matches: number;
  events: number;
  shots: number;
  cpu_ms: number;
}

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Runs the value pass over every match file in `paths` and returns its CPU time. */
export function valuePassCostOf(paths: readonly string[]): ValuePassCost {
  const cost: ValuePassCost = { matches: 0, events: 0, shots: 0, cpu_ms: 0 };
  const scratch = emptyTotals();
  for (const path of paths) {
    const { events } = readMatchFile(path, path);
    const shots: ShotLine[] = [];
    const c0 = cpuMs();
    for (let i = 0; i < events.length; i++) {
      const e = events[i]!;
      if (e.playerId === 0 || periodIndexOf(e.matchPeriod) < 0) continue;
      countWyscoutValues(events, i, scratch, () => scratch, shots);
    }
    cost.cpu_ms += cpuMs() - c0;
    cost.matches += 1;
    cost.events += events.length;
    cost.shots += shots.length;
  }
  cost.cpu_ms = Math.round(cost.cpu_ms);
  return cost;
}

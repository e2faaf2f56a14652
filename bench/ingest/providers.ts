/**
 * Ingest speed per event of every event provider against the Wyscout adapter, in one process on
 * the same machine (bench:ingest). Each provider reads its real sample from ../shared/real and
 * builds the whole dataset (read, parse, fold, tables, validation), nothing written. The baseline
 * is the Wyscout adapter in this thread (no worker pool) on the 2018 World Cup. A small sample is
 * run once to warm up and then `REPEATS` times. Target: CPU per event within 2× of Wyscout's.
 * A new provider adds one line to PROVIDERS.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { feedFilesOf } from '../../src/providers/feed-format.js';
import { datasetFromMetricaMatches, metricaMatchesFromFiles } from '../../src/providers/metrica/index.js';
import { datasetFromOptaMatches, optaMatchesFromFiles } from '../../src/providers/opta/index.js';
import { datasetFromStatsBomb } from '../../src/providers/statsbomb/dataset.js';
import { datasetFromWyscout } from '../../src/providers/wyscout/dataset.js';

/** Per-event CPU within this many times the Wyscout adapter's. */
export const TARGET_RATIO = 2;
const REPEATS = 5;

/** One provider's run: builds its dataset and returns the events read. */
interface ProviderCase {
  name: string;
  data: string;
  /** Small samples are repeated after a warm-up run. */
  small: boolean;
  run: () => number;
}

function providersOf(real: string): ProviderCase[] {
  const p = join(real, 'providers');
  const opta = (paths: string[]) => () => {
    const { matches } = optaMatchesFromFiles(feedFilesOf(paths).files);
    datasetFromOptaMatches(matches);
    return matches.reduce((s, m) => s + m.events.length, 0);
  };
  return [
    {
      name: 'Wyscout v2 (baseline; 2018 World Cup, one thread)',
      data: join(real, 'wyscout', 'matches', 'matches_World_Cup.json'),
      small: false,
      run: () => {
        let events = 0;
        datasetFromWyscout(join(real, 'wyscout'), {
          competition: 'World_Cup',
          onProgress: (_d, _t, e) => (events = e),
        });
        return events;
      },
    },
    {
      name: 'StatsBomb (PL 2015/16, 60 matches)',
      data: join(real, 'statsbomb/premier-league-2015-16/competitions.json'),
      small: false,
      run: () => {
        let events = 0;
        datasetFromStatsBomb(join(real, 'statsbomb/premier-league-2015-16'), {
          competitionId: 2,
          seasonId: 27,
          onProgress: (_d, _t, e) => (events = e),
        });
        return events;
      },
    },
    {
      name: 'Stats Perform MA1/MA3 JSON (1 match)',
      data: join(p, 'statsperform'),
      small: true,
      run: opta([
        join(p, 'statsperform/statsperform_event_ma3.json'),
        join(p, 'statsperform/statsperform_event_ma1.json'),
      ]),
    },
    {
      name: 'Stats Perform MA1/MA3 XML (1 match)',
      data: join(p, 'statsperform'),
      small: true,
      run: opta([
        join(p, 'statsperform/statsperform_event_ma3.xml'),
        join(p, 'statsperform/statsperform_event_ma1.xml'),
      ]),
    },
    {
      name: 'Opta F7/F24 (partial, 67 events)',
      data: join(p, 'opta'),
      small: true,
      run: opta([join(p, 'opta/opta_f7.xml'), join(p, 'opta/opta_f24.xml')]),
    },
    {
      name: 'Metrica (games 1–3: 2 CSV, 1 JSON + EPTS)',
      data: join(p, 'metrica'),
      small: true,
      run: () => {
        const matches = metricaMatchesFromFiles(feedFilesOf([join(p, 'metrica')]).files);
        datasetFromMetricaMatches(matches);
        return matches.reduce((s, m) => s + m.events.length, 0);
      },
    },
  ];
}

/** One provider's measure. */
export interface ProviderIngest {
  name: string;
  events: number;
  runs: number;
  cpu_ms: number;
  wall_ms: number;
  cpu_us_per_event: number;
  /** CPU per event ÷ the Wyscout adapter's. */
  ratio_to_wyscout: number;
}

const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Runs every provider whose data is present; the first line is the baseline. */
export function providerIngests(real: string, gc: () => void): { rows: ProviderIngest[]; skipped: string[] } {
  const rows: ProviderIngest[] = [];
  const skipped: string[] = [];
  for (const c of providersOf(real)) {
    if (!existsSync(c.data)) {
      skipped.push(`${c.name}: ${c.data} is absent`);
      continue;
    }
    const runs = c.small ? REPEATS : 1;
    if (c.small) c.run();
    gc();
    const c0 = cpuNow();
    const t0 = performance.now();
    let events = 0;
    for (let i = 0; i < runs; i++) events += c.run();
    const cpu = cpuNow() - c0;
    const wall = performance.now() - t0;
    const perEvent = (cpu * 1000) / events;
    const base = rows[0]?.cpu_us_per_event ?? perEvent;
    rows.push({
      name: c.name,
      events: events / runs,
      runs,
      cpu_ms: Math.round(cpu),
      wall_ms: Math.round(wall),
      cpu_us_per_event: Math.round(perEvent * 100) / 100,
      ratio_to_wyscout: Math.round((perEvent / base) * 100) / 100,
    });
    console.log(rows[rows.length - 1]);
  }
  return { rows, skipped };
}

/** The markdown section of the provider table. */
export function providerIngestMd(rows: readonly ProviderIngest[], skipped: readonly string[]): string {
  return [
    `## Ingest speed per event, every provider against the Wyscout adapter (target ≤ ${TARGET_RATIO}× its CPU per event)`,
    '',
    'Each line builds its dataset from the real sample (read, parse, fold, tables, validation; nothing written), in this process. Small samples: one warm-up run, then the runs shown.',
    '',
    '| provider | events | runs | wall ms | CPU ms | CPU µs / event | ratio to Wyscout | within target |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.events.toLocaleString('en-US')} | ${r.runs} | ${r.wall_ms} | ${r.cpu_ms} | ${r.cpu_us_per_event} | ${r.ratio_to_wyscout}× | ${r.ratio_to_wyscout <= TARGET_RATIO ? 'yes' : 'no'} |`,
    ),
    ...skipped.map((s) => `- skipped: ${s}`),
    '',
  ].join('\n');
}

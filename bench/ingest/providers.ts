/**
 * Ingest speed per event of every event provider against the Wyscout adapter, in one process on
 * the same machine (bench:ingest). Each provider reads its real sample from ../shared/real and
 * builds the whole dataset (read, parse, fold, tables, validation), nothing written. The baseline
 * is the Wyscout adapter in this thread (no worker pool) on the 2018 World Cup, 64 matches in one
 * dataset. A one-match sample is measured twice: as one dataset of that match (run once to warm
 * up, then `REPEATS` times), which is mostly the fixed cost of building any dataset (its tables
 * and validation), and as a season of `SEASON_MATCHES` matches like the baseline's: the sample's
 * files read and parsed that many times, each read a fixture of its own, folded into one dataset.
 * The target (CPU per event within 2× of Wyscout's) is judged on the season lines, where the
 * per-dataset cost is spread over as many matches as the baseline's. Every season line is also run
 * a second time, the same work again, and that run is compared with the baseline's second run: the
 * first run of a line includes compiling its code, which the baseline's hundred thousand events
 * spread thin and a partial sample's few thousand do not. A new provider adds one line to the
 * list in `providersOf`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { feedFilesOf } from '../../src/providers/feed-format.js';
import { datasetFromMetricaMatches, metricaMatchesFromFiles } from '../../src/providers/metrica/index.js';
import { datasetFromOptaMatches, optaMatchesFromFiles } from '../../src/providers/opta/index.js';
import type { OptaMatch } from '../../src/providers/opta/match.js';
import { sportecMatchesFromFiles } from '../../src/providers/sportec/index.js';
import { SPORTEC_SOURCE } from '../../src/providers/sportec/mapping.js';
import { dataFactoryMatchesFromFiles } from '../../src/providers/datafactory/index.js';
import { DATAFACTORY_SOURCE } from '../../src/providers/datafactory/mapping.js';
import type { MetricaMatch } from '../../src/providers/metrica/match.js';
import { datasetFromStatsBomb } from '../../src/providers/statsbomb/dataset.js';
import { datasetFromWyscout } from '../../src/providers/wyscout/dataset.js';

/** Per-event CPU within this many times the Wyscout adapter's. */
export const TARGET_RATIO = 2;
const REPEATS = 5;
/** Matches of a sample's season line: as many as the baseline's 2018 World Cup. */
export const SEASON_MATCHES = 64;

/** One provider's run: builds its dataset from `copies` reads of its sample (1 for a whole season) and returns the events read. */
interface ProviderCase {
  name: string;
  data: string;
  /** A sample of a few matches: measured as one dataset and as a season of {@link SEASON_MATCHES} matches. */
  small: boolean;
  run: (copies: number) => number;
}

/** Every match of `copies` reads, read `i` (from 0) shifted to a fixture and kick-off day of its own. */
function copiesOf<M extends { fixtureId: number; kickoff: number }>(copies: number, read: () => M[]): M[] {
  const out: M[] = [];
  for (let i = 0; i < copies; i++)
    for (const m of read()) out.push({ ...m, fixtureId: m.fixtureId + i, kickoff: m.kickoff + i * 86_400_000 });
  return out;
}

/** The feed's own events of the matches: an event a reader derives beside them (a duel's loser) is not counted. */
const eventsIn = (matches: readonly { events: readonly object[] }[]) =>
  matches.reduce((s, m) => s + m.events.filter((e) => !('derived' in e && e.derived)).length, 0);

function providersOf(real: string): ProviderCase[] {
  const p = join(real, 'providers');
  const opta =
    (
      paths: string[],
      read = (files: ReturnType<typeof feedFilesOf>['files']) => optaMatchesFromFiles(files).matches,
      source?: Parameters<typeof datasetFromOptaMatches>[1],
    ) =>
    (copies: number) => {
      const matches: OptaMatch[] = copiesOf(copies, () => read(feedFilesOf(paths).files));
      datasetFromOptaMatches(matches, source);
      return eventsIn(matches);
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
      run: (copies) => {
        // Metrica's CSV games share one fixture id per game name, so each copy is its own game.
        const matches: MetricaMatch[] = [];
        for (let i = 0; i < copies; i++)
          for (const m of metricaMatchesFromFiles(feedFilesOf([join(p, 'metrica')]).files))
            matches.push({ ...m, fixtureId: m.fixtureId + i, game: `${m.game} #${i}` });
        datasetFromMetricaMatches(matches);
        return eventsIn(matches);
      },
    },
    {
      name: 'Sportec / DFL (partial, 27 events read)',
      data: join(p, 'sportec'),
      small: true,
      run: opta([join(p, 'sportec')], sportecMatchesFromFiles, SPORTEC_SOURCE),
    },
    {
      name: 'DataFactory (1 match)',
      data: join(p, 'datafactory'),
      small: true,
      run: opta([join(p, 'datafactory')], dataFactoryMatchesFromFiles, DATAFACTORY_SOURCE),
    },
  ];
}

/** One provider's measure. */
export interface ProviderIngest {
  name: string;
  /** `season`: the whole dataset the line names, or a sample read as {@link SEASON_MATCHES} matches; `sample`: the sample alone as one dataset. */
  scale: 'season' | 'sample';
  events: number;
  runs: number;
  cpu_ms: number;
  wall_ms: number;
  cpu_us_per_event: number;
  /** CPU per event ÷ the Wyscout adapter's. */
  ratio_to_wyscout: number;
  /** A season line's second run of the same work: its CPU per event, and that ÷ the baseline's second run. */
  second_run?: { cpu_ms: number; cpu_us_per_event: number; ratio_to_wyscout: number };
}

const cpuNow = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** CPU and wall time of `runs` calls of `run(copies)`, and the events read per call. */
function measure(run: (copies: number) => number, copies: number, runs: number, gc: () => void) {
  gc();
  const c0 = cpuNow();
  const t0 = performance.now();
  let events = 0;
  for (let i = 0; i < runs; i++) events += run(copies);
  return { cpu: cpuNow() - c0, wall: performance.now() - t0, events };
}

/** Runs every provider whose data is present; the first line is the baseline. */
export function providerIngests(real: string, gc: () => void): { rows: ProviderIngest[]; skipped: string[] } {
  const rows: ProviderIngest[] = [];
  const skipped: string[] = [];
  const round2 = (v: number) => Math.round(v * 100) / 100;
  const push = (
    name: string,
    scale: ProviderIngest['scale'],
    runs: number,
    m: ReturnType<typeof measure>,
    second?: ReturnType<typeof measure>,
  ) => {
    const perEvent = (m.cpu * 1000) / m.events;
    const base = rows[0]?.cpu_us_per_event ?? perEvent;
    const row: ProviderIngest = {
      name,
      scale,
      events: m.events / runs,
      runs,
      cpu_ms: Math.round(m.cpu),
      wall_ms: Math.round(m.wall),
      cpu_us_per_event: round2(perEvent),
      ratio_to_wyscout: round2(perEvent / base),
    };
    if (second) {
      const perEvent2 = (second.cpu * 1000) / second.events;
      const base2 = rows[0]?.second_run?.cpu_us_per_event ?? perEvent2;
      row.second_run = {
        cpu_ms: Math.round(second.cpu),
        cpu_us_per_event: round2(perEvent2),
        ratio_to_wyscout: round2(perEvent2 / base2),
      };
    }
    rows.push(row);
    console.log(row);
  };
  for (const c of providersOf(real)) {
    if (!existsSync(c.data)) {
      skipped.push(`${c.name}: ${c.data} is absent`);
      continue;
    }
    if (!c.small) {
      const first = measure(c.run, 1, 1, gc);
      push(c.name, 'season', 1, first, measure(c.run, 1, 1, gc));
      continue;
    }
    c.run(1);
    const first = measure(c.run, SEASON_MATCHES, 1, gc);
    const second = measure(c.run, SEASON_MATCHES, 1, gc);
    push(`${c.name}, ${SEASON_MATCHES} reads as one season`, 'season', 1, first, second);
    push(`${c.name}, the sample alone`, 'sample', REPEATS, measure(c.run, 1, REPEATS, gc));
  }
  return { rows, skipped };
}

/** The markdown section of the provider table. */
export function providerIngestMd(rows: readonly ProviderIngest[], skipped: readonly string[]): string {
  return [
    `## Ingest speed per event, every provider against the Wyscout adapter (target ≤ ${TARGET_RATIO}× its CPU per event)`,
    '',
    `Each line builds its dataset from the real sample (read, parse, fold, tables, validation; nothing written), in this process. The baseline is one dataset of 64 matches. A sample of a few matches is measured as a season (its files read and parsed ${SEASON_MATCHES} times, each read a fixture of its own, one dataset), where the target is judged, and alone (one warm-up run, then the runs shown), where the fixed cost of building any dataset (tables, validation) dominates.`,
    '',
    `Each season line is then run a second time, the same work again, and compared with the baseline's second run (the last two columns). A first run includes compiling the adapter's code: the baseline spreads that over its ${(rows[0]?.events ?? 0).toLocaleString('en-US')} events, a partial sample's season over a few thousand, so the first-run ratio of a partial sample measures warm-up as much as ingest. Both are shown; the first-run column is the measure judged so far.`,
    '',
    '| provider | events | runs | wall ms | CPU ms | CPU µs / event | ratio to Wyscout | within target | second run: CPU µs / event | second run: ratio to Wyscout |',
    '|---|---:|---:|---:|---:|---:|---:|---|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${r.events.toLocaleString('en-US')} | ${r.runs} | ${r.wall_ms} | ${r.cpu_ms} | ${r.cpu_us_per_event} | ${r.ratio_to_wyscout}× | ${r.scale === 'sample' ? 'not judged (fixed cost)' : r.ratio_to_wyscout <= TARGET_RATIO ? 'yes' : 'no'} | ${r.second_run ? r.second_run.cpu_us_per_event : ''} | ${r.second_run ? `${r.second_run.ratio_to_wyscout}×` : ''} |`,
    ),
    ...skipped.map((s) => `- skipped: ${s}`),
    '',
  ].join('\n');
}

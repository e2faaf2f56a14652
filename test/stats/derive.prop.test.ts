/**
 * deriveSeasons against an independent, naive recomputation on random small datasets: cohort
 * members found by filtering every row, percentiles by counting with plain loops and Math.round.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  COUNTING_COLUMNS,
  POSITION_CODES,
  POSITION_GROUPS,
  positionGroupOf,
  tableFromRows,
  type Dataset,
  type RowOf,
} from '../../src/model/schema.js';
import { accuracyPct, RATIO_ATTEMPTS_MIN } from '../../src/stats/accuracy.js';
import { deriveSeasons } from '../../src/stats/derive.js';
import { percentileAt, ratingAt } from '../../src/stats/derived.js';
import { METRIC_KEYS, METRICS, type MetricKey } from '../../src/stats/metrics.js';
import { per90, PER90_MINUTES_MIN } from '../../src/stats/per90.js';
import { modelRating } from '../../src/stats/rating.js';
import { saveShareOfValues } from '../../src/stats/save-share.js';
import { roleOfPosition } from '../../src/stats/roles.js';

const maybe = (arb: fc.Arbitrary<number>) => fc.option(arb, { freq: 8, nil: null });
const rowArb = fc.record({
  player: fc.integer({ min: 0, max: 11 }),
  league: fc.integer({ min: 1, max: 2 }),
  minutes: fc.oneof(fc.integer({ min: 0, max: 1500 }), fc.constantFrom(89, 90, 449, 450, 451)),
  rating: maybe(fc.integer({ min: 50, max: 90 }).map((r) => r / 10)),
  totals: fc.array(maybe(fc.integer({ min: 0, max: 60 })), {
    minLength: COUNTING_COLUMNS.length,
    maxLength: COUNTING_COLUMNS.length,
  }),
});
const datasetArb = fc.record({
  positions: fc.array(fc.constantFrom(...POSITION_CODES), { minLength: 12, maxLength: 12 }),
  rows: fc.array(rowArb, { minLength: 1, maxLength: 40 }),
  minutesMin: fc.constantFrom(450, 300, 0),
  roleCohortMin: fc.constantFrom(1, 2, 3, 10),
});

type Row = RowOf<'player_seasons'>;

type Input = typeof datasetArb extends fc.Arbitrary<infer T> ? T : never;

function build(input: Input): { dataset: Dataset; rows: Row[] } {
  const rows = input.rows.map((r) => {
    const totals = Object.fromEntries(COUNTING_COLUMNS.map((c, i) => [c, r.totals[i]]));
    return {
      player_id: r.player + 1,
      season_id: r.league * 10,
      league_id: r.league,
      team_id: r.league,
      appearances: 20,
      starts: 10,
      minutes: r.minutes,
      rating: r.rating,
      ...totals,
    } as Row;
  });
  const dataset: Dataset = {
    meta: { name: 'prop', as_of: '2026-01-01', source: 'fast-check', synthetic: true },
    tables: {
      leagues: tableFromRows(
        'leagues',
        [1, 2].map((l) => ({ league_id: l, name: `L${l}`, tier: 1, kind: 'league' as const })),
      ),
      seasons: tableFromRows(
        'seasons',
        [1, 2].map((l) => ({
          season_id: l * 10,
          league_id: l,
          name: 's',
          start_date: '2025-08-01',
          end_date: '2026-05-31',
        })),
      ),
      teams: tableFromRows(
        'teams',
        [1, 2].map((l) => ({ team_id: l, name: `T${l}`, league_id: l })),
      ),
      rivalries: undefined,
      players: tableFromRows(
        'players',
        input.positions.map((p, i) => ({ player_id: i + 1, name: `P${i}`, position: p })),
      ),
      player_seasons: tableFromRows('player_seasons', rows),
      fixtures: tableFromRows('fixtures', []),
      appearances: undefined,
    },
  };
  return { dataset, rows };
}

function naiveValue(r: Row, key: MetricKey): number {
  const def = METRICS[key];
  if (def.kind === 'per90') return per90(r[def.total], r.minutes) ?? NaN;
  if (def.kind === 'pct') return accuracyPct(r[def.completed], r[def.attempted]) ?? NaN;
  return NaN;
}

function naivePercentile(x: number, sample: number[], lowerIsBetter: boolean): number {
  if (Number.isNaN(x) || sample.length === 0) return NaN;
  let below = 0;
  let equal = 0;
  for (const v of sample) {
    if (v < x) below++;
    else if (v === x) equal++;
  }
  const p = Math.round((100 * (below + equal / 2)) / sample.length);
  return lowerIsBetter ? 100 - p : p;
}

describe('deriveSeasons matches a naive recomputation', () => {
  it('values, cohorts, percentiles and ratings', () => {
    fc.assert(
      fc.property(datasetArb, (input) => {
        const { dataset, rows } = build(input);
        const d = deriveSeasons(dataset, { minutesMin: input.minutesMin, roleCohortMin: input.roleCohortMin });
        const groupOf = (r: Row) => positionGroupOf(input.positions[r.player_id - 1]);
        const roleOf = (r: Row) => roleOfPosition(input.positions[r.player_id - 1]);
        // The role cohort, or the position group's when the role cohort has fewer than roleCohortMin.
        const peersOf = (r: Row) => {
          const same = rows
            .map((_, j) => j)
            .filter(
              (j) =>
                rows[j].league_id === r.league_id &&
                rows[j].season_id === r.season_id &&
                rows[j].minutes >= input.minutesMin,
            );
          const byRole = same.filter((j) => roleOf(rows[j]) === roleOf(r));
          return byRole.length >= input.roleCohortMin ? byRole : same.filter((j) => groupOf(rows[j]) === groupOf(r));
        };
        const byRoleOf = (r: Row) =>
          peersOf(r).every((j) => roleOf(rows[j]) === roleOf(r)) && peersOf(r).length >= input.roleCohortMin;

        const values = {} as Record<MetricKey, number[]>;
        const pct = {} as Record<MetricKey, number[]>;
        for (const key of METRIC_KEYS) {
          if (key === 'rating') continue;
          values[key] = rows.map((r) => naiveValue(r, key));
          // A ratio on fewer than RATIO_ATTEMPTS_MIN attempts is reported but not ranked.
          const def = METRICS[key];
          const ranked = rows.map((r, i) =>
            def.kind === 'pct' && !((r[def.attempted] ?? 0) >= (RATIO_ATTEMPTS_MIN[def.attempted] ?? 0))
              ? NaN
              : values[key][i],
          );
          pct[key] = rows.map((r, i) =>
            naivePercentile(
              ranked[i],
              peersOf(r)
                .map((j) => ranked[j])
                .filter((v) => !Number.isNaN(v)),
              METRICS[key].lowerIsBetter,
            ),
          );
          expect(Array.from(d.values[key]), key).toEqual(values[key]);
          expect(Array.from(d.percentiles[key]), key).toEqual(pct[key]);
        }
        rows.forEach((r, i) => {
          expect(POSITION_GROUPS[d.group[i]]).toBe(groupOf(r));
          const peers = peersOf(r);
          expect(d.inCohort[i]).toBe(r.minutes >= input.minutesMin ? 1 : 0);
          if (peers.length === 0) expect(d.cohort[i]).toBe(-1);
          else {
            const c = d.cohorts[d.cohort[i]];
            expect([c.league_id, c.season_id, c.n, c.min_minutes]).toEqual([
              r.league_id,
              r.season_id,
              peers.length,
              input.minutesMin,
            ]);
            if (byRoleOf(r)) expect(c.role).toBe(roleOf(r));
            else expect([c.role, c.position_group]).toEqual([null, groupOf(r)]);
          }
        });
        // A keeper's save share, saves / (saves + conceded), ranked among his cohort's peers.
        const saveShare = rows.map((_, i) => saveShareOfValues(values.saves_per90[i], values.goals_conceded_per90[i]));
        const saveSharePct = rows.map((r, i) =>
          naivePercentile(
            saveShare[i],
            peersOf(r)
              .map((j) => saveShare[j])
              .filter((v) => !Number.isNaN(v)),
            false,
          ),
        );
        const rating = rows.map(
          (r, i) =>
            r.rating ??
            (r.minutes >= PER90_MINUTES_MIN
              ? modelRating(roleOf(r), (k) => pct[k][i], Number.NaN, r.minutes, saveSharePct[i])
              : NaN),
        );
        expect(Array.from(d.ratingIsProvider)).toEqual(rows.map((r) => (r.rating === null ? 0 : 1)));
        rating.forEach((x, i) => {
          if (Number.isNaN(x)) expect(d.values.rating[i]).toBeNaN();
          else expect(d.values.rating[i]).toBeCloseTo(x, 12);
        });
        const ratingPct = rows.map((r, i) =>
          naivePercentile(
            d.values.rating[i],
            peersOf(r)
              .map((j) => d.values.rating[j])
              .filter((v) => !Number.isNaN(v)),
            false,
          ),
        );
        expect(Array.from(d.percentiles.rating)).toEqual(ratingPct);
      }),
      { numRuns: 150 },
    );
  });
});

describe('one row read alone ranks only its cohort, with the numbers of the whole columns', () => {
  it('percentileAt and ratingAt before any whole read equal the columns read afterwards', () => {
    fc.assert(
      fc.property(datasetArb, fc.array(fc.nat(), { minLength: 1, maxLength: 8 }), (input, picks) => {
        const { dataset, rows } = build(input);
        const options = { minutesMin: input.minutesMin, roleCohortMin: input.roleCohortMin };
        const lazy = deriveSeasons(dataset, options);
        const read = [...new Set(picks.map((p) => p % rows.length))];
        const one = read.map((row) => ({
          rating: ratingAt(lazy, row),
          pct: METRIC_KEYS.map((key) => percentileAt(lazy, key, row)),
        }));
        // Only the cohorts of the rows read are ranked so far (a group cohort also ranks its members' role cohorts).
        expect(lazy.ranks?.isComplete).toBe(false);
        const whole = deriveSeasons(dataset, options);
        read.forEach((row, k) => {
          expect(Object.is(one[k].rating, whole.values.rating[row]), `rating of row ${row}`).toBe(true);
          expect(one[k].pct).toEqual(METRIC_KEYS.map((key) => whole.percentiles[key][row]));
        });
        // Reading whole columns afterwards fills in the rest with the same numbers.
        for (const key of METRIC_KEYS)
          expect(Array.from(lazy.percentiles[key]), key).toEqual(Array.from(whole.percentiles[key]));
        expect(Array.from(lazy.values.rating)).toEqual(Array.from(whole.values.rating));
        expect(lazy.ranks?.isComplete).toBe(true);
      }),
      { numRuns: 150 },
    );
  });
});

describe('one metric read alone ranks only that metric in its cohort, with the numbers of the whole columns', () => {
  // A read: a row and a metric (its percentile), or the row's rating (-1), in any order.
  const readArb = fc.array(fc.tuple(fc.nat(), fc.integer({ min: -1, max: METRIC_KEYS.length - 1 })), {
    minLength: 1,
    maxLength: 12,
  });
  it('any sequence of percentileAt and ratingAt reads equals the whole columns', () => {
    fc.assert(
      fc.property(datasetArb, readArb, (input, reads) => {
        const { dataset, rows } = build(input);
        const options = { minutesMin: input.minutesMin, roleCohortMin: input.roleCohortMin };
        const lazy = deriveSeasons(dataset, options);
        const whole = deriveSeasons(dataset, options);
        for (const [pick, k] of reads) {
          const row = pick % rows.length;
          if (k < 0)
            expect(Object.is(ratingAt(lazy, row), whole.values.rating[row]), `rating of row ${row}`).toBe(true);
          else {
            const key = METRIC_KEYS[k];
            expect(Object.is(percentileAt(lazy, key, row), whole.percentiles[key][row]), `${key} of row ${row}`).toBe(
              true,
            );
          }
        }
        expect(lazy.ranks?.isComplete).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

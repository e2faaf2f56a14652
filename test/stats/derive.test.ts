/**
 * deriveSeasons on a hand-built dataset; every expected value is worked out in the comments.
 *
 * League 1 / season 100 (rows 0–6) and league 2 / season 200 (row 7):
 *   row player pos  min   goals shots passes(done) crosses(done) saves conc cs tackles rating
 *   0   1      ST   900   9     30    400 (320)    10 (4)        -     -    -  -       7.4
 *   1   2      LW   450   3     15    200 (170)     0 (0)        -     -    -  -       null
 *   2   3      RW   449   5     10    100 (90)      5 (1)        -     -    -  -       null
 *   3   4      CF   1800  6     60    900 (720)    20 (8)        -     -    -  -       6.5
 *   4   5      GK   900   -     -     300 (240)     -            30    10   3  -       null
 *   5   6      GK   450   -     -     100 (90)      -            20    10   1  -       6.0
 *   6   7      CB   80    -     -      40 (36)      -            -     -    -  2       null
 *   7   8      ST   900   1     5       0 (0)       -            -     -    -  -       null
 * Every other counting total is 0.
 * Cohorts (≥ 450 min): 0 = L1·S100·attacker {rows 0, 1, 3}, row 2 (449) ranked against it as low
 * sample; 1 = L1·S100·goalkeeper {4, 5}; 2 = L2·S200·attacker {7}; row 6 (defender, 80 min) has no
 * defender cohort → -1 and NaN percentiles.
 */
import { emptyTotals } from '../../src/providers/counting-totals.js';
import { describe, expect, it } from 'vitest';
import { tableFromRows, type Dataset, type RowOf } from '../../src/model/schema.js';
import { HalfspaceError } from '../../src/errors.js';
import { deriveSeasons } from '../../src/stats/derive.js';
import { normalScoreOf, RATING_PRIOR_MINUTES } from '../../src/stats/rating.js';
import { saveShareOf } from '../../src/stats/save-share.js';
import { METRIC_KEYS, type MetricKey } from '../../src/stats/metrics.js';

const ZERO = emptyTotals();
const POS = ['ST', 'LW', 'RW', 'CF', 'GK', 'GK', 'CB', 'ST'] as const;

function dataset(seasonRows?: Partial<RowOf<'player_seasons'>>[]): Dataset {
  const rows: Partial<RowOf<'player_seasons'>>[] = seasonRows ?? [
    {
      minutes: 900,
      goals: 9,
      shots: 30,
      passes: 400,
      passes_completed: 320,
      crosses: 10,
      crosses_completed: 4,
      rating: 7.4,
    },
    { minutes: 450, goals: 3, shots: 15, passes: 200, passes_completed: 170, rating: null },
    {
      minutes: 449,
      goals: 5,
      shots: 10,
      passes: 100,
      passes_completed: 90,
      crosses: 5,
      crosses_completed: 1,
      rating: null,
    },
    {
      minutes: 1800,
      goals: 6,
      shots: 60,
      passes: 900,
      passes_completed: 720,
      crosses: 20,
      crosses_completed: 8,
      rating: 6.5,
    },
    { minutes: 900, passes: 300, passes_completed: 240, saves: 30, goals_conceded: 10, clean_sheets: 3, rating: null },
    { minutes: 450, passes: 100, passes_completed: 90, saves: 20, goals_conceded: 10, clean_sheets: 1, rating: 6.0 },
    { minutes: 80, passes: 40, passes_completed: 36, tackles: 2, rating: null },
    { minutes: 900, goals: 1, shots: 5, rating: null },
  ];
  const ps = rows.map((r, i) => ({
    ...ZERO,
    player_id: i + 1,
    season_id: i === 7 ? 200 : 100,
    league_id: i === 7 ? 2 : 1,
    team_id: i === 7 ? 20 : 10,
    appearances: 10,
    starts: 10,
    ...r,
  }));
  return {
    meta: { name: 'derive-test', as_of: '2026-03-01', source: 'hand-built', synthetic: true },
    tables: {
      leagues: tableFromRows('leagues', [
        { league_id: 1, name: 'One', country: 'X', tier: 1, kind: 'league' },
        { league_id: 2, name: 'Two', country: 'Y', tier: 1, kind: 'league' },
      ]),
      seasons: tableFromRows('seasons', [
        { season_id: 100, league_id: 1, name: '2025/26', start_date: '2025-08-01', end_date: '2026-05-31' },
        { season_id: 200, league_id: 2, name: '2025/26', start_date: '2025-08-01', end_date: '2026-05-31' },
      ]),
      teams: tableFromRows('teams', [
        { team_id: 10, name: 'Ten', league_id: 1 },
        { team_id: 20, name: 'Twenty', league_id: 2 },
      ]),
      rivalries: undefined,
      players: tableFromRows(
        'players',
        POS.map((position, i) => ({ player_id: i + 1, name: `P${i + 1}`, position, team_id: i === 7 ? 20 : 10 })),
      ),
      player_seasons: tableFromRows('player_seasons', ps),
      fixtures: tableFromRows('fixtures', []),
      appearances: undefined,
    },
  };
}

const N = NaN;
const at = (a: Float64Array) => Array.from(a);

describe('deriveSeasons on a hand-built dataset', () => {
  const d = deriveSeasons(dataset());

  it('copies identities and assigns groups and cohorts', () => {
    expect(d.n).toBe(8);
    expect(Array.from(d.player_id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(Array.from(d.league_id)).toEqual([1, 1, 1, 1, 1, 1, 1, 2]);
    expect(Array.from(d.season_id)).toEqual([100, 100, 100, 100, 100, 100, 100, 200]);
    expect(Array.from(d.team_id)).toEqual([10, 10, 10, 10, 10, 10, 10, 20]);
    expect(Array.from(d.appearances)).toEqual([10, 10, 10, 10, 10, 10, 10, 10]);
    expect(at(d.minutes)).toEqual([900, 450, 449, 1800, 900, 450, 80, 900]);
    // 3 = attacker, 0 = goalkeeper, 1 = defender
    expect(Array.from(d.group)).toEqual([3, 3, 3, 3, 0, 0, 1, 3]);
    // Roles: 0 striker (ST, CF), 1 and 2 attacking midfielder (LW, RW), 4 and 5 goalkeeper, 6 centre-back.
    // Every role cohort is below ROLE_COHORT_MIN (10), so every row falls back to its group's cohort;
    // the four role cohorts (striker L1, attacking midfielder L1, goalkeeper L1, striker L2) come first.
    expect(Array.from(d.role)).toEqual([5, 4, 4, 5, 0, 0, 1, 5]);
    expect(d.cohorts.slice(0, 4).map((c) => [c.role, c.n])).toEqual([
      ['striker', 2],
      ['attacking_midfielder', 1],
      ['goalkeeper', 2],
      ['striker', 1],
    ]);
    expect(Array.from(d.cohort)).toEqual([4, 4, 4, 4, 5, 5, -1, 6]);
    expect(Array.from(d.inCohort)).toEqual([1, 1, 0, 1, 1, 1, 0, 1]);
    expect(d.cohorts.slice(4)).toEqual([
      { id: 4, league_id: 1, season_id: 100, position_group: 'attacker', role: null, min_minutes: 450, n: 3 },
      { id: 5, league_id: 1, season_id: 100, position_group: 'goalkeeper', role: null, min_minutes: 450, n: 2 },
      { id: 6, league_id: 2, season_id: 200, position_group: 'attacker', role: null, min_minutes: 450, n: 1 },
    ]);
  });

  it('computes per-90 values (NaN under 90 minutes)', () => {
    // goals × 90 / minutes: 810/900 = 0.9, 270/450 = 0.6, 450/449, 540/1800 = 0.3, 0, 0, (80 min) NaN, 90/900 = 0.1
    expect(at(d.values.goals_per90)).toEqual([0.9, 0.6, 450 / 449, 0.3, 0, 0, N, 0.1]);
    // shots: 2700/900 = 3, 1350/450 = 3, 900/449, 5400/1800 = 3, 0, 0, NaN, 450/900 = 0.5
    expect(at(d.values.shots_per90)).toEqual([3, 3, 900 / 449, 3, 0, 0, N, 0.5]);
    // passes: 36000/900 = 40, 18000/450 = 40, 9000/449, 81000/1800 = 45, 27000/900 = 30, 9000/450 = 20, NaN, 0
    expect(at(d.values.passes_per90)).toEqual([40, 40, 9000 / 449, 45, 30, 20, N, 0]);
    // crosses: 900/900 = 1, 0, 450/449, 1800/1800 = 1, 0, 0, NaN, 0
    expect(at(d.values.crosses_per90)).toEqual([1, 0, 450 / 449, 1, 0, 0, N, 0]);
    // saves: 2700/900 = 3, 1800/450 = 4 for the keepers
    expect(at(d.values.saves_per90)).toEqual([0, 0, 0, 0, 3, 4, N, 0]);
    // goals conceded: 900/900 = 1, 900/450 = 2
    expect(at(d.values.goals_conceded_per90)).toEqual([0, 0, 0, 0, 1, 2, N, 0]);
    // clean sheets: 270/900 = 0.3, 90/450 = 0.2
    expect(at(d.values.cleansheets_per90)).toEqual([0, 0, 0, 0, 0.3, 0.2, N, 0]);
    // tackles: the defender's 2 tackles in 80 minutes stay NaN
    expect(at(d.values.tackles_per90)).toEqual([0, 0, 0, 0, 0, 0, N, 0]);
  });

  it('computes accuracy % (NaN with no attempts; no minutes threshold)', () => {
    // 32000/400 = 80, 17000/200 = 85, 9000/100 = 90, 72000/900 = 80, 24000/300 = 80, 9000/100 = 90, 3600/40 = 90, 0 passes → NaN
    expect(at(d.values.pass_accuracy_pct)).toEqual([80, 85, 90, 80, 80, 90, 90, N]);
    // 400/10 = 40, no crosses → NaN, 100/5 = 20, 800/20 = 40, then no crosses
    expect(at(d.values.cross_accuracy_pct)).toEqual([40, N, 20, 40, N, N, N, N]);
  });

  it('ranks within cohorts, with ties, low-sample rows and an inverted metric', () => {
    // attackers goals [0.3, 0.6, 0.9]: 0.9 → 100×2.5/3 = 83.3 → 83; 0.6 → 100×1.5/3 = 50; 0.3 → 100×0.5/3 = 16.7 → 17;
    // row 2 (450/449 ≈ 1.002, low sample) → 100×3/3 = 100. Keepers [0, 0] → 50 each. Row 7 alone → 100×0.5/1 = 50.
    expect(at(d.percentiles.goals_per90)).toEqual([83, 50, 100, 17, 50, 50, N, 50]);
    // shots: attackers all 3 → 100×1.5/3 = 50; row 2 (2.0) below all → 0
    expect(at(d.percentiles.shots_per90)).toEqual([50, 50, 0, 50, 50, 50, N, 50]);
    // passes: attackers [40, 40, 45]: 40 → 100×1/3 = 33; 45 → 100×2.5/3 = 83; row 2 (20.04) → 0;
    // keepers [20, 30]: 30 → 75, 20 → 25
    expect(at(d.percentiles.passes_per90)).toEqual([33, 33, 0, 83, 75, 25, N, 50]);
    // crosses: attackers [0, 1, 1]: 1 → 100×2/3 = 66.7 → 67; 0 → 100×0.5/3 = 16.7 → 17; row 2 (1.002) → 100
    expect(at(d.percentiles.crosses_per90)).toEqual([67, 17, 100, 67, 50, 50, N, 50]);
    // goals conceded, inverted: keepers [1, 2]: raw 1 → 25 → 100−25 = 75; raw 2 → 75 → 25.
    // attackers all 0 → raw 50 → 50; row 2 (0) equals the three members' 0 → 100×1.5/3 = 50 → 50
    expect(at(d.percentiles.goals_conceded_per90)).toEqual([50, 50, 50, 50, 75, 25, N, 50]);
    // saves: keepers [3, 4] → 25, 75; clean sheets [0.3, 0.2] → 75, 25
    expect(at(d.percentiles.saves_per90)).toEqual([50, 50, 50, 50, 25, 75, N, 50]);
    expect(at(d.percentiles.cleansheets_per90)).toEqual([50, 50, 50, 50, 75, 25, N, 50]);
    // pass accuracy: attackers [80, 80, 85]: 80 → 33, 85 → 83, row 2 (90) → 100; keepers [80, 90] → 25, 75;
    // row 6 has a value (90) but no cohort → NaN; row 7 no passes → NaN
    expect(at(d.percentiles.pass_accuracy_pct)).toEqual([33, 83, 100, 33, 25, 75, N, N]);
    // cross accuracy: attackers with crosses [40, 40] → 50 each (row 1 has none → NaN, not in the sample);
    // row 2 (1 of 5, under RATIO_ATTEMPTS_MIN = 10 crosses) is reported but not ranked → NaN;
    // keepers have no value → NaN; row 7 none → NaN
    expect(at(d.percentiles.cross_accuracy_pct)).toEqual([50, N, N, 50, N, N, N, N]);
    expect(d.values.cross_accuracy_pct[2]).toBe(20);
  });

  it('fills all-zero metrics as 0 with percentile 50 (all tied)', () => {
    const zero: MetricKey[] = [
      'assists_per90',
      'shots_on_target_per90',
      'big_chances_per90',
      'key_passes_per90',
      'long_balls_per90',
      'dribbles_per90',
      'interceptions_per90',
      'clearances_per90',
      'shots_blocked_per90',
      'aerials_won_per90',
      'duels_won_per90',
      'ball_recovery_per90',
      'punches_per90',
    ];
    for (const key of zero) {
      expect(at(d.values[key]), key).toEqual([0, 0, 0, 0, 0, 0, N, 0]);
      expect(at(d.percentiles[key]), key).toEqual([50, 50, 50, 50, 50, 50, N, 50]);
    }
    // the tackles column is zero too except the defender's unrated 80 minutes
    expect(at(d.percentiles.tackles_per90)).toEqual([50, 50, 50, 50, 50, 50, N, 50]);
    // The 14 event values are zero in every row of this hand-built dataset too: all tied.
    const eventValues = METRIC_KEYS.slice(METRIC_KEYS.indexOf('progressive_passes_per90'));
    expect(eventValues).toHaveLength(14);
    for (const key of eventValues) {
      expect(at(d.values[key]), key).toEqual([0, 0, 0, 0, 0, 0, N, 0]);
      expect(at(d.percentiles[key]), key).toEqual([50, 50, 50, 50, 50, 50, N, 50]);
    }
    // 38 keys = the 13 above + tackles, goals, shots, passes, crosses, saves, conceded, clean sheets, 2 accuracies, rating + 14 event values
    expect(METRIC_KEYS.length).toBe(zero.length + 11 + eventValues.length);
  });

  it('prefers provider ratings and computes the model rating elsewhere', () => {
    expect(Array.from(d.ratingIsProvider)).toEqual([1, 0, 0, 1, 0, 1, 0, 0]);
    const r = at(d.values.rating);
    expect(r[0]).toBe(7.4);
    expect(r[3]).toBe(6.5);
    expect(r[5]).toBe(6);
    // Model ratings weigh each row's role (rating.ts) over the normal scores of the percentiles
    // ranked above: rating = 7.25 + 1.5 × score × minutes / (minutes + 270); no appearances here, so
    // no on-pitch facet.
    const z = normalScoreOf;
    const shrink = (row: number) => d.minutes[row] / (d.minutes[row] + RATING_PRIOR_MINUTES);
    // row 1 (LW, attacking midfielder; every event value is 0 here, so tied at 50): every weighted
    //        metric at 50 (pass volume and accuracies weigh nothing for the role) → score 0 → 7.25
    expect(r[1]).toBeCloseTo(7.25, 12);
    // row 2 (RW): goals at the 100th (read as 99.5, z = 2.576) × 0.15, everything else at 50
    expect(r[2]).toBeCloseTo(7.25 + 1.5 * 0.15 * z(100) * shrink(2), 12);
    // row 4 (keeper): conceded .4 × z(75) + clean sheets .3 × z(75) + saves .15 × z(25)
    //        + pass acc .1 × z(25) + passes .05 × z(75) = 0.5 × z(75); his save share is the
    //        higher of the two keepers' (75th), blended at half (KEEPER_SAVE_SHARE_WEIGHT)
    const keeper = 0.5 * z(75);
    expect(saveShareOf(d, 4)).toBeGreaterThan(saveShareOf(d, 5));
    expect(r[4]).toBeCloseTo(7.25 + 1.5 * (0.5 * keeper + 0.5 * z(75)) * shrink(4), 12);
    // row 6: no cohort → no percentiles → NaN; row 7 (striker, alone): every weighted percentile 50 → 7.25
    expect(r[6]).toBeNaN();
    expect(r[7]).toBeCloseTo(7.25, 12);
  });

  it('ranks the final rating column within cohorts', () => {
    // attackers [6.5, 7.25, 7.4]: 7.4 → 83, 7.25 → 50, 6.5 → 17; row 2 (above 7.6) → 100;
    // keepers [6.0, above 7.5] → row 4 75, row 5 25; row 7 alone 50
    expect(at(d.percentiles.rating)).toEqual([83, 50, 100, 17, 75, 25, N, 50]);
  });

  it('admits the 449-minute row when minutesMin is lowered', () => {
    const low = deriveSeasons(dataset(), { minutesMin: 449 });
    expect(Array.from(low.inCohort)).toEqual([1, 1, 1, 1, 1, 1, 0, 1]);
    // the attackers' group cohort (after the four role cohorts) now has rows 0–3
    expect(low.cohorts[low.cohort[0]].n).toBe(4);
    expect(low.cohorts[low.cohort[0]].min_minutes).toBe(449);
    // goals now [0.3, 0.6, 0.9, 1.002]: 0.9 → 100×2.5/4 = 62.5 → 63; 1.002 → 100×3.5/4 = 87.5 → 88
    expect(low.percentiles.goals_per90[0]).toBe(63);
    expect(low.percentiles.goals_per90[2]).toBe(88);
  });

  it('treats a null counting total as missing, not as zero', () => {
    const rows: Partial<RowOf<'player_seasons'>>[] = [
      { minutes: 900, goals: null },
      { minutes: 900, goals: 0 },
      { minutes: 900, goals: 2 },
      { minutes: 900 },
      { minutes: 900 },
      { minutes: 900 },
      { minutes: 900 },
      { minutes: 900 },
    ];
    const x = deriveSeasons(dataset(rows));
    expect(x.values.goals_per90[0]).toBeNaN();
    expect(x.percentiles.goals_per90[0]).toBeNaN();
    // attackers with a value: rows 1 (0), 2 (0.2), 3 (0); row 0 left out → n = 3: 0.2 → 100×2.5/3 = 83
    expect(x.percentiles.goals_per90[2]).toBe(83);
  });

  it('gives the same result when player_seasons arrives in several record batches', () => {
    const one = dataset();
    const rows = one.tables.player_seasons;
    const split = dataset();
    split.tables.player_seasons = rows.slice(0, 3).concat(rows.slice(3));
    expect(split.tables.player_seasons.batches.length).toBeGreaterThan(1);
    const a = deriveSeasons(one);
    const b = deriveSeasons(split);
    for (const key of METRIC_KEYS) {
      expect(at(b.values[key]), key).toEqual(at(a.values[key]));
      expect(at(b.percentiles[key]), key).toEqual(at(a.percentiles[key]));
    }
    expect(Array.from(b.cohort)).toEqual(Array.from(a.cohort));
  });

  it('handles an empty player_seasons table', () => {
    const empty = dataset();
    empty.tables.player_seasons = tableFromRows('player_seasons', []);
    const e = deriveSeasons(empty);
    expect(e.n).toBe(0);
    expect(e.cohorts).toEqual([]);
    expect(e.values.goals_per90.length).toBe(0);
    expect(e.percentiles.rating.length).toBe(0);
  });

  it('rejects a bad threshold and a row whose player is unknown', () => {
    expect(() => deriveSeasons(dataset(), { minutesMin: -1 })).toThrowError(HalfspaceError);
    expect(() => deriveSeasons(dataset(), { minutesMin: Number.NaN })).toThrowError(/minutesMin/);
    const bad = dataset();
    bad.tables.player_seasons = tableFromRows('player_seasons', [
      { ...ZERO, player_id: 99, season_id: 100, league_id: 1, team_id: 10, appearances: 1, minutes: 90 },
    ]);
    try {
      deriveSeasons(bad);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(HalfspaceError);
      expect((e as HalfspaceError).code).toBe('invalid_dataset');
    }
  });
});

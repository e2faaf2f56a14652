/**
 * A large synthetic player-season table for the stats benchmark, built column by column as Arrow
 * vectors (no per-row objects): `leagues × seasons × 4 groups` cohorts, a few percent of nulls in
 * some counting columns, provider ratings on ~70 % of rows, ~13 % of rows under 450 minutes.
 */
import {
  Float64,
  type Float64 as Float64Type,
  Int32,
  type Int32 as Int32Type,
  makeVector,
  Table,
  Utf8,
  type Vector,
  vectorFromArray,
} from 'apache-arrow';
import { vectorOf } from '../../src/model/arrow.js';
import { COUNTING_COLUMNS, POSITION_CODES, tableFromRows, type Dataset } from '../../src/model/schema.js';

/** Deterministic xorshift32 in [0, 1). */
export function rng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

function withNulls(type: Int32Type | Float64Type, values: Int32Array | Float64Array, valid: Uint8Array | null): Vector {
  if (!valid) return makeVector(values as Int32Array);
  return vectorOf(type, values as never, valid);
}

export interface SyntheticShape {
  rows: number;
  leagues: number;
  seasons: number;
  players: number;
  seed: number;
}

/** Group index (0 goalkeeper … 3 attacker) per player, and the dataset itself. */
export function syntheticDataset(shape: SyntheticShape): { dataset: Dataset; group: Uint8Array; cohorts: number } {
  const { rows: n, leagues, seasons, players, seed } = shape;
  const rand = rng(seed);
  // Positions weighted roughly like a squad: 1 keeper per 8 outfielders.
  const codeOf = (r: number) => (r < 0.11 ? 'GK' : POSITION_CODES[1 + Math.floor(((r - 0.11) / 0.89) * 14)]);
  const positions: string[] = new Array(players);
  const playerGroup = new Uint8Array(players);
  for (let p = 0; p < players; p++) {
    const code = codeOf(rand());
    positions[p] = code;
    playerGroup[p] =
      code === 'GK'
        ? 0
        : ['CB', 'LB', 'RB', 'LWB', 'RWB'].includes(code)
          ? 1
          : ['DM', 'CM', 'AM', 'LM', 'RM'].includes(code)
            ? 2
            : 3;
  }
  const playersTable = new Table({
    player_id: makeVector(Int32Array.from({ length: players }, (_, p) => p + 1)),
    position: vectorFromArray(positions, new Utf8()),
  });
  const player_id = new Int32Array(n);
  const league_id = new Int32Array(n);
  const season_id = new Int32Array(n);
  const team_id = new Int32Array(n);
  const appearances = new Int32Array(n);
  const minutes = new Float64Array(n);
  const rating = new Float64Array(n);
  const ratingValid = new Uint8Array(n);
  const group = new Uint8Array(n);
  const perRound = Math.ceil(n / players);
  for (let i = 0; i < n; i++) {
    const p = i % players;
    const league = p % leagues;
    const s = (Math.floor(i / players) + (p % Math.max(1, seasons - perRound + 1))) % seasons;
    player_id[i] = p + 1;
    league_id[i] = league + 1;
    season_id[i] = (league + 1) * 1000 + s;
    team_id[i] = (league + 1) * 100 + (p % 20);
    const m = Math.floor(rand() * 3400);
    minutes[i] = m;
    appearances[i] = Math.max(1, Math.ceil(m / 85));
    group[i] = playerGroup[p];
    ratingValid[i] = rand() < 0.7 ? 1 : 0;
    rating[i] = ratingValid[i] ? Math.round((5.5 + rand() * 3) * 100) / 100 : 0;
  }
  const columns: Record<string, Vector> = {
    player_id: makeVector(player_id),
    season_id: makeVector(season_id),
    team_id: makeVector(team_id),
    league_id: makeVector(league_id),
    appearances: makeVector(appearances),
    starts: makeVector(appearances),
    minutes: makeVector(minutes),
    rating: withNulls(new Float64(), rating, ratingValid),
  };
  COUNTING_COLUMNS.forEach((c, k) => {
    const rate = 0.2 + (k % 7) * 0.9;
    const values = new Int32Array(n);
    const valid = k % 5 === 0 ? new Uint8Array(n) : null;
    for (let i = 0; i < n; i++) {
      values[i] = Math.floor((minutes[i] / 90) * rate * rand() * 2);
      if (valid) valid[i] = rand() < 0.97 ? 1 : 0;
    }
    if (c === 'passes_completed' || c === 'crosses_completed') {
      const attempted = columns[c === 'passes_completed' ? 'passes' : 'crosses'].toArray() as Int32Array;
      for (let i = 0; i < n; i++) values[i] = Math.floor(attempted[i] * (0.5 + rand() * 0.45));
    }
    columns[c] = withNulls(new Int32(), values, valid);
  });
  const dataset: Dataset = {
    meta: { name: 'bench-synthetic', as_of: '2026-01-01', source: 'bench/stats/synthetic.ts', synthetic: true },
    tables: {
      leagues: tableFromRows(
        'leagues',
        Array.from({ length: leagues }, (_, l) => ({
          league_id: l + 1,
          name: `L${l + 1}`,
          tier: 1,
          kind: 'league' as const,
        })),
      ),
      seasons: tableFromRows('seasons', []),
      teams: tableFromRows('teams', []),
      rivalries: undefined,
      players: playersTable,
      player_seasons: new Table(columns),
      fixtures: tableFromRows('fixtures', []),
      appearances: undefined,
    },
  };
  return { dataset, group, cohorts: leagues * seasons * 4 };
}

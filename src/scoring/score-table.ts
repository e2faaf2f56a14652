/**
 * Batch scoring (docs/scoring.md): every player-season of a dataset written back as one Arrow
 * table enriched with what halfspace derives at load — per-90 values, accuracy percentages,
 * cohort percentiles, cohort and sample level, rating (provider or model), age, fee tier and style
 * tags. Pure: a dataset in, a table out.
 */
import { DataType, Float32, Int32, Table, type Vector } from 'apache-arrow';
import { float64VectorOf, ownTable, utf8VectorOf, validityOf, vectorOf } from '../model/arrow.js';
import { COUNTING_COLUMNS, DECIMAL_COLUMNS, POSITION_GROUPS, type Dataset } from '../model/schema.js';
import { ageOn } from '../stats/age.js';
import { intColumn, numberColumn } from '../stats/columns.js';
import { deriveSeasons } from '../stats/derive.js';
import type { DerivedSeasons } from '../stats/derived.js';
import { feeTierOf } from '../stats/fee-tier.js';
import { METRIC_KEYS, type MetricKey } from '../stats/metrics.js';
import { rowLocationOf, type RowLocation } from '../dna/row-location.js';
import { shownStyleOf } from '../dna/clear-role.js';
import { styleTagsOf } from '../dna/tags.js';
import { DNA_DIMS } from '../dna/features.js';
import type { DnaVectors } from '../dna/vectors.js';
import { datasetDnaOf } from '../dna/zone-vectors.js';

/** Options of {@link scoreTableOf}. */
export interface ScoreOptions {
  /** Cohort minutes threshold; default 450 (COHORT_MINUTES_MIN). */
  minutesMin?: number;
  /** Date ages are taken on, `YYYY-MM-DD`; default the dataset's `as_of`. */
  asOf?: string;
  /** Called while rows are assembled with rows done and rows in all; default none. */
  onProgress?: (done: number, total: number) => void;
  /** Called once the derived columns (per-90, percentiles, cohorts, ratings) are done, with their milliseconds; default none. */
  onDerived?: (ms: number) => void;
}

/** Rows between two progress reports. */
const PROGRESS_EVERY_ROWS = 20_000;

/** The metric keys with a value column in the score table (rating has its own columns). */
const VALUE_KEYS = METRIC_KEYS.filter((k): k is Exclude<MetricKey, 'rating'> => k !== 'rating');

/** Column names of the score table, in order (docs/scoring.md#output-columns). */
export const SCORE_COLUMNS: readonly string[] = [
  'player_id',
  'name',
  'known_as',
  'team_id',
  'team',
  'league_id',
  'league',
  'season_id',
  'season',
  'position',
  'position_group',
  'age',
  'fee_tier',
  'appearances',
  'starts',
  'minutes',
  ...COUNTING_COLUMNS,
  ...VALUE_KEYS.flatMap((k) => [k, `${k}_percentile`]),
  'rating',
  'rating_percentile',
  'rating_source',
  'cohort_id',
  'cohort_n',
  'cohort_min_minutes',
  'sample',
  'style_role',
  'style_traits',
  ...Array.from({ length: DNA_DIMS }, (_, k) => `dna_${k + 1}`),
];

/** The counting columns stored as decimals (Float64) rather than whole counts. */
const DECIMAL_SET: ReadonlySet<string> = new Set(DECIMAL_COLUMNS);

/** NaN-as-missing floats → Int32 with a validity mask (percentiles are whole numbers). */
function percentileVector(xs: Float64Array): Vector {
  const out = new Int32Array(xs.length);
  const valid = new Uint8Array(xs.length);
  for (let i = 0; i < xs.length; i++) {
    if (!Number.isNaN(xs[i])) {
      out[i] = xs[i];
      valid[i] = 1;
    }
  }
  return vectorOf(new Int32(), out, valid);
}

/**
 * Slot `k` of every row's DNA vector as a Float32 column, null for rows without a vector. The
 * slot's metric depends on the row's group (STYLE_FEATURES, docs/methodology/dna.md#features).
 */
function dnaSlotVector(dna: DnaVectors, k: number): Vector {
  const xs = new Float32Array(dna.n);
  for (let i = 0; i < dna.n; i++) if (dna.search.hasVector[i]) xs[i] = dna.search.matrix[i * dna.dims + k];
  return vectorOf(new Float32(), xs, dna.search.hasVector);
}

/** Text of a Utf8 column per row (nulls, and every row of a missing column, as null). */
function textColumn(table: Table, name: string): (string | null)[] {
  const values: Iterable<unknown> = table.getChild(name) ?? new Array(table.numRows).fill(null);
  return Array.from(values, (x) => (typeof x === 'string' ? x : null));
}

/** Text of a Utf8 column at `rows` (in that order), decoded once per row of the table. */
function textAt(table: Table, name: string, rows: Int32Array): (string | null)[] {
  const texts = textColumn(table, name);
  return Array.from(rows, (r) => texts[r]);
}

/** Id → name of a table with an id column `key` and a `name` column. */
function nameMap(table: Table, key: string): Map<number, string | null> {
  const ids = intColumn(table, key);
  const names = textColumn(table, 'name');
  const m = new Map<number, string | null>();
  for (let i = 0; i < ids.length; i++) m.set(ids[i], names[i]);
  return m;
}

/** Who each row is: the player's row, position, group, team, league, season, age and fee tier. */
function identityColumnsOf(
  dataset: Dataset,
  derived: DerivedSeasons,
  seasonName: Map<number, string | null>,
  asOf: string,
) {
  const n = derived.n;
  const teamName = nameMap(dataset.tables.teams, 'team_id');
  const leagueName = nameMap(dataset.tables.leagues, 'league_id');
  const players = dataset.tables.players;
  const pIds = intColumn(players, 'player_id');
  const pRow = new Map<number, number>();
  for (let i = 0; i < pIds.length; i++) pRow.set(pIds[i], i);
  const pPosition = textColumn(players, 'position');
  const pBirth = textColumn(players, 'birth_date');
  const pValue = numberColumn(players, 'market_value_eur');
  const out = {
    playerRow: new Int32Array(n),
    team: new Array<string | null>(n),
    league: new Array<string | null>(n),
    season: new Array<string | null>(n),
    position: new Array<string | null>(n),
    group: new Array<string | null>(n),
    age: new Int32Array(n),
    ageValid: new Uint8Array(n),
    feeTier: new Array<string | null>(n),
  };
  const ageCache = new Map<string, number | null>();
  for (let i = 0; i < n; i++) {
    const p = pRow.get(derived.player_id[i])!;
    out.playerRow[i] = p;
    out.position[i] = pPosition[p];
    out.group[i] = POSITION_GROUPS[derived.group[i]];
    out.team[i] = teamName.get(derived.team_id[i]) ?? null;
    out.league[i] = leagueName.get(derived.league_id[i]) ?? null;
    out.season[i] = seasonName.get(derived.season_id[i]) ?? null;
    const birth = pBirth[p];
    if (birth) {
      let a = ageCache.get(birth);
      if (a === undefined) ageCache.set(birth, (a = ageOn(birth, asOf)));
      if (a !== null) {
        out.age[i] = a;
        out.ageValid[i] = 1;
      }
    }
    out.feeTier[i] = Number.isNaN(pValue[p]) ? null : feeTierOf(pValue[p]);
  }
  return out;
}

/** Each row's rating source and cohort: id, size, minutes floor and whether the sample is low. */
function cohortColumnsOf(derived: DerivedSeasons) {
  const n = derived.n;
  const out = {
    ratingSource: new Array<string | null>(n),
    cohortId: new Int32Array(n),
    cohortN: new Int32Array(n),
    cohortMin: new Float64Array(n),
    cohortValid: new Uint8Array(n),
    sample: new Array<string | null>(n),
  };
  for (let i = 0; i < n; i++) {
    out.ratingSource[i] = Number.isNaN(derived.values.rating[i])
      ? null
      : derived.ratingIsProvider[i]
        ? 'provider'
        : 'model';
    const c = derived.cohort[i];
    if (c >= 0) {
      const cohort = derived.cohorts[c];
      out.cohortId[i] = c;
      out.cohortN[i] = cohort.n;
      out.cohortMin[i] = cohort.min_minutes;
      out.cohortValid[i] = 1;
      out.sample[i] = derived.inCohort[i] ? 'ok' : 'low';
    } else {
      out.cohortMin[i] = NaN;
      out.sample[i] = null;
    }
  }
  return out;
}

/** Each row's shown style role and traits; reports progress every PROGRESS_EVERY_ROWS rows. */
function styleColumnsOf(dna: DnaVectors, derived: DerivedSeasons, location: RowLocation | null, options: ScoreOptions) {
  const n = derived.n;
  const role = new Array<string | null>(n);
  const traits = new Array<string | null>(n);
  const traitText = new Map<string, string>();
  for (let i = 0; i < n; i++) {
    // The shown style: a role whose rule did not hold reads "No clear role", as in responses.
    const tags = shownStyleOf(styleTagsOf(dna, derived, i, location));
    role[i] = tags ? tags.primary : null;
    if (tags && tags.traits.length > 0) {
      // Few trait combinations exist; one shared string each instead of one per row.
      const joined = tags.traits.join(', ');
      let shared = traitText.get(joined);
      if (shared === undefined) traitText.set(joined, (shared = joined));
      traits[i] = shared;
    } else traits[i] = null;
    if (options.onProgress && (i + 1) % PROGRESS_EVERY_ROWS === 0) options.onProgress(i + 1, n);
  }
  options.onProgress?.(n, n);
  return { role, traits };
}

/** The counting columns as stored: an Int32 column as it is, decimals as Float64, anything else copied to Int32. */
function addCountingVectors(columns: Record<string, Vector>, ps: Table): void {
  for (const c of COUNTING_COLUMNS) {
    const v = ps.getChild(c)!;
    // An Int32 column is taken as it is: a copy would cost 4 bytes per row per column at peak memory.
    // Decimal columns (xG, PAdj…) are Float64 in the schema and stay so.
    columns[c] = DECIMAL_SET.has(c)
      ? float64VectorOf(numberColumn(ps, c))
      : DataType.isInt(v.type) && v.type.bitWidth === 32 && v.type.isSigned
        ? v
        : vectorOf(new Int32(), intColumn(ps, c), validityOf(v));
  }
}

/** Every metric's value and whole-number percentile; the Float64 ranks are let go as they are converted. */
function addMetricVectors(columns: Record<string, Vector>, derived: DerivedSeasons): void {
  for (const k of VALUE_KEYS) {
    columns[k] = float64VectorOf(derived.values[k]);
    columns[`${k}_percentile`] = percentileVector(derived.percentiles[k]);
    Reflect.deleteProperty(derived.percentiles, k);
  }
  columns.rating = float64VectorOf(derived.values.rating);
  columns.rating_percentile = percentileVector(derived.percentiles.rating);
}

/** The documented columns in SCORE_COLUMNS order, then the provider metrics. */
function orderedColumnsOf(columns: Record<string, Vector>, derived: DerivedSeasons): Record<string, Vector> {
  const ordered: Record<string, Vector> = Object.fromEntries(SCORE_COLUMNS.map((c) => [c, columns[c]]));
  // Provider metrics come last, so the documented columns keep their positions (docs/scoring.md#provider-metrics).
  for (const m of derived.provider ?? []) {
    ordered[m.key] = float64VectorOf(m.totals);
    ordered[`${m.key}_per90`] = float64VectorOf(m.per90);
    ordered[`${m.key}_per90_percentile`] = percentileVector(m.percentiles);
  }
  return ordered;
}

/**
 * Scores every `player_seasons` row of `dataset`, in table order, into one Arrow table with the
 * columns of {@link SCORE_COLUMNS}, values as the engine gives them (docs/scoring.md#output-columns).
 * Throws HalfspaceError `invalid_request` for a bad `minutesMin`.
 * @example scoreTableOf(engineDataset).getChild('goals_per90')?.get(0) // => 0.9
 */
export function scoreTableOf(dataset: Dataset, options: ScoreOptions = {}): Table {
  const started = performance.now();
  const derived = deriveSeasons(dataset, { minutesMin: options.minutesMin });
  options.onDerived?.(performance.now() - started);
  const ps = ownTable(dataset.tables.player_seasons);
  const players = dataset.tables.players;
  const seasonName = nameMap(dataset.tables.seasons, 'season_id');
  const dna = datasetDnaOf(derived, dataset.tables.player_zones, { seasonKeyOf: (id) => seasonName.get(id) ?? id });
  const who = identityColumnsOf(dataset, derived, seasonName, options.asOf ?? dataset.meta.as_of);
  const cohort = cohortColumnsOf(derived);
  const style = styleColumnsOf(dna, derived, rowLocationOf(derived, dataset.tables.player_zones), options);
  const columns: Record<string, Vector> = {
    player_id: vectorOf(new Int32(), derived.player_id),
    name: utf8VectorOf(textAt(players, 'name', who.playerRow)),
    known_as: utf8VectorOf(textAt(players, 'known_as', who.playerRow)),
    team_id: vectorOf(new Int32(), derived.team_id),
    team: utf8VectorOf(who.team),
    league_id: vectorOf(new Int32(), derived.league_id),
    league: utf8VectorOf(who.league),
    season_id: vectorOf(new Int32(), derived.season_id),
    season: utf8VectorOf(who.season),
    position: utf8VectorOf(who.position),
    position_group: utf8VectorOf(who.group),
    age: vectorOf(new Int32(), who.age, who.ageValid),
    fee_tier: utf8VectorOf(who.feeTier),
    appearances: vectorOf(new Int32(), derived.appearances),
    starts: ps.getChild('starts')!,
    minutes: float64VectorOf(derived.minutes),
  };
  addCountingVectors(columns, ps);
  addMetricVectors(columns, derived);
  columns.rating_source = utf8VectorOf(cohort.ratingSource);
  columns.cohort_id = vectorOf(new Int32(), cohort.cohortId, cohort.cohortValid);
  columns.cohort_n = vectorOf(new Int32(), cohort.cohortN, cohort.cohortValid);
  columns.cohort_min_minutes = float64VectorOf(cohort.cohortMin);
  columns.sample = utf8VectorOf(cohort.sample);
  columns.style_role = utf8VectorOf(style.role);
  columns.style_traits = utf8VectorOf(style.traits);
  for (let k = 0; k < DNA_DIMS; k++) columns[`dna_${k + 1}`] = dnaSlotVector(dna, k);
  return new Table(orderedColumnsOf(columns, derived));
}

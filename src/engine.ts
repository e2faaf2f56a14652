/**
 * @module The in-process facade: one object over one loaded dataset. Every operation returns a
 * Result (expected failures are values); the dataset is validated and the derived columns are
 * computed at open, except percentiles and ratings, which are ranked cohort by cohort on first use
 * (docs/methodology/stats.md#implementation-and-performance).
 */
import type {
  EngineContext,
  LeagueRow,
  PlayerRow,
  PlayerSeasonRow,
  SeasonRow,
  StyleSummary,
  TeamRow,
} from './context.js';
import { datasetFromPath } from './io/dataset-from-path.js';
import { bundledDatasetFromDir, withAddedColumns } from './io/load.js';
import { demoDatasetDir } from './io/paths.js';
import { isTableName, rowsOf, rowsPickedOf, type Dataset } from './model/schema.js';
import { validateDataset } from './model/validate.js';
import { resolvePlayer, type IdentityIndex, type PlayerQuery, type ResolvedPlayer } from './identity/resolve.js';
import { buildIdentityIndex, PLAYER_INPUT_COLUMNS } from './identity/name-index.js';
import { RowsById } from './model/rows-by-id.js';
import { ageOn } from './stats/age.js';
import { deriveSeasons } from './stats/derive.js';
import { PlayerRows } from './stats/player-rows.js';
import { lastPlayedOf } from './stats/last-played.js';
import type { DerivedSeasons } from './stats/derived.js';
import { dnaVectorsOf, type DnaVectors } from './dna/vectors.js';
import { datasetDnaOf } from './dna/zone-vectors.js';
import { shownStyleOf } from './dna/clear-role.js';
import { styleTagsOf } from './dna/tags.js';
import { rowLocationOf, type RowLocation } from './dna/row-location.js';
import type { Result } from './errors.js';
import {
  installOperationMethods,
  parsedOperationsOf,
  type OperationMethods,
  type ParsedOperations,
} from './operation-registry.js';

export interface OpenOptions {
  /** `'demo'` (the bundled synthetic universe), a dataset folder (Arrow or CSV), a season table (`.csv`, `.parquet`), or an in-memory dataset (validated). */
  dataset: 'demo' | string | Dataset;
  /** Clock for relative questions; default: the dataset's as-of date at 12:00 UTC. */
  clock?: () => Date;
  /** Cohort minutes threshold; default 450 (docs/methodology/stats.md#cohorts). */
  minutesMin?: number;
}

/** One loaded dataset with every derived column computed; the entry point of the library. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: the interface below types the registry's operations, which installOperationMethods defines on the prototype (test/operation-registry.test.ts checks each)
export class Engine implements EngineContext {
  readonly dataset: Dataset;
  readonly derived: DerivedSeasons;
  readonly asOf: string;
  private identityIndex: IdentityIndex | undefined;
  /** Built on first use: a question that needs no DNA never pays for it. */
  private dnaVectors: DnaVectors | undefined;
  /** The stats-only vectors, one group × season at a time: a style tag needs only its row's. */
  private statsDnaCache: DnaVectors | undefined;
  /** DNA z-scores pool a group's rows across leagues by season name (docs/methodology/dna.md#vectors). */
  private readonly seasonKeyOf = (id: number): string | number => this.seasonById(id)?.name ?? id;
  private readonly clock: () => Date;
  /** The `players` rows, read whole by the first question about every player. */
  private playerList: PlayerRow[] | undefined;
  /** Single `players` rows read before the whole table was: a question about one player reads his. */
  private readonly playerRowsRead: (PlayerRow | undefined)[] = [];
  /** Clubs and leagues by id, read whole on the first question about one. */
  private readonly teamMap: RowsById<'teams'>;
  private readonly leagueMap: RowsById<'leagues'>;
  /** Seasons by id, read whole on the first question: DNA reads every one of them. */
  private seasonRows: Map<number, SeasonRow> | undefined;
  /** Each player's rows, put in career order when he is first asked for. */
  private readonly playerRows: PlayerRows;
  /** Recorded player_seasons rows, built on first use (most operations only need the derived columns). */
  private readonly playerSeasons: (PlayerSeasonRow | undefined)[];
  private readonly styles: (StyleSummary | null | undefined)[];
  /**
   * The operations below on requests already parsed by their schema (`parsed.dnaSearch(req)` …):
   * the same answers without parsing again. The service parses each body once and calls these.
   */
  readonly parsed: ParsedOperations;

  /** Player, club and league names normalised for lookups, built whole by the first lookup from the columns it reads. */
  get identity(): IdentityIndex {
    this.identityIndex ??= buildIdentityIndex(
      rowsPickedOf(this.dataset.tables.players, 'players', PLAYER_INPUT_COLUMNS),
      this.teamMap.all(),
      this.leagueMap.all(),
    );
    return this.identityIndex;
  }

  private constructor(dataset: Dataset, options: OpenOptions) {
    this.dataset = dataset;
    this.asOf = dataset.meta.as_of;
    const asOfNoon = new Date(`${this.asOf}T12:00:00Z`);
    this.clock = options.clock ?? (() => asOfNoon);
    this.teamMap = new RowsById(() => dataset.tables.teams, 'teams', 'team_id');
    this.leagueMap = new RowsById(() => dataset.tables.leagues, 'leagues', 'league_id');
    this.derived = deriveSeasons(dataset, { minutesMin: options.minutesMin });
    const lastPlayed = lastPlayedOf(dataset.tables);
    const d = this.derived;
    this.playerRows = new PlayerRows(
      d,
      (id) => this.seasonById(id)?.start_date ?? '',
      (row) => lastPlayed(d.player_id[row], d.team_id[row], d.season_id[row]),
    );
    this.styles = new Array(this.derived.n);
    this.playerSeasons = new Array(this.derived.n);
    this.parsed = parsedOperationsOf(this);
  }

  /**
   * Opens a dataset: loads and validates it, then derives per-90 values and cohorts;
   * percentiles, ratings, DNA vectors, style tags and the name index follow on first use
   * (docs/design.md#opening-a-dataset). Throws DatasetError for a bad dataset.
   * @example Engine.open({ dataset: 'demo' }).asOf // => '2026-03-04'
   */
  static open(options: OpenOptions): Engine {
    const source = options.dataset;
    let dataset: Dataset;
    if (typeof source === 'string') {
      // Any path `halfspace score` reads: a dataset folder (Arrow or CSV) or a season table (docs/scoring.md#formats).
      dataset = source === 'demo' ? bundledDatasetFromDir(demoDatasetDir()) : datasetFromPath(source).dataset;
    } else {
      // Tables built before the event-value columns existed get them as null, as a folder does.
      const tables = Object.fromEntries(
        Object.entries(source.tables).map(([name, table]) => [
          name,
          table && isTableName(name) ? withAddedColumns(name, table) : table,
        ]),
      );
      // cast: Object.fromEntries loses the per-table keys; validateDataset below checks every table.
      dataset = { meta: source.meta, tables: tables as Dataset['tables'] };
      validateDataset(dataset, { source: 'memory' });
    }
    return new Engine(dataset, options);
  }

  /**
   * DNA vector of every derived row (docs/design.md#dna-and-similarity); z-scores within group ×
   * season name across leagues. Built on first use: a question that needs no DNA never pays for it.
   */
  get dna(): DnaVectors {
    this.dnaVectors ??= datasetDnaOf(
      this.derived,
      this.dataset.tables.player_zones,
      { seasonKeyOf: this.seasonKeyOf },
      this.statsDna,
    );
    return this.dnaVectors;
  }

  /** The stats-only DNA vectors, which style tags read, built on first use. */
  private get statsDna(): DnaVectors {
    this.statsDnaCache ??= dnaVectorsOf(this.derived, { seasonKeyOf: this.seasonKeyOf });
    return this.statsDnaCache;
  }

  /** All players, in table order (read whole on first use). */
  get players(): readonly PlayerRow[] {
    this.playerList ??= rowsOf(this.dataset.tables.players, 'players');
    return this.playerList;
  }

  now(): Date {
    return this.clock();
  }

  playerById(id: number): PlayerRow | undefined {
    const entry = this.identity.playerById.get(id);
    if (!entry) return undefined;
    if (this.playerList) return this.playerList[entry.row];
    this.playerRowsRead[entry.row] ??= rowsOf(this.dataset.tables.players, 'players', entry.row, entry.row + 1)[0];
    return this.playerRowsRead[entry.row];
  }
  teamById(id: number): TeamRow | undefined {
    return this.teamMap.get(id);
  }
  leagueById(id: number): LeagueRow | undefined {
    return this.leagueMap.get(id);
  }
  seasonById(id: number): SeasonRow | undefined {
    this.seasonRows ??= new Map(rowsOf(this.dataset.tables.seasons, 'seasons').map((s) => [s.season_id, s]));
    return this.seasonRows.get(id);
  }
  playerSeasonAt(row: number): PlayerSeasonRow {
    let record = this.playerSeasons[row];
    if (record === undefined) {
      const table = this.dataset.tables.player_seasons;
      const out: Record<string, unknown> = {};
      for (const field of table.schema.fields) out[field.name] = table.getChild(field.name)!.get(row) ?? null;
      // cast: `out` holds every column of the player_seasons schema, which is what PlayerSeasonRow is typed from.
      this.playerSeasons[row] = record = out as PlayerSeasonRow;
    }
    return record;
  }
  rowsOfPlayer(id: number): readonly number[] {
    return this.playerRows.of(id);
  }
  latestRowOf(id: number): number {
    const rows = this.playerRows.of(id);
    if (rows.length === 0) return -1;
    // The club he played for last in his latest club season stands for him (DNA, verdicts, Best XI), not a tournament of a few
    // matches played after it (docs/methodology/wyscout.md#several-competitions).
    for (let i = rows.length - 1; i >= 0; i--)
      if (this.leagueMap.get(this.derived.league_id[rows[i]])?.kind !== 'international') return rows[i];
    return rows[rows.length - 1];
  }
  ageOf(player: PlayerRow): number | null {
    return player.birth_date ? ageOn(player.birth_date, this.now()) : null;
  }

  /** Resolves a player by id or name (+ team hint); see docs/guide.md#naming-a-player. */
  resolvePlayer(query: PlayerQuery): Result<ResolvedPlayer> {
    return resolvePlayer(this.identity, query);
  }

  /** Where each row's player plays, for the style tags (null without zone counts), computed on first use. */
  private get rowLocation(): RowLocation | null {
    if (this.rowLocationCache === undefined)
      this.rowLocationCache = rowLocationOf(this.derived, this.dataset.tables.player_zones);
    return this.rowLocationCache;
  }
  private rowLocationCache: RowLocation | null | undefined = undefined;

  /** Style tags of a derived row, computed on first use and kept. */
  styleOf(row: number): StyleSummary | null {
    let tags = this.styles[row];
    if (tags === undefined)
      this.styles[row] = tags = shownStyleOf(styleTagsOf(this.statsDna, this.derived, row, this.rowLocation));
    return tags;
  }
}

/**
 * The operations (`engine.scouting(request)` …), derived from the registry (src/operation-registry.ts):
 * each parses its request with its line's schema and runs it; a new operation needs no edit here.
 */
export interface Engine extends OperationMethods {}
installOperationMethods(Engine.prototype);

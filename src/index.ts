/**
 * @module halfspace — an embeddable football-intelligence engine over Apache Arrow tables.
 * The pure library surface: no HTTP, CLI or store drivers (those live behind subpath exports).
 */
export * from './errors.js';
export { Engine, type OpenOptions } from './engine.js';
export type { EngineContext, PlayerRow, TeamRow, LeagueRow, SeasonRow, StyleSummary } from './context.js';
export * from './model/schema.js';
export { datasetFromDir } from './io/load.js';
export { datasetFromPath, type PathDataset, type PathFormat, type PathOptions } from './io/dataset-from-path.js';
export { datasetToDir } from './io/save.js';
export {
  generateDemo,
  generateDemoWithReport,
  DEFAULT_SEED as DEMO_DEFAULT_SEED,
  type DemoOptions,
  type DemoGeneration,
} from './demo/index.js';
export { validateDataset, MAX_MINUTES_PER_APPEARANCE, type ValidateOptions } from './model/validate.js';
export {
  datasetFromCsvDir,
  datasetToCsvDir,
  tableFromCsv,
  tableToCsv,
  csvFileOf,
} from './providers/csv/index.js';
export { DatasetError } from './model/dataset-error.js';
export { datasetFromStatsBomb, STATSBOMB_COVERAGE, type StatsBombOptions } from './providers/statsbomb/index.js';
export {
  datasetFromWyscout,
  wyscoutIngest,
  wyscoutIngestMany,
  competitionsIn,
  LEAGUE_TIERS,
  leagueTierOf,
  WYSCOUT_ATTRIBUTION,
  WYSCOUT_COVERAGE,
  type CompetitionReport,
  type WyscoutManyOptions,
  type WyscoutOptions,
  type WyscoutReport,
} from './providers/wyscout/index.js';
export { feedFileOf, feedFilesOf, FEED_FORMATS, type FeedFile, type FeedFormat } from './providers/feed-format.js';
export {
  datasetFromOptaMatches,
  optaMatchesFromFiles,
  type OptaFiles,
  type OptaIngest,
  type OptaMatch,
  type OptaMatchReport,
} from './providers/opta/index.js';
export { datasetFromSportecFiles, sportecMatchesFromFiles } from './providers/sportec/index.js';
export { datasetFromDataFactoryFiles, dataFactoryMatchesFromFiles } from './providers/datafactory/index.js';
export {
  datasetFromMetricaMatches,
  metricaMatchesFromFiles,
  type MetricaIngest,
  type MetricaMatch,
  type MetricaMatchReport,
} from './providers/metrica/index.js';
export { mergeDatasets, idSpaceOf, NAMESPACE_STRIDE, type MergeInput, type MergeOptions } from './merge/merge.js';
export {
  enrichPlayers,
  enrichTeams,
  VALUE_TARGETS,
  TEAM_TARGETS,
  type EnrichReport,
  type EnrichRecord,
} from './identity/enrich.js';
export { enrichRecordsOf, mapOf } from './io/enrich-file.js';
export {
  datasetFromSeasonCsv,
  SEASON_CSV_REQUIRED,
  SEASON_CSV_OPTIONAL,
  type SeasonCsvOptions,
  datasetFromSeasonFile,
  seasonRows,
  type HeaderMap,
  type SeasonFile,
  type SeasonFileOptions,
  type SeasonRows,
} from './io/season-csv.js';
export { tableToCsvFile, tableToJsonlFile, type TableWriteOptions } from './io/csv/table-csv.js';
export {
  tableToFile,
  tableFromFile,
  tableFormatOf,
  TABLE_FORMATS,
  type TableFormat,
} from './io/table-file.js';
export {
  tableFromParquet,
  tableFromParquetFile,
  tableToParquetFile,
  recordsOfTable,
} from './io/parquet.js';
export { readCsvFile, type CsvFileInfo, type CsvFileOptions } from './io/csv/stream.js';
export { TEXT_ENCODINGS, type TextEncoding } from './io/csv/encoding.js';
export { CSV_DELIMITERS, delimiterOfHeader, type CsvDelimiter } from './io/csv/delimiter.js';
export { scoreTableOf, SCORE_COLUMNS, type ScoreOptions } from './scoring/score-table.js';
export * from './dna/index.js';
export {
  METRIC_KEYS,
  METRICS,
  GROUP_METRICS,
  CARD_TRIPLET,
  DEFAULT_CARD_STATS,
  isMetricKey,
  type MetricKey,
} from './stats/metrics.js';
export type { DerivedSeasons, Cohort } from './stats/derived.js';
export { deriveSeasons, type DeriveOptions } from './stats/derive.js';
export { per90, PER90_MINUTES_MIN } from './stats/per90.js';
export { accuracyPct } from './stats/accuracy.js';
export {
  percentile,
  percentileSorted,
  percentileFromCounts,
  orientPercentile,
  labelOf,
  ordinal,
  ordinalOf,
  topPercentile,
  ELITE_MIN,
  STRONG_MIN,
  AVERAGE_MIN,
  BELOW_AVERAGE_MIN,
  PERCENTILE_LABELS,
  type PercentileLabel,
} from './stats/percentiles.js';
export { assignCohorts, COHORT_MINUTES_MIN } from './stats/cohorts.js';
export {
  modelRating,
  ratingComposite,
  ratingFromScore,
  ratingScore,
  normalScoreOf,
  ratingShareOf,
  RATING_WEIGHTS,
  MODEL_RATING_MIN,
  MODEL_RATING_MAX,
} from './stats/rating.js';
export {
  FEE_TIERS,
  feeTierOf,
  feeTierRank,
  isFeeTier,
  FEE_T2_MIN_EUR,
  FEE_T3_MIN_EUR,
  FEE_T4_MIN_EUR,
  FEE_T4_MAX_EUR,
  type FeeTier,
} from './stats/fee-tier.js';
export { ageOn } from './stats/age.js';
export { PlayerRequest, ScoutingRequest, PlayerIdentity } from './reports/requests.js';
export type { PlayerResponse } from './reports/player.js';
export type { ScoutingResponse } from './reports/scouting.js';
export { VerdictRequest, type VerdictResponse } from './verdict/verdict.js';
export { VERDICT_CODES, type VerdictCode } from './verdict/rules.js';
export { BestXiPoolRequest, type BestXiPoolResponse } from './bestxi/pool.js';
export { BestXiLineupRequest, type BestXiLineupResponse } from './bestxi/lineup.js';
export { vibeCatalog, type Vibe } from './bestxi/vibes.js';
export { buildIdentityIndex } from './identity/name-index.js';
export type { MatchedBy, Resolution } from './identity/name-match.js';
export {
  resolvePlayer,
  resolveTeam,
  resolveLeague,
  type IdentityIndex,
  type ResolvedPlayer,
  type ResolvedTeam,
  type ResolvedLeague,
  type PlayerCandidate,
  type TeamCandidate,
  type LeagueCandidate,
} from './identity/resolve.js';
export { normalizeName } from './identity/names.js';
export {
  MatchIntelligenceRequest,
  MATCH_LIMIT_MAX,
  type MatchIntelligenceResponse,
} from './matches/match-intelligence.js';
export type { MatchItem } from './matches/match-item.js';
export { leagueTable, type TableEntry } from './matches/standings.js';
export {
  StandingsRequest,
  TIE_BREAK,
  asOfCutoffMs,
  type StandingsResponse,
  type StandingsRow,
} from './matches/standings-request.js';
export { SIGNAL_CODES, type SignalCode, type SignalItem } from './matches/signals.js';
export {
  CardRequest,
  CardPromptRequest,
  CardStyle,
  HdStyle,
  isHdStyle,
} from './cards/request.js';
export { CARD_SIZES, CARD_STYLES, SYNC_STYLES, HD_STYLES } from './cards/styles.js';
export {
  DEFAULT_WATERMARK,
  layoutOf,
  renderCard,
  watermarkTextOf,
  contentHashOf,
  type CardOptions,
  type CardResult,
  type CardPlayer,
} from './cards/card.js';
export { cardFactsOf, type CardFacts, type CardMetric } from './cards/facts.js';
export { CARD_VERDICT_CODES, type CardVerdict, type CardVerdictCode } from './cards/verdict-line.js';
export { EVENT_TYPES, angleOf, type EventType, type DecisionAngle } from './cards/angle.js';
export { CAPTION_MAX_GRAPHEMES, graphemeCount, captionProblemOf } from './cards/text.js';
export { photoOf, PHOTO_MAX_BYTES, type CardPhoto } from './cards/photo.js';
export { renderLayout, layoutToSvg, svgToPng, type RenderedPng } from './cards/render.js';
export { createRenderPool, defaultRenderWorkers, type RenderPool, type RenderTask } from './cards/render-pool.js';
export { div, img, type LayoutNode } from './cards/layout-tree.js';
export {
  composeCardPrompt,
  neutraliseTake,
  USER_TAKE_OPEN,
  USER_TAKE_CLOSE,
  ATTRIBUTION_LINE,
  type CardPrompt,
} from './prompt/compose.js';
export { SAFETY_INSTRUCTIONS } from './prompt/safety.js';
export type { CardPromptResult } from './prompt/card-prompt.js';
export { ColumnMap, POSITION_WORDS, positionCodeOf, type ColumnMapInput } from './providers/csv/column-map.js';
export {
  mappedExportOf,
  type ExportFile,
  type MapReport,
  type MappedExport,
} from './providers/csv/mapped-export.js';
export { datasetFromExport, type ExportOptions } from './providers/csv/export-dataset.js';
export { columnMapOf, columnMapFromJson, COLUMN_MAP_PRESETS } from './providers/csv/column-map-presets.js';
export {
  withProviderMetrics,
  providerMetricsOf,
  providerMetricKeyProblem,
  type ProviderMetricColumn,
} from './model/provider-metrics.js';
export type { ProviderDerived } from './stats/derived.js';

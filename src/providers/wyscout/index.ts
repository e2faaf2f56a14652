/** @module The Wyscout v2 adapter: a Wyscout competition season (public dataset or API match files) in, a halfspace dataset out. */
export { datasetFromWyscout, wyscoutIngest, type WyscoutOptions } from './dataset.js';
export { WYSCOUT_ATTRIBUTION, WYSCOUT_COVERAGE, type WyscoutReport } from './coverage.js';
export {
  competitionsIn,
  wyscoutIngestMany,
  type CompetitionReport,
  type WyscoutManyOptions,
} from './competitions.js';
export { LEAGUE_TIERS, leagueTierOf } from './league-tiers.js';

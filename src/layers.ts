/**
 * The layer map (docs/design.md#where-code-lives): which part of `src/` may import which. Plain data, imported at run time
 * by nothing in `src/`; `test/architecture.test.ts` enforces it and `test/contributing.test.ts`
 * checks that the table in `docs/contributing.md` lists the same layers.
 */

/** One layer: a rank and the source paths it holds. */
interface Layer {
  /** A file may import files of equal or lower rank only (type-only imports are exempt). */
  rank: number;
  /** Paths under `src/`: a folder ends in `/`, anything else is one file. */
  paths: readonly string[];
  /** What lives there, in a few words. */
  holds: string;
}

/** Every layer of `src/`, lowest first; a path not listed here ranks with the top layer. */
export const LAYERS: readonly Layer[] = [
  {
    rank: 0,
    paths: ['errors.ts', 'validation.ts', 'context.ts', 'prose.ts'],
    holds: 'errors, validation helpers, context, English for generated text',
  },
  { rank: 0.5, paths: ['event-models/'], holds: 'event models: xG and xT (pure)' },
  { rank: 1, paths: ['model/'], holds: 'the dataset model: schema, validation, metadata, positions (pure)' },
  { rank: 1.1, paths: ['merge/'], holds: 'merging datasets of any provider into one (pure)' },
  { rank: 1.25, paths: ['identity/'], holds: 'names, player, team and league resolution, enrich joins (pure)' },
  {
    rank: 1.5,
    paths: ['io/'],
    holds: 'files: Arrow, CSV, Parquet and JSON lines readers and writers, datasetFromPath',
  },
  {
    rank: 1.75,
    paths: ['providers/', 'demo/'],
    holds: 'vendor ingest (StatsBomb, Wyscout, CSV exports), the demo generator',
  },
  { rank: 2, paths: ['stats/'], holds: 'per-90, cohorts, percentiles, ratings (pure)' },
  { rank: 3, paths: ['dna/'], holds: 'style vectors, tags, similarity, search (pure)' },
  { rank: 4, paths: ['verdict/', 'matches/', 'bestxi/'], holds: 'verdicts, match intelligence, Best XI (pure)' },
  { rank: 4.5, paths: ['scoring/'], holds: 'batch scoring: the derived columns of every player-season' },
  { rank: 5, paths: ['reports/'], holds: 'player, scouting and comparison reports' },
  { rank: 6, paths: ['cards/', 'prompt/'], holds: 'card rendering, image prompts' },
  { rank: 7, paths: ['engine.ts', 'operation-registry.ts'], holds: 'the in-process facade and the operation registry' },
  { rank: 7.5, paths: ['index.ts'], holds: 'public exports' },
  { rank: 7.7, paths: ['service/photos/'], holds: 'card photos: URL and address checks, the fetch adapter' },
  { rank: 7.8, paths: ['service/contract/'], holds: 'the API contract: operation table, schemas, errors, OpenAPI' },
  {
    rank: 7.9,
    paths: ['service/pages/'],
    holds: 'the /docs and /console pages and their example requests (pure HTML builders)',
  },
  {
    rank: 8,
    paths: ['service/', 'store/ports.ts'],
    holds: 'the request pipeline, billing, admin, jobs; store interfaces',
  },
  { rank: 9, paths: ['store/'], holds: 'store drivers: memory, SQLite, PostgreSQL' },
  { rank: 10, paths: ['http/', 'cli/', 'mcp/', 'client/'], holds: 'adapters: HTTP, CLI, MCP, typed client' },
];

/** Rank of the top layer: paths no layer lists rank here. */
const TOP_RANK = 10;

/**
 * The rank of a source path relative to `src/` (forward slashes): the most specific layer path
 * that matches it wins, so `store/ports.ts` ranks 8 although `store/` ranks 9.
 * @example layerRankOf('stats/per90.ts') // => 2
 * @example layerRankOf('store/ports.ts') // => 8
 */
export function layerRankOf(rel: string): number {
  let best = { length: -1, rank: TOP_RANK };
  for (const layer of LAYERS) {
    for (const p of layer.paths) {
      const hit = p.endsWith('/') ? rel.startsWith(p) : rel === p;
      if (hit && p.length > best.length) best = { length: p.length, rank: layer.rank };
    }
  }
  return best.rank;
}

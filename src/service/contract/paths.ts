/**
 * @module The HTTP path of every routed engine operation, keyed by its registry name
 * (src/operation-registry.ts). The route table reads its paths here and the typed client derives
 * one method per entry from it, so this small table (no dependency) is the one place a path is
 * spelled. An operation absent here has no HTTP route.
 */
import type { EngineOperationName } from '../../operation-registry.js';

/** Path of each routed engine operation, relative to the base address. */
export const ROUTE_PATHS = {
  player: '/api/v1/intelligence/player',
  scouting: '/api/v1/intelligence/scouting',
  dnaSearch: '/api/v1/intelligence/dna-search',
  alternatives: '/api/v1/alternatives',
  matchIntelligence: '/api/v1/match-intelligence',
  verdict: '/api/v1/verdict',
  card: '/api/v1/cards',
  cardPrompt: '/api/v1/cards/prompt',
  bestXiPool: '/api/v1/best-xi/pool',
  bestXiLineup: '/api/v1/best-xi/lineup',
  bestXiPick: '/api/v1/best-xi/pick',
} as const satisfies Partial<Record<EngineOperationName, `/api/v1/${string}`>>;

/** The registry name of an operation the HTTP API serves. */
export type RoutedOperationName = keyof typeof ROUTE_PATHS;

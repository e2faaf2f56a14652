/**
 * @module The engine's operations on requests already parsed by their zod schema
 * (`Engine.parsed`): what the service calls after parsing each body once, so no request is
 * validated twice. Each answers as the Engine method of the same name does for the same request.
 */
import type { z } from 'zod';
import type { BestXiLineupRequest, BestXiLineupResponse } from './bestxi/lineup.js';
import type { BestXiPoolRequest, BestXiPoolResponse } from './bestxi/pool.js';
import type { CardOptions, CardResult } from './cards/card.js';
import type { CardPromptRequest, CardRequest } from './cards/request.js';
import type { AlternativesRequest, AlternativesResponse } from './dna/alternatives.js';
import type { DnaSearchRequest, DnaSearchResponse } from './dna/search-request.js';
import type { Failure, Result } from './errors.js';
import type { MatchIntelligenceRequest, MatchIntelligenceResponse } from './matches/match-intelligence.js';
import type { CardPromptResult } from './prompt/card-prompt.js';
import type { PlayerResponse } from './reports/player.js';
import type { PlayerRequest, ScoutingRequest } from './reports/requests.js';
import type { ScoutingResponse } from './reports/scouting.js';
import type { VerdictRequest, VerdictResponse } from './verdict/verdict.js';

/** The engine operations on parsed requests; a request type is what its schema's `parse` returns. */
export interface ParsedOperations {
  player(request: z.output<typeof PlayerRequest>, options?: { narrative?: boolean }): Result<PlayerResponse>;
  scouting(request: z.output<typeof ScoutingRequest>): Result<ScoutingResponse>;
  dnaSearch(request: z.output<typeof DnaSearchRequest>): Result<DnaSearchResponse>;
  alternatives(request: z.output<typeof AlternativesRequest>): Result<AlternativesResponse>;
  verdict(request: z.output<typeof VerdictRequest>): Result<VerdictResponse>;
  bestXiPool(request: z.output<typeof BestXiPoolRequest>): Result<BestXiPoolResponse>;
  bestXiLineup(request: z.output<typeof BestXiLineupRequest>): Result<BestXiLineupResponse>;
  matchIntelligence(request: z.output<typeof MatchIntelligenceRequest>): Result<MatchIntelligenceResponse>;
  card(request: z.output<typeof CardRequest>, options?: Omit<CardOptions, 'verdictOf'>): Promise<Result<CardResult>>;
  /** The checks of {@link card} that need the dataset (player, stats, hero_stat), without rendering: the failure, or null. */
  cardCheck(request: z.output<typeof CardRequest>): Failure | null;
  cardPrompt(request: z.output<typeof CardPromptRequest>): Result<CardPromptResult>;
}

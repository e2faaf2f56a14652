/** @module POST /api/v1/match-intelligence (docs/design.md#op-match-intelligence, beta): request body and response. */
import { MatchIntelligenceRequest, MatchIntelligenceResponse } from '../../../matches/match-intelligence.js';

/** The response is the engine's answer schema: what the route documents is the type the engine returns. */
export { MatchIntelligenceRequest, MatchIntelligenceResponse };

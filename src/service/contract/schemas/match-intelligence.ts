/** @module POST /api/v1/match-intelligence (docs/design.md#op-match-intelligence, beta): request body and response. */
import { z } from 'zod';
import { MatchIntelligenceRequest } from '../../../matches/match-intelligence.js';

export { MatchIntelligenceRequest };

/** Match intelligence response (docs/design.md#op-match-intelligence, docs/design.md#match-intelligence): fixtures with derby kind, tier and headline signals. */
export const MatchIntelligenceResponse = z
  .object({
    matches: z.array(
      z
        .object({
          fixture_id: z.number().int(),
          kickoff_utc: z.string(),
          status: z.string(),
          home: z.object({ team_id: z.number().int(), name: z.string(), score: z.number().nullable() }),
          away: z.object({ team_id: z.number().int(), name: z.string(), score: z.number().nullable() }),
          signals: z
            .object({
              derby_kind: z.string().nullable(),
              competition_tier: z
                .string()
                .regex(/^(top_flight|second_tier|tier_\d+|cup|international)$/)
                .describe('top_flight, second_tier, tier_<n>, cup or international'),
              headline: z.string(),
            })
            .loose(),
        })
        .loose(),
    ),
    meta: z.object({ as_of: z.string() }).loose(),
  })
  .loose();
export type MatchIntelligenceResponse = z.infer<typeof MatchIntelligenceResponse>;

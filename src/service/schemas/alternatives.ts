/** @module POST /api/v1/alternatives (SPEC §4.5, beta): request body and response. */
import { z } from 'zod';
import { AlternativesRequest } from '../../dna/alternatives.js';
import { ResponseMeta } from './common.js';

export { AlternativesRequest };

/** Alternatives response: hybrid DNA alternatives (or the fallback), fee tiers, never EUR values. */
export const AlternativesResponse = z
  .object({
    data: z
      .object({
        mode: z.enum(['dna_hybrid', 'fallback']),
        source: z.object({ player_id: z.number().int(), style_tags: z.array(z.string()) }).loose(),
        results: z.array(
          z
            .object({
              player: z
                .object({
                  player_id: z.number().int(),
                  fee_tier: z.string().nullable(),
                  market_value_eur: z.never().optional(),
                })
                .loose(),
              recall_source: z.enum(['dna', 'league_peer', 'position_band']),
            })
            .loose(),
        ),
        limit: z.number().int(),
      })
      .loose(),
    summary: z.string(),
    meta: ResponseMeta,
  })
  .strict();
export type AlternativesResponse = z.infer<typeof AlternativesResponse>;

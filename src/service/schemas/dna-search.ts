/** @module POST /api/v1/intelligence/dna-search (SPEC §4.4): request body and response. */
import { z } from 'zod';
import { DnaSearchRequest } from '../../dna/search-request.js';
import { ResponseMeta } from './common.js';

export { DnaSearchRequest };

/** DNA search response: similar players with similarity, match and band; fee tiers, never EUR values. */
export const DnaSearchResponse = z
  .object({
    data: z
      .object({
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
              similarity: z.number().min(0).max(1),
              match: z.number(),
            })
            .loose(),
        ),
        filters: z.object({ position_group: z.string() }).loose(),
        limit: z.number().int(),
      })
      .loose(),
    summary: z.string(),
    meta: ResponseMeta,
  })
  .strict();
export type DnaSearchResponse = z.infer<typeof DnaSearchResponse>;

/** @module POST /api/v1/intelligence/dna-search (docs/design.md#op-dna-search): request body and response. */
import { z } from 'zod';
import { DnaSearchRequest } from '../../../dna/search-request.js';
import { answerOf } from './common.js';
import { DnaResultPlayer, DnaSource } from './shapes.js';

export { DnaSearchRequest };

/** DNA search response: similar players with similarity, match and band; fee tiers, never EUR values. */
export const DnaSearchResponse = answerOf({
  source: DnaSource,
  results: z.array(
    z
      .object({
        player: DnaResultPlayer,
        similarity: z.number().min(0).max(1),
        match: z.number(),
      })
      .loose(),
  ),
  filters: z.object({ position_group: z.string() }).loose(),
  limit: z.number().int(),
});
export type DnaSearchResponse = z.infer<typeof DnaSearchResponse>;

/** @module POST /api/v1/alternatives (SPEC §4.5, beta): request body and response. */
import { z } from 'zod';
import { AlternativesRequest } from '../../dna/alternatives.js';
import { ResponseMeta } from './common.js';
import { DnaResultPlayer, DnaSource } from './shapes.js';

export { AlternativesRequest };

/** Alternatives response: hybrid DNA alternatives (or the fallback), fee tiers, never EUR values. */
export const AlternativesResponse = z
  .object({
    data: z
      .object({
        mode: z.enum(['dna_hybrid', 'fallback']),
        source: DnaSource,
        results: z.array(
          z
            .object({
              player: DnaResultPlayer,
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

/** @module POST /api/v1/alternatives (docs/design.md#op-alternatives, beta): request body and response. */
import { z } from 'zod';
import { AlternativesRequest } from '../../../dna/alternatives.js';
import { answerOf } from './common.js';
import { DnaResultPlayer, DnaSource } from './shapes.js';

export { AlternativesRequest };

/** Alternatives response: hybrid DNA alternatives (or the fallback), fee tiers, never EUR values. */
export const AlternativesResponse = answerOf({
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
});
export type AlternativesResponse = z.infer<typeof AlternativesResponse>;

/** @module POST /api/v1/best-xi/lineup (SPEC §4.11): request body and response. */
import { z } from 'zod';
import { BestXiLineupRequest } from '../../bestxi/lineup.js';

export { BestXiLineupRequest };

/** Lineup response (SPEC §2.9). */
export const BestXiLineupResponse = z
  .object({
    primary: z.object({
      lineup_fee_tier: z.enum(['T1', 'T2', 'T3', 'T4', 'T5']).nullable(),
      avg_rating: z.number().nullable(),
      ga_per90: z.number(),
      def_per90: z.number(),
    }),
    secondary: z.object({}).loose(),
    data_coverage: z.object({}).loose(),
  })
  .loose();
export type BestXiLineupResponse = z.infer<typeof BestXiLineupResponse>;

/** @module POST /api/v1/best-xi/lineup (docs/design.md#op-best-xi-lineup): request body and response. */
import { z } from 'zod';
import { BestXiLineupRequest } from '../../../bestxi/lineup.js';
import { FEE_TIERS } from '../../../stats/fee-tier.js';

export { BestXiLineupRequest };

/** Lineup response (docs/design.md#op-best-xi-lineup). */
export const BestXiLineupResponse = z
  .object({
    primary: z.object({
      lineup_fee_tier: z.enum(FEE_TIERS).nullable(),
      avg_rating: z.number().nullable(),
      ga_per90: z.number(),
      def_per90: z.number(),
    }),
    secondary: z.object({
      avg_age: z.number().nullable(),
      total_minutes: z.number(),
      leagues: z.array(z.object({ league_id: z.number().int(), name: z.string(), players: z.number().int() })),
      nationalities: z.array(z.object({ nationality: z.string(), players: z.number().int() })),
      shape: z.object({
        goalkeeper: z.number().int(),
        defender: z.number().int(),
        midfielder: z.number().int(),
        attacker: z.number().int(),
      }),
      goalkeepers_ok: z.boolean(),
      vibe_fit: z.number().nullable(),
    }),
    data_coverage: z.object({
      players_with_stats: z.number().int(),
      requested: z.number().int(),
      ratio: z.number(),
      level: z.enum(['full', 'partial', 'low']),
      fee_values_known: z.number().int(),
    }),
  })
  .loose();
export type BestXiLineupResponse = z.infer<typeof BestXiLineupResponse>;

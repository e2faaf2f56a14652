/** @module POST /api/v1/best-xi/pool (docs/design.md#op-best-xi-pool): request body and response. */
import { z } from 'zod';
import { BestXiPoolRequest } from '../../../bestxi/pool.js';
import { Vibe } from '../../../bestxi/vibes.js';

export { BestXiPoolRequest };

/** Pool response (docs/design.md#op-best-xi-pool): candidates never carry `image_url`. */
export const BestXiPoolResponse = z
  .object({
    players: z.array(
      z.object({ player_id: z.number().int(), name: z.string(), image_url: z.never().optional() }).loose(),
    ),
    vibe_meta: Vibe.describe('The vibe: filters, metric weights, bonuses and constraints'),
    mode: z.enum(['pool', 'full', 'byIds']),
  })
  .loose();
export type BestXiPoolResponse = z.infer<typeof BestXiPoolResponse>;

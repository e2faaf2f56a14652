/** @module POST /api/v1/intelligence/scouting (SPEC §4.3): request body and response. */
import { z } from 'zod';
import { ScoutingRequest } from '../../intel/requests.js';
import { ResponseMeta } from './common.js';

export { ScoutingRequest };

/** Scouting response (SPEC §2.4). */
export const ScoutingResponse = z
  .object({
    data: z
      .object({
        profile: z.object({}).loose(),
        dna: z.object({ style_tags: z.array(z.string()), narrative: z.string() }).loose(),
        stats: z.array(z.object({}).loose()),
        per90_stats: z.record(z.string(), z.number().nullable()),
        percentiles: z.record(z.string(), z.object({}).loose()),
      })
      .loose(),
    summary: z.string(),
    meta: ResponseMeta,
  })
  .strict();
export type ScoutingResponse = z.infer<typeof ScoutingResponse>;

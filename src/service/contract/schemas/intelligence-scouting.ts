/** @module POST /api/v1/intelligence/scouting (docs/design.md#op-scouting): request body and response. */
import { z } from 'zod';
import { ScoutingRequest } from '../../../reports/requests.js';
import { answerOf } from './common.js';
import { PercentileEntry, PlayerProfile, SeasonStats } from './shapes.js';

export { ScoutingRequest };

/** Scouting response (docs/design.md#op-scouting). */
export const ScoutingResponse = answerOf({
  profile: PlayerProfile,
  dna: z.object({ style_tags: z.array(z.string()), narrative: z.string() }).loose(),
  stats: z.array(SeasonStats),
  per90_stats: z.record(z.string(), z.number().nullable()),
  percentiles: z.record(z.string(), PercentileEntry).describe('Metric key → percentile in the cohort'),
});
export type ScoutingResponse = z.infer<typeof ScoutingResponse>;

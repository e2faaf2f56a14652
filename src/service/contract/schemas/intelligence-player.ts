/** @module POST /api/v1/intelligence/player (docs/design.md#op-player): request body, query and response. */
import { z } from 'zod';
import { PlayerRequest } from '../../../reports/requests.js';
import { answerOf } from './common.js';
import { PlayerProfile, SeasonStats } from './shapes.js';

export { PlayerRequest };

/** Query string of the player profile: `enhance=narrative` adds a narrative paragraph at no extra cost (not the identity inputs, `PlayerQuery` in src/identity/resolve.ts). */
export const PlayerQueryString = z.object({ enhance: z.enum(['narrative']).optional() }).strict();
export type PlayerQueryString = z.infer<typeof PlayerQueryString>;

/** Player profile response (docs/design.md#op-player). */
export const PlayerResponse = answerOf({
  profile: PlayerProfile,
  recent_stats: z.array(SeasonStats).describe('Seasonal rows, newest first'),
  dna: z.object({ style_tags: z.array(z.string()) }).loose(),
  narrative: z.string().optional(),
});
export type PlayerResponse = z.infer<typeof PlayerResponse>;

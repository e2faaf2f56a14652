/** @module POST /api/v1/intelligence/player (docs/design.md#op-player): request body, query and response. */
import * as z from 'zod';
import { PlayerRequest } from '../../../reports/requests.js';
import { PlayerResponse } from '../../../reports/player.js';

export { PlayerRequest };

/** Query string of the player profile: `enhance=narrative` adds a narrative paragraph at no extra cost (not the identity inputs, `PlayerQuery` in src/identity/resolve.ts). */
export const PlayerQueryString = z.object({ enhance: z.enum(['narrative']).optional() }).strict();
export type PlayerQueryString = z.infer<typeof PlayerQueryString>;

/** The player response is defined beside the function that builds it (its type is `z.infer` of it). */
export { PlayerResponse };

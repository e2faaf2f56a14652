/** @module The query string of POST /api/v1/intelligence/player (docs/design.md#op-player). */
import * as z from 'zod';

/** Query string of the player profile: `enhance=narrative` adds a narrative paragraph at no extra cost (not the identity inputs, `PlayerQuery` in src/identity/resolve.ts). */
export const PlayerQueryString = z.object({ enhance: z.enum(['narrative']).optional() }).strict();
export type PlayerQueryString = z.infer<typeof PlayerQueryString>;

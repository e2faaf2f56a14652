/**
 * Request schemas of the player-facing JSON operations (SPEC §2.1, §4.2, §4.3). Identity is by
 * `name` or `player_id`; statistics are never accepted from the caller.
 */
import { z } from 'zod';

const name = z.string().trim().min(1).max(200);

/** Identity inputs shared by player operations (SPEC §2.1). */
export const PlayerIdentity = z
  .object({
    name: name.optional(),
    player_id: z.number().int().positive().optional(),
    team_hint: z.string().trim().min(1).max(200).optional(),
  })
  .strict();
export type PlayerIdentity = z.infer<typeof PlayerIdentity>;

const requireIdentity = <T extends { name?: string; player_id?: number }>(v: T) => v.name !== undefined || v.player_id !== undefined;
const identityMessage = { message: 'one of name or player_id is required', path: ['name'] };

/** POST /api/v1/intelligence/player body. */
export const PlayerRequest = PlayerIdentity.extend({ name2: name.optional() }).strict().refine(requireIdentity, identityMessage);
export type PlayerRequest = z.infer<typeof PlayerRequest>;

/** POST /api/v1/intelligence/scouting body. */
export const ScoutingRequest = PlayerIdentity.refine(requireIdentity, identityMessage);
export type ScoutingRequest = z.infer<typeof ScoutingRequest>;

/**
 * Request schemas of the player-facing JSON operations (docs/design.md#player-identity, docs/design.md#op-player, docs/design.md#op-scouting). Identity is by
 * `name` or `player_id`; statistics are never accepted from the caller.
 */
import * as z from 'zod';
import { IdentityName, NAME_IDENTITY_FIELDS, requireIdentity } from '../identity/request.js';

/** Identity inputs shared by player operations (docs/design.md#player-identity). */
export const PlayerIdentity = z.object(NAME_IDENTITY_FIELDS).strict();
export type PlayerIdentity = z.infer<typeof PlayerIdentity>;

/** POST /api/v1/intelligence/player body. */
export const PlayerRequest = PlayerIdentity.extend({ name2: IdentityName.optional() })
  .strict()
  .superRefine(requireIdentity('name'));
export type PlayerRequest = z.infer<typeof PlayerRequest>;

/** POST /api/v1/intelligence/scouting body. */
export const ScoutingRequest = PlayerIdentity.superRefine(requireIdentity('name'));
export type ScoutingRequest = z.infer<typeof ScoutingRequest>;

/**
 * @module The identity fields of player requests (docs/design.md#player-identity) and the "name or player_id" rule,
 * defined once for every operation that names a player (reports, DNA, verdict, cards). The name
 * field is `name` on the reports and DNA operations and `player_name` on verdict and cards.
 */
import * as z from 'zod';

/** A player or team name as callers send it: trimmed, 1–200 characters. */
export const IdentityName = z.string().trim().min(1).max(200);

/** The key of the name field: `name` (reports, DNA) or `player_name` (verdict, cards). */
type IdentityNameKey = 'name' | 'player_name';

/** Identity fields with the name under `name` (docs/design.md#player-identity). */
export const NAME_IDENTITY_FIELDS = {
  name: IdentityName.optional(),
  player_id: z.number().int().positive().optional(),
  team_hint: IdentityName.optional(),
};

/** Identity fields with the name under `player_name` (verdict, cards). */
export const PLAYER_NAME_IDENTITY_FIELDS = {
  player_name: IdentityName.optional(),
  player_id: NAME_IDENTITY_FIELDS.player_id,
  team_hint: NAME_IDENTITY_FIELDS.team_hint,
};

/**
 * The "name or player_id" rule as a zod refinement: a request without either gets one issue at the
 * name field.
 * @example z.object(NAME_IDENTITY_FIELDS).superRefine(requireIdentity('name')).safeParse({}).success // => false
 */
export function requireIdentity(nameKey: IdentityNameKey) {
  const message = `one of ${nameKey} or player_id is required`;
  return (v: { name?: string; player_name?: string; player_id?: number }, ctx: z.RefinementCtx): void => {
    if (v[nameKey] === undefined && v.player_id === undefined)
      ctx.addIssue({ code: 'custom', path: [nameKey], message });
  };
}

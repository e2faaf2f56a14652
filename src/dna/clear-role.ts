/**
 * "No clear role" (docs/methodology/dna.md#style-tags): when no role rule's conditions all hold,
 * the best-fitting role is a guess, so responses and cards show "No clear role" instead of it.
 */
import type { StyleSummary } from '../context.js';
import type { StyleTags } from './tags.js';

/** What a player's primary role reads when no role rule holds. */
export const NO_CLEAR_ROLE = 'No clear role';

/**
 * The style summary to show: the tags as they are when the primary role's rule held; otherwise
 * "No clear role" as primary, the guessed role dropped (traits keep their own evidence).
 * @example shownStyleOf({ primary: 'Poacher', traits: [], tags: [{ tag: 'Poacher', kind: 'role', fallback: true, evidence: [] }] })?.primary // => 'No clear role'
 */
export function shownStyleOf(tags: StyleTags | null): StyleSummary | null {
  if (!tags) return null;
  const role = tags.tags[0];
  if (role?.kind !== 'role' || !role.fallback) return tags;
  return { primary: NO_CLEAR_ROLE, traits: tags.traits, tags: tags.tags.slice(1) };
}

/**
 * "No clear role" (docs/methodology/dna.md#style-tags): when no role rule's conditions all hold,
 * the best-fitting role is a guess, so responses and cards show "No clear role" instead of it.
 */
import * as z from 'zod';
import { METRIC_KEYS } from '../stats/metrics.js';
import type { StyleTags } from './tags.js';
import { LOCATION_KEYS } from './row-location.js';

/** Style tags of one player-season, as shown in responses (docs/design.md#dna-and-similarity). */
export const StyleSummary = z.object({
  primary: z.string().describe('Primary role tag, e.g. "Poacher"'),
  traits: z.array(z.string()).describe('Secondary trait tags, e.g. ["Aerial"]'),
  tags: z
    .array(
      z.object({
        tag: z.string(),
        kind: z.enum(['role', 'trait']),
        fallback: z.boolean().describe("True for a role picked as the best fit when no role's conditions all held"),
        evidence: z.array(
          z.object({
            metric: z.enum([...METRIC_KEYS, ...LOCATION_KEYS]),
            cohort: z
              .enum(['role', 'league_outfield'])
              .describe(
                'Who the percentile ranks him among: his role cohort, or every outfield player of his league-season',
              ),
            percentile: z.number().nullable().describe('Percentile 0–100 in `cohort`; null when missing'),
            value: z.number().nullable(),
            op: z.enum(['>=', '<=']),
            threshold: z.number(),
            met: z.boolean(),
          }),
        ),
      }),
    )
    .describe('Every tag (role first) with the evidence that triggered it'),
});
export type StyleSummary = z.infer<typeof StyleSummary>;

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

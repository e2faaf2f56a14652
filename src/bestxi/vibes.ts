/**
 * The vibe catalog (docs/design.md#best-xi): presets that filter and weight the Best XI pool, read once from
 * `data/vibes.json` and validated.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as z from 'zod';
import { fail, ok, type Result } from '../errors.js';
import { packageRoot } from '../io/paths.js';
import { FEE_TIERS } from '../stats/fee-tier.js';
import { METRIC_KEYS } from '../stats/metrics.js';

export const Vibe = z
  .object({
    id: z.string().regex(/^[a-z0-9_]+$/),
    name: z.string(),
    description: z.string(),
    filters: z
      .object({
        min_age: z.number().int().optional(),
        max_age: z.number().int().optional(),
        min_fee_tier: z.enum(FEE_TIERS).optional(),
        max_fee_tier: z.enum(FEE_TIERS).optional(),
        max_league_tier: z.number().int().positive().optional(),
        wc2026_only: z.boolean().optional(),
      })
      .strict(),
    /** Metric key → weight over cohort percentiles; metrics outside a player's group are ignored. */
    weights: z.partialRecord(z.enum(METRIC_KEYS), z.number().positive()),
    /** Points added for youth: the full bonus at 19 or younger, none at the vibe's max_age. */
    age_bonus: z.number().nonnegative().optional(),
    /** Points added for cheapness: the full bonus in T1, half in T2. */
    fee_bonus: z.number().nonnegative().optional(),
    constraints: z.record(z.string(), z.number().int().positive().nullable()),
  })
  .strict();
export type Vibe = z.infer<typeof Vibe>;

export const VibeCatalog = z
  .object({ version: z.number().int(), note: z.string().optional(), vibes: z.array(Vibe).min(1) })
  .strict();
export type VibeCatalog = z.infer<typeof VibeCatalog>;

let cached: VibeCatalog | null = null;

/** The catalog from `data/vibes.json` (read and validated once; throws on a malformed file — a packaging bug). */
export function vibeCatalog(): VibeCatalog {
  cached ??= VibeCatalog.parse(JSON.parse(readFileSync(join(packageRoot(), 'data', 'vibes.json'), 'utf8')));
  return cached;
}

/** A vibe by id, or undefined. @example vibeById('u23')?.filters.max_age // => 22 */
export function vibeById(id: string): Vibe | undefined {
  return vibeCatalog().vibes.find((v) => v.id === id);
}

/** A vibe by id, or the `invalid_request` failure naming the catalog's vibes. */
export function vibeOrFail(id: string): Result<Vibe> {
  const vibe = vibeById(id);
  if (vibe) return ok(vibe);
  const ids = vibeCatalog().vibes.map((v) => v.id);
  return fail('invalid_request', `vibe_id: unknown vibe "${id}" (one of ${ids.join(', ')})`, { param: 'vibe_id' });
}

/**
 * @module Response blocks of the player-facing answers, declared once as zod schemas: the engine's
 * types are inferred from them and the OpenAPI document is generated from them
 * (src/service/schemas/shapes.ts re-exports them), so the two cannot drift apart.
 */
import { z } from 'zod';
import { POSITION_GROUPS } from '../data/schema.js';
import { FEE_TIERS } from '../stats/fee-tier.js';

const FEE_TIER = z.enum(FEE_TIERS);

/** Identity block of a player (docs/design.md#op-player `profile`). */
export const PlayerProfile = z.object({
  player_id: z.number().int(),
  name: z.string(),
  known_as: z.string().nullable(),
  display_name: z.string(),
  birth_date: z.string().nullable().describe('YYYY-MM-DD'),
  age: z.number().int().nullable().describe("Age on the dataset's as-of date"),
  nationality: z.string().nullable(),
  position: z.string().describe('Position code, e.g. CF, CB, GK'),
  position_group: z.enum(POSITION_GROUPS),
  position_label: z.string(),
  preferred_foot: z.string().nullable(),
  height_cm: z.number().nullable(),
  team: z.object({ team_id: z.number().int(), name: z.string(), short_name: z.string().nullable() }).nullable(),
  league: z
    .object({ league_id: z.number().int(), name: z.string(), country: z.string().nullable(), tier: z.number().int() })
    .nullable(),
  fee_tier: FEE_TIER.nullable().describe('Market-value tier T1 (cheapest) … T5; never a EUR value'),
  wc2026_nation: z.string().nullable(),
});

/** One seasonal row: counting totals as recorded and the derived per-90 map. */
export const SeasonStats = z.object({
  season_id: z.number().int(),
  season: z.string(),
  league: z.object({ league_id: z.number().int(), name: z.string(), tier: z.number().int() }).nullable(),
  team: z.object({ team_id: z.number().int(), name: z.string() }).nullable(),
  appearances: z.number().int(),
  starts: z.number().int().nullable(),
  minutes: z.number(),
  rating: z.number().nullable(),
  rating_source: z.enum(['provider', 'model']),
  totals: z
    .record(z.string(), z.number().nullable())
    .describe('Counting column → season total (goals, assists, shots, …); null when the provider does not record it'),
  per90: z
    .record(z.string(), z.number().nullable())
    .describe('Metric key → per-90 value (or percentage for *_pct); null when not computable'),
});

/** The cohort a percentile is computed in. */
export const CohortRef = z.object({
  league_id: z.number().int(),
  league: z.string(),
  season_id: z.number().int(),
  season: z.string(),
  position_group: z.enum(POSITION_GROUPS),
  min_minutes: z.number(),
  n: z.number().int().describe('Players in the cohort'),
});

/** Identity block of a player, as the engine returns it. */
export type Profile = z.infer<typeof PlayerProfile>;
/** One seasonal row, as the engine returns it. */
export type SeasonStats = z.infer<typeof SeasonStats>;
/** The cohort a percentile is computed in, as the engine returns it. */
export type CohortRef = z.infer<typeof CohortRef>;

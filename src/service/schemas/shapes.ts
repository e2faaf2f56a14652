/**
 * @module Response blocks shared by several endpoints, typed field by field for the OpenAPI
 * document and generated clients: the player profile, one season's stats, a percentile entry,
 * the candidates of an ambiguous name, the JSON Schema a catalog carries. Objects stay open
 * (``): a later release may add a member without breaking a client.
 */
import { ROLES } from '../../stats/roles.js';
import { z } from 'zod';
import { POSITION_GROUPS } from '../../data/schema.js';
import { PERCENTILE_LABELS } from '../../stats/percentiles.js';
import { FEE_TIERS } from '../../stats/fee-tier.js';

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
  contract_end_date: z
    .string()
    .nullable()
    .describe('Last day of his contract, YYYY-MM-DD, when the dataset has it (halfspace enrich); else null'),
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
  role: z
    .enum(ROLES)
    .nullable()
    .describe('The role cohort ranked in; null when the role cohort was too small and the position group’s is used'),
  min_minutes: z.number(),
  n: z.number().int().describe('Players in the cohort'),
});

/** One metric's percentile (docs/design.md#op-scouting `percentiles[metric]`). */
export const PercentileEntry = z.object({
  value: z.number().nullable(),
  percentile: z.number().nullable().describe('0–100 within the cohort'),
  label: z
    .enum(PERCENTILE_LABELS)
    .nullable()
    .describe('Null for a low sample: the number is shown, no label is claimed'),
  ordinal: z.string().nullable(),
  cohort: CohortRef.nullable(),
  sample: z.object({ minutes: z.number(), appearances: z.number().int(), level: z.enum(['ok', 'low']) }),
});

/** A player or team an ambiguous name could mean. */
export const Candidate = z
  .object({
    player_id: z.number().int().optional(),
    team_id: z.number().int().optional(),
    name: z.string(),
    team: z.string().nullable().optional(),
    position: z.string().optional(),
  })
  .loose();

/** A JSON Schema (draft 2020-12) document; open on purpose: it describes another schema. */
export const JsonSchemaDocument = z
  .object({
    type: z.string().optional(),
    properties: z.record(z.string(), z.unknown()).optional(),
    required: z.array(z.string()).optional(),
    additionalProperties: z.unknown().optional(),
  })
  .loose()
  .describe('A JSON Schema (draft 2020-12); open on purpose');

/** The source player of a DNA answer (dna-search, alternatives) with his style tags. */
export const DnaSource = z.object({ player_id: z.number().int(), style_tags: z.array(z.string()) }).loose();

/** The player of a DNA result: a fee tier, never a EUR value (`market_value_eur` must be absent). */
export const DnaResultPlayer = z
  .object({
    player_id: z.number().int(),
    fee_tier: z.string().nullable(),
    market_value_eur: z.never().optional(),
  })
  .loose();

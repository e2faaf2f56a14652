/**
 * @module Response blocks shared by several endpoints, typed field by field for the OpenAPI
 * document and generated clients: the player profile, one season's stats, a percentile entry,
 * the candidates of an ambiguous name, the JSON Schema a catalog carries. Objects stay open
 * (``): a later release may add a member without breaking a client.
 */
import { z } from 'zod';
import { PERCENTILE_LABELS } from '../../stats/percentiles.js';
import { CohortRef } from '../../reports/shapes.js';

export { CohortRef, PlayerProfile, SeasonStats } from '../../reports/shapes.js';

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

/**
 * @module Response blocks shared by several endpoints, typed field by field for the OpenAPI
 * document and generated clients: the player profile, one season's stats, a percentile entry,
 * the candidates of an ambiguous name, the JSON Schema a catalog carries. Objects stay open
 * (``): a later release may add a member without breaking a client.
 */
import * as z from 'zod';

/** The player blocks are defined beside the reports that build them; their types are `z.infer` of these. */
export { CohortRef, PercentileEntry, PlayerProfile, SeasonStats } from '../../../reports/blocks.js';

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

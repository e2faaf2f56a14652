/**
 * @module Schemas shared by every endpoint: the problem (error) body with the candidates of an
 * ambiguous name, catalog bodies with the JSON Schema they carry, and the empty query most
 * endpoints take. Objects stay open: a later release may add a member without breaking a client.
 */
import * as z from 'zod';

/** A player or team an ambiguous name could mean. */
const Candidate = z
  .object({
    player_id: z.number().int().optional(),
    team_id: z.number().int().optional(),
    name: z.string(),
    team: z.string().nullable().optional(),
    position: z.string().optional(),
  })
  .loose();

/** A JSON Schema (draft 2020-12) document; open on purpose: it describes another schema. */
const JsonSchemaDocument = z
  .object({
    type: z.string().optional(),
    properties: z.record(z.string(), z.unknown()).optional(),
    required: z.array(z.string()).optional(),
    additionalProperties: z.unknown().optional(),
  })
  .loose()
  .describe('A JSON Schema (draft 2020-12); open on purpose');

/** RFC 9457 problem body with the service's members (docs/design.md#service). */
export const ProblemResponse = z
  .object({
    type: z.string().describe('URI of the error code in the served documentation'),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    code: z.string().describe('Machine-readable error code, see /docs#errors'),
    param: z.string().optional().describe('Dot path of the offending field or header'),
    request_id: z.string(),
    candidates: z
      .array(Candidate)
      .optional()
      .describe('ambiguous_player / ambiguous_team: the players or teams the name could mean'),
    required_credits: z.number().int().optional().describe('insufficient_credits: the cost of the call'),
    balance: z.number().int().optional().describe('insufficient_credits: the wallet balance'),
  })
  .loose();
export type ProblemResponse = z.infer<typeof ProblemResponse>;

/** A query string that takes no parameters. */
export const EmptyQuery = z.object({}).strict();

/** Body of a GET catalog: a JSON object describing the surface of its POST twin. */
export const CatalogResponse = z
  .object({
    operation: z.string(),
    method: z.literal('POST'),
    path: z.string(),
    credits: z.number().int(),
    demo_channel: z.boolean(),
    beta: z.boolean(),
    request_schema: JsonSchemaDocument,
    summary: z.string().optional(),
    auth: z
      .array(z.enum(['bearer', 'demo_channel']))
      .optional()
      .describe('Accepted credentials'),
    query_schema: JsonSchemaDocument.optional(),
  })
  .loose()
  .describe(
    'The surface of a POST endpoint; endpoint-specific members (styles, vibes, bounds, filters, …) are open on purpose',
  );
export type CatalogResponse = z.infer<typeof CatalogResponse>;

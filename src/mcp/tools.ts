/**
 * @module MCP tool definitions generated from the operation table: one tool per paid operation,
 * its input schema the JSON Schema of the operation's zod body (plus its query parameters), its
 * description saying what it returns and what it costs. Nothing here calls anything.
 */
import type * as z from 'zod';
import { SYNC_STYLES } from '../cards/styles.js';
import { ENGINE_OPERATIONS } from '../operation-registry.js';
import {
  SYNC_CARD_CREDITS,
  HD_CARD_CREDITS,
  costOf,
  demoAllowed,
  toolNameOf,
  type Operation,
} from '../service/contract/operations.js';
import { DEMO_DAILY_LIMIT } from '../service/demo.js';
import { bodySchemaOf, schemaOf } from '../service/contract/openapi.js';
import { CardJobResponse, HdCardResponse } from '../service/contract/schemas/cards.js';
import { ProblemResponse } from '../service/contract/schemas/common.js';

/** The MCP tool name of an operation (defined with the contract, which /docs reads too). */
export { toolNameOf };

/** A tool as listed by `tools/list`. */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: { type: 'object'; properties?: Record<string, unknown>; required?: string[]; [k: string]: unknown };
  /** What `structuredContent` holds: the operation's response, or a problem when the call failed (`isError`). */
  outputSchema: { type: 'object'; anyOf: Record<string, unknown>[] };
  annotations: { readOnlyHint: boolean; openWorldHint: boolean; idempotentHint: boolean };
}

// Input mode for responses too: it leaves objects that are not strict open, as the API promises.
const jsonSchemaOf = (schema: z.ZodType) => schemaOf(schema, 'input');

/** Names of an operation's query parameters (they travel as tool arguments beside the body fields). */
export function queryNamesOf(op: Operation): string[] {
  return Object.keys(jsonSchemaOf(op.query).properties ?? {});
}

/** What a call costs, in words, for the description. */
function costText(op: Operation): string {
  const credits =
    op.id === 'cards'
      ? `${SYNC_CARD_CREDITS} credits (${SYNC_STYLES.join(', ')}) or ${HD_CARD_CREDITS} credits (hd styles)`
      : `${costOf(op, {})} credit${costOf(op, {}) === 1 ? '' : 's'}`;
  const demo = demoAllowed(op, {})
    ? `; with the demo channel instead of a key it counts against ${DEMO_DAILY_LIMIT} free calls per day${op.id === 'cards' ? ' (sync styles only)' : ''}`
    : '; needs an API key';
  return `Cost over HTTP (POST /mcp): ${credits} per successful call from the key's wallet${demo}. Failed calls are never charged. Free over stdio (halfspace mcp).`;
}

/**
 * The tool of one operation: input schema = body fields + query parameters, from the same zod schemas.
 * @example toolOf(OPERATIONS[2]).name // => 'dna_search'
 */
export function toolOf(op: Operation): ToolDefinition {
  const name = toolNameOf(op);
  // A model reads a field's description to choose its arguments: each body field gets the one the
  // OpenAPI document gives it (bodySchemaOf) unless its schema has its own.
  const body = bodySchemaOf(op);
  const query = jsonSchemaOf(op.query);
  const inputSchema: ToolDefinition['inputSchema'] = {
    ...body,
    type: 'object',
    properties: { ...body.properties, ...(query.properties ?? {}) },
  };
  return {
    name,
    title: op.summary,
    description: `${op.summary}. ${op.engine ? ENGINE_OPERATIONS[op.engine].returns : ''} ${costText(op)}`
      .replace(/\s+/g, ' ')
      .trim(),
    inputSchema,
    outputSchema: {
      type: 'object',
      anyOf: [
        jsonSchemaOf(op.response),
        // An hd card answers its job when it has not finished rendering in time, or the finished
        // card itself (MCP over stdio renders hd cards in-process).
        ...(op.isJob ? [jsonSchemaOf(CardJobResponse), jsonSchemaOf(HdCardResponse)] : []),
        jsonSchemaOf(ProblemResponse),
      ],
    },
    annotations: { readOnlyHint: op.id !== 'cards', openWorldHint: false, idempotentHint: op.id !== 'cards' },
  };
}

/**
 * Splits tool arguments into the operation's JSON body and its query.
 * @example splitArguments(playerOp, { name: 'X', enhance: 'narrative' }) // => { body: { name: 'X' }, query: { enhance: 'narrative' } }
 */
export function splitArguments(
  op: Operation,
  args: Record<string, unknown>,
): { body: Record<string, unknown>; query: Record<string, string> } {
  const names = new Set(queryNamesOf(op));
  const body: Record<string, unknown> = {};
  const query: Record<string, string> = {};
  for (const [k, v] of Object.entries(args)) {
    if (names.has(k) && v !== undefined) query[k] = typeof v === 'string' ? v : JSON.stringify(v);
    else body[k] = v;
  }
  return { body, query };
}

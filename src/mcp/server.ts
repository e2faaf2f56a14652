/**
 * @module The MCP server: `tools/list` and `tools/call` over the operation table, catalogs as
 * resources. Each tool is generated from its operation: its input schema the JSON Schema of the
 * operation's zod body (plus its query parameters), its description saying what it returns and
 * what it costs. Built on the SDK's low-level `Server` rather than `McpServer` because the input
 * schemas are the JSON Schemas of our zod bodies and validation must answer with our problem
 * `code` (invalid_request + param), which `McpServer`'s own argument check would replace.
 * `halfspace mcp` serves it over stdio on an in-process engine (no key, no wallet): stdout
 * carries only the protocol; diagnostics go to stderr.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Readable, Writable } from 'node:stream';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type * as z from 'zod';
import { SYNC_STYLES } from '../cards/styles.js';
import { ENGINE_OPERATIONS } from '../operation-registry.js';
import type { Problem } from '../service/contract/errors.js';
import { API_VERSION, bodySchemaOf, schemaOf } from '../service/contract/openapi.js';
import {
  SYNC_CARD_CREDITS,
  HD_CARD_CREDITS,
  costOf,
  demoAllowed,
  toolNameOf,
  type Operation,
  type ServiceEngine,
} from '../service/contract/operations.js';
import { DEMO_DAILY_LIMIT } from '../service/demo.js';
import { CardJobResponse, HdCardResponse } from '../service/contract/schemas/cards.js';
import { ProblemResponse } from '../service/contract/schemas/common.js';
import { localBackend, type ToolBackend, type ToolCredits } from './backend.js';
import { isRecord } from '../service/tool-calls.js';

/** The MCP tool name of an operation (defined with the contract, which /docs reads too). */
export { toolNameOf };

/** A tool as listed by `tools/list`. */
interface ToolDefinition {
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
function queryNamesOf(op: Operation): string[] {
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

/** Splits tool arguments into the operation's JSON body and its query. */
function splitArguments(
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

/** URI of an operation's catalog resource. */
export const catalogUriOf = (op: Operation): string => `halfspace://catalog/${toolNameOf(op)}`;

/** One listed player: name, team, age, similarity and id; null when the item names nobody. */
function playerItemLine(item: Record<string, unknown>): string | null {
  const p = isRecord(item.player) ? item.player : item;
  const name = p.display_name ?? p.name;
  if (typeof name !== 'string') return null;
  const extra = [
    p.team,
    p.age !== undefined ? `age ${p.age}` : null,
    typeof item.similarity === 'number' ? `similarity ${item.similarity}` : null,
  ].filter((x) => x !== null && x !== undefined);
  return `${name}${extra.length ? ` (${extra.join(', ')})` : ''} [player_id ${String(p.player_id)}]`;
}

/** Names in a result worth listing in the text summary (players of a search, pool or lineup). */
function playersLine(value: Record<string, unknown>): string {
  const data = isRecord(value.data) ? value.data : value;
  const list: unknown[] | undefined = [data.results, data.players, data.alternatives, data.candidates].find(
    Array.isArray,
  );
  if (!list?.length) return '';
  const shown = list
    .slice(0, 8)
    .map((item) => (isRecord(item) ? playerItemLine(item) : null))
    .filter((n): n is string => n !== null);
  return shown.length
    ? `\n${shown.map((n) => `- ${n}`).join('\n')}${list.length > shown.length ? `\n(${list.length} in all; see structuredContent)` : ''}`
    : '';
}

const creditsLine = (credits: ToolCredits | undefined): string =>
  credits ? `\nCredits charged: ${credits.charged}; wallet balance: ${credits.balance}.` : '';

/**
 * The short text of a result: its `summary` or `headline`, the players it names, the credits.
 * @example summaryText({ summary: 'Igor Teixeira…' }, undefined) // => 'Igor Teixeira…'
 */
export function summaryText(value: Record<string, unknown>, credits: ToolCredits | undefined): string {
  const head =
    typeof value.summary === 'string'
      ? value.summary
      : typeof value.headline === 'string'
        ? value.headline
        : typeof value.image_url === 'string'
          ? `Card ${String(value.style)} ${String(value.width)}×${String(value.height)} of ${String(isRecord(value.player) ? value.player.display_name : undefined)}: ${value.image_url}`
          : typeof value.job_id === 'string'
            ? `Card job ${value.job_id} is ${String(value.status)}; poll ${String(value.poll_url)} with the same key.`
            : typeof value.prompt === 'string'
              ? 'Image prompt composed (see structuredContent.prompt).'
              : 'Done; the JSON result is in structuredContent.';
  return `${head}${playersLine(value)}${creditsLine(credits)}`;
}

/** The text of a problem: code, detail, and the candidates of an ambiguous name so the agent can choose. */
function problemText(problem: Problem, credits?: ToolCredits): string {
  const candidates = Array.isArray(problem.candidates)
    ? `\nCandidates (call again with one player_id or team_id):\n${problem.candidates
        .filter(isRecord)
        .map(
          (c) =>
            `- ${Object.entries(c)
              .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
              .join(', ')}`,
        )
        .join('\n')}`
    : '';
  return `Error ${problem.code}${problem.param ? ` (${problem.param})` : ''}: ${problem.detail}${candidates}${creditsLine(credits)}`;
}

/** Answers one `tools/call`: the operation's result as text, structured content and, for a card, its image. */
async function callTool(
  backend: ToolBackend,
  params: { name: string; arguments?: Record<string, unknown> },
): Promise<CallToolResult> {
  const op = backend.operations.find((o) => toolNameOf(o) === params.name);
  if (!op) throw new McpError(ErrorCode.InvalidParams, `unknown tool ${JSON.stringify(params.name)}; see tools/list`);
  const { body, query } = splitArguments(op, params.arguments ?? {});
  const outcome = await backend.call(op, body, query);
  const meta = outcome.credits ? { _meta: { 'halfspace/credits': outcome.credits } } : {};
  if (!outcome.ok) {
    return {
      isError: true,
      content: [{ type: 'text', text: problemText(outcome.problem, outcome.credits) }],
      structuredContent: outcome.problem,
      ...meta,
    };
  }
  const content: CallToolResult['content'] = [{ type: 'text', text: summaryText(outcome.value, outcome.credits) }];
  const url = outcome.value.image_url;
  if (typeof url === 'string') content.push(...(await imageContentOf(backend, url)));
  return { content, structuredContent: outcome.value, ...meta };
}

/** The rendered card of a result: the PNG itself (when the backend can read it) and a link to it. */
async function imageContentOf(backend: ToolBackend, url: string): Promise<CallToolResult['content']> {
  const png = await backend.image(url);
  return [
    ...(png ? [{ type: 'image' as const, data: Buffer.from(png).toString('base64'), mimeType: 'image/png' }] : []),
    {
      type: 'resource_link' as const,
      uri: url,
      name: url.slice(url.lastIndexOf('/') + 1),
      mimeType: 'image/png',
      description: 'The rendered card',
    },
  ];
}

/**
 * Creates an MCP server whose tools call `backend`. Connect it to one transport.
 * @example await createMcpServer(localBackend(engine)).connect(new StdioServerTransport())
 */
export function createMcpServer(backend: ToolBackend): Server {
  const server = new Server(
    { name: 'halfspace', title: 'halfspace football intelligence', version: API_VERSION },
    {
      capabilities: { tools: {}, resources: {} },
      instructions:
        'Football intelligence over a player dataset: profiles, scouting percentiles, playing-style DNA search ("who plays like X?"), alternatives, verdicts, match intelligence, Best XI and PNG cards. Players are named by `name`/`player_name` (add team_hint when ambiguous) or by player_id. Errors carry a `code`; ambiguous names list candidates to pick a player_id from.',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: backend.operations.map(toolOf) }));

  server.setRequestHandler(CallToolRequestSchema, (request) => callTool(backend, request.params));

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: backend.operations.map((op) => ({
      uri: catalogUriOf(op),
      name: `${toolNameOf(op)} catalog`,
      description: `Surface of the ${toolNameOf(op)} tool (POST ${op.path}): cost, demo channel, request JSON Schema, enums and bounds`,
      mimeType: 'application/json',
    })),
  }));

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    const op = backend.operations.find((o) => catalogUriOf(o) === uri);
    if (op)
      return {
        contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(await backend.catalog(op), null, 2) }],
      };
    const png = await backend.image(uri);
    if (png) return { contents: [{ uri, mimeType: 'image/png', blob: Buffer.from(png).toString('base64') }] };
    throw new McpError(ErrorCode.InvalidParams, `no resource ${JSON.stringify(uri)}; see resources/list`);
  });

  return server;
}

/**
 * Serves the tools of `engine` on stdin/stdout (or the given streams) and resolves when the client
 * closes the connection (stdin ends).
 * @example await serveStdio(Engine.open({ dataset: 'demo' }))
 */
export async function serveStdio(
  engine: ServiceEngine,
  streams: { stdin?: Readable; stdout?: Writable } = {},
): Promise<void> {
  const stdin = streams.stdin ?? process.stdin;
  const server = createMcpServer(localBackend(engine));
  const transport = new StdioServerTransport(stdin, streams.stdout ?? process.stdout);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    // The SDK transport does not close itself when stdin ends; the client hanging up ends the session.
    stdin.once('end', () => void transport.close());
  });
  await server.connect(transport);
  await closed;
}

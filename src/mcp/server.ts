/**
 * @module The MCP server: `tools/list` and `tools/call` over the operation table, catalogs as
 * resources. Built on the SDK's low-level `Server` rather than `McpServer` because the input
 * schemas are the JSON Schemas of our zod bodies and validation must answer with our problem
 * `code` (invalid_request + param), which `McpServer`'s own argument check would replace.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import type { Problem } from '../service/contract/errors.js';
import { API_VERSION } from '../service/contract/openapi.js';
import type { Operation } from '../service/contract/operations.js';
import type { ToolBackend, ToolCredits } from './backend.js';
import { splitArguments, toolNameOf, toolOf } from './tools.js';

/** URI of an operation's catalog resource. */
export const catalogUriOf = (op: Operation): string => `halfspace://catalog/${toolNameOf(op)}`;

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

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
export function problemText(problem: Problem, credits?: ToolCredits): string {
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

/**
 * @module The OpenAPI 3.1 document, generated from the operation table and its zod schemas
 * (`z.toJSONSchema`): bearer auth, the demo header, `x-credits` per operation, the GET catalogs
 * and the problem responses of every error code.
 */
import { adminOpenApi, problem as problemRef } from './admin-openapi.js';
import * as z from 'zod';
import { costOf, demoAllowed, type Operation } from './operations.js';
import { ERRORS } from './errors.js';
import { CatalogResponse, ProblemResponse } from './schemas/common.js';
import { CardJobResponse } from './schemas/cards.js';
import { catalogOf } from './catalog.js';
import { HD_STYLES, SYNC_STYLES } from '../../cards/styles.js';
import { listInProse } from '../../prose.js';
import { REQUEST_EXAMPLES } from './examples/requests.js';
import EXAMPLES from './examples/examples.json' with { type: 'json' };

/** Version of the interface description (docs/design.md#versioning). */
export const API_VERSION = '1.0.0';

/** A JSON Schema object as z.toJSONSchema writes it. */
export type JsonSchema = z.core.JSONSchema.JSONSchema;

/** The JSON Schema of `schema` (without its `$schema` line) as the OpenAPI document, `/docs` and the MCP tools give it. */
export const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' });
  return rest;
};

/** Descriptions of the tags, in the order the document lists them. */
export const TAGS: Record<string, string> = {
  intelligence: 'Player profiles, scouting percentiles and DNA similarity search',
  alternatives: 'Cheaper, younger players with a similar style (beta)',
  'match-intelligence': 'Fixtures with derby, tier, form, standings and signals (beta)',
  verdict: 'Data-backed verdicts with percentile receipts',
  cards: 'Shareable PNG cards (sync and async hd jobs), image prompts and stored images',
  'best-xi': 'Best XI candidate pools and lineup aggregates',
  admin:
    'Operators only, with the admin token: keys, top-ups, wallets, ledgers, holds and usage (not on the public /docs page)',
};

const RESPONSE_EXAMPLES: Readonly<Record<string, unknown>> = EXAMPLES.responses;
/** The demo universe's 200 answer of operation `id` (examples.json). */
export const responseExample = (id: string): unknown => RESPONSE_EXAMPLES[id];

/** Title, version and description of the interface. */
export const API_INFO = {
  title: 'Football Intelligence Developer API (halfspace)',
  version: API_VERSION,
  description:
    'Player JSON intelligence, verdicts, Best XI aggregates, cards and prompts, paid from a credit wallet. One credit ≈ 0.01 USD; 4xx and 5xx responses are never charged. Examples are taken from the bundled demo universe. Response objects may gain members in later releases: clients should ignore members they do not know.',
};

/** The multipart form of a card upload: the JSON body as field `request` plus the photo file. */
const CARD_UPLOAD = {
  schema: {
    type: 'object',
    required: ['request'],
    properties: {
      request: {
        type: 'string',
        contentMediaType: 'application/json',
        description: 'The JSON request body (same fields as application/json)',
      },
      photo: {
        type: 'string',
        contentMediaType: 'application/octet-stream',
        description: 'PNG or JPEG photo for an hd style, at most 5 MB',
      },
    },
  },
  encoding: { request: { contentType: 'application/json' }, photo: { contentType: 'image/png, image/jpeg' } },
};

/**
 * What each request field means (a `description` on every body property that has none), for the
 * document and so for /docs, the MCP tools and generated clients. Keyed by `<operation id>.<field>`
 * where a name means something else per endpoint, else by field name.
 */
const BY_FIELD: Record<string, string> = {
  name: 'Player name as written (accents and case ignored); add team_hint when it is ambiguous',
  player_name: 'Player name as written (accents and case ignored); add team_hint when it is ambiguous',
  player_id: 'Player id (from an earlier answer or the candidates of an ambiguous name); instead of a name',
  team_hint: 'Club name that narrows an ambiguous player name',
  name2: 'A second player to compare side by side',
  closest: 'radar only: overlay the player of the same role closest to him by DNA (not with name2)',
  limit: 'How many results to return',
  filters: 'Optional filters: max_age, max_fee_tier (T1–T5), league_tier_max, position_group',
  team_name: 'Club name as written; or team_id',
  team_id: 'Club id; instead of team_name',
  league_name: 'League that narrows an ambiguous club name',
  style: `Card style: ${listInProse(SYNC_STYLES, 'and')} render now, ${listInProse(HD_STYLES, 'and')} are hd (async job, key only)`,
  stats: "Metric keys shown on the card (1–6, from the catalog's stat_keys_by_group); not on player_card",
  hero_stat: 'The metric shown largest; one of stats',
  caption: 'A short line printed on the card (60 characters at most)',
  take: "stat_ribbon's name for caption (not both)",
  verdict_code: 'Stamp a verdict on the card: fraud, merchant or cooked (not on stat_ribbon)',
  photo_url: 'https URL of a photo for an hd style (fetched by the server, 5 MB at most); or upload it as multipart',
  photo_mode: 'silhouette: an hd card without a photo',
  event_type: 'The moment the hd card celebrates (e.g. signing, milestone)',
  include_attribution: 'Add the data attribution line to the prompt',
  user_take: 'Your own line for the prompt (checked by the safety rules)',
  vibe_id: 'Vibe of the side (see the catalog: balanced, high_press, u23, …)',
  accepts: 'Position codes the slot accepts, e.g. ["ST","CF"]',
  wc2026_only: 'Only players whose nation is at the 2026 World Cup',
  min_fee_tier: 'Cheapest market-value tier allowed (T1 cheapest … T5)',
  max_league_tier: 'Lowest league level allowed (1 = top flight)',
  player_ids: 'Player ids',
};

const BY_OPERATION: Record<string, string> = {
  'match-intelligence.mode': 'upcoming (default), recent or all fixtures',
  'match-intelligence.limit': 'How many fixtures (1–30, default 10)',
  'best-xi.pool.mode': "pool (ranked candidates), full (one player's fit: needs player_id) or byIds (score player_ids)",
  'best-xi.pool.player_id': 'The player of mode full',
  'best-xi.pool.player_ids': 'The players of mode byIds',
  'best-xi.lineup.player_ids': 'The lineup: 1–11 player ids',
  'best-xi.lineup.vibe_id': "Score the lineup's fit to this vibe (vibe_fit)",
  'best-xi.pick.vibe_id': 'The vibe whose weights, filters and per-club cap pick the XI (default balanced)',
  'best-xi.pick.formation': 'The formation whose slots are filled: 4-3-3 (default), 4-4-2, 3-5-2 or 4-2-3-1',
  'best-xi.pick.league': "A league's name or id: the XI of that league alone (default: every league of the dataset)",
};

/** The description of request field `field` of operation `opId`, or undefined when none is known. */
const fieldDescriptionOf = (opId: string, field: string): string | undefined =>
  BY_OPERATION[`${opId}.${field}`] ?? BY_FIELD[field];

/** The request body schema of `op`, each property described unless its schema says already. */
export function bodySchemaOf(op: Operation): JsonSchema {
  const schema = schemaOf(op.body, 'input');
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const description = fieldDescriptionOf(op.id, name);
    if (typeof property === 'object' && property.description === undefined && description !== undefined)
      property.description = description;
  }
  return schema;
}

/** Query parameters of an operation as OpenAPI parameter objects. */
function queryParameters(op: Operation): unknown[] {
  const schema = schemaOf(op.query, 'input');
  return Object.entries(schema.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: false,
    schema: s,
  }));
}

/** Error codes answered with `status`, in precedence order, for the response descriptions. */
const codesOf = (status: number): string =>
  Object.entries(ERRORS)
    .flatMap(([code, info]) => (info.status === status ? [code] : []))
    .join(', ');

/** The GET twin of an operation: its free catalog. */
function catalogPathOf(op: Operation) {
  return {
    operationId: `${op.id}.catalog`,
    summary: `Catalog of ${op.path}: cost, bounds, enums`,
    tags: [op.tag],
    security: [],
    'x-credits': 0,
    responses: {
      '200': {
        description: 'Catalog',
        content: {
          'application/json': { schema: { $ref: '#/components/schemas/Catalog' }, example: catalogOf(op) },
        },
      },
      '400': problemRef('A query parameter was sent (catalogs take none)'),
    },
  };
}

/** The request body of an operation's POST: its JSON schema with the demo example, and the card upload form. */
function requestBodyOf(op: Operation) {
  const example = REQUEST_EXAMPLES[op.id];
  return {
    required: true,
    content: {
      'application/json': {
        schema: bodySchemaOf(op),
        ...(example ? { examples: { demo: { summary: example.summary, value: example.body } } } : {}),
      },
      ...(op.id === 'cards' ? { 'multipart/form-data': CARD_UPLOAD } : {}),
    },
  };
}

/** The 202 answer of an operation that runs as a job (hd cards). */
const JOB_QUEUED = () => ({
  '202': {
    description: `Async job queued (hd styles): credits held at queue time, captured on success, released on failure; poll the Location / poll_url`,
    headers: {
      'X-SVC-Credits-Held': { description: 'Credits reserved for the job', schema: { type: 'integer' } },
      Location: { description: 'poll_url', schema: { type: 'string' } },
    },
    content: {
      'application/json': {
        schema: schemaOf(CardJobResponse, 'output'),
        example: { ...EXAMPLES.job, status: 'queued', credits_charged: 0, result: undefined },
      },
    },
  },
});

/** The problem answers every paid POST may give, by status. */
function problemResponses() {
  return {
    '400': problemRef(`Invalid request (${codesOf(400)})`),
    '401': problemRef(`Missing or invalid key (${codesOf(401)})`),
    '402': problemRef(`Insufficient credits or demo limit exhausted (${codesOf(402)})`),
    '404': problemRef(`Unknown player, team or league (${codesOf(404)})`),
    '409': problemRef(`Ambiguous name (candidates listed) or idempotency key in progress (${codesOf(409)})`),
    '413': problemRef('Body larger than 64 KB'),
    '415': problemRef('Body is not application/json'),
    '405': problemRef('Method not allowed on this path; see Allow (GET and HEAD give the catalog)'),
    '422': problemRef(
      `Idempotency key reused with another request, or a player without a DNA vector (${codesOf(422)})`,
    ),
    '429': problemRef('Rate limited; see Retry-After'),
    '500': problemRef('Internal error; quote request_id'),
    '503': problemRef('The store cannot be reached (store_unavailable); nothing charged, see Retry-After'),
  };
}

/** The paid POST of an operation: cost, credentials, parameters, body, answers. */
function postPathOf(op: Operation) {
  const demo = demoAllowed(op, {});
  const credits = costOf(op, {});
  return {
    operationId: op.id,
    summary: op.summary,
    tags: [op.tag],
    ...(op.beta ? { 'x-beta': true } : {}),
    'x-credits': credits,
    'x-demo-channel': demo,
    security: [{ bearer: [] }, ...(demo ? [{ demoChannel: [] }] : [])],
    parameters: [
      ...queryParameters(op),
      {
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        schema: { type: 'string', minLength: 1, maxLength: 255 },
        description: 'Replays return the stored response and charge nothing',
      },
    ],
    requestBody: requestBodyOf(op),
    responses: {
      '200': {
        description: `Success; ${credits} credit${credits === 1 ? '' : 's'} charged`,
        headers: {
          'X-SVC-Credits-Charged': { $ref: '#/components/headers/CreditsCharged' },
          'X-SVC-Wallet-Balance': { $ref: '#/components/headers/WalletBalance' },
          'Request-Id': { $ref: '#/components/headers/RequestId' },
        },
        content: {
          'application/json': {
            schema: schemaOf(op.response, 'output'),
            ...(responseExample(op.id) ? { example: responseExample(op.id) } : {}),
          },
        },
      },
      ...(op.isJob ? JOB_QUEUED() : {}),
      ...problemResponses(),
    },
  };
}

/** The free poll of an async card job. */
function jobPath() {
  return {
    get: {
      operationId: 'cards.job',
      summary: 'Poll an async card job: queued → running → succeeded | failed (free; only the key that queued it)',
      tags: ['cards'],
      'x-credits': 0,
      security: [{ bearer: [] }],
      parameters: [
        { name: 'job_id', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } },
      ],
      responses: {
        '200': {
          description: 'The job',
          content: { 'application/json': { schema: schemaOf(CardJobResponse, 'output'), example: EXAMPLES.job } },
        },
        '401': problemRef('Missing or invalid key'),
        '404': problemRef('No such job for this key'),
      },
    },
  };
}

/** A stored card image. */
function imagePath() {
  return {
    get: {
      operationId: 'images.get',
      summary: 'A rendered card: `<sha256 of the PNG>.png`, immutable',
      tags: ['cards'],
      security: [],
      'x-credits': 0,
      parameters: [
        { name: 'name', in: 'path', required: true, schema: { type: 'string', pattern: '^[0-9a-f]{64}\\.png$' } },
      ],
      responses: {
        '200': {
          description: 'PNG',
          content: { 'image/png': { schema: { type: 'string', contentMediaType: 'image/png' } } },
        },
        '404': problemRef('No such image'),
      },
    },
  };
}

/** Security schemes, headers and shared schemas of the document. */
function componentsOf(adminScheme: Record<string, unknown>) {
  return {
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'svc_sk_…',
        description: 'Authorization: Bearer <API_KEY>',
      },
      adminToken: adminScheme,
      demoChannel: {
        type: 'apiKey',
        in: 'header',
        name: 'X-SVC-Demo-Channel',
        description: 'Anonymous demo: mcp, openclaw or custom-gpt; 15 successful calls per IP per UTC day',
      },
    },
    headers: {
      CreditsCharged: { description: 'Credits charged by this response', schema: { type: 'integer', minimum: 0 } },
      WalletBalance: { description: 'Wallet balance after this response', schema: { type: 'integer', minimum: 0 } },
      RequestId: {
        description: 'Identifier of this request (also request_id in error bodies)',
        schema: { type: 'string' },
      },
    },
    schemas: {
      Problem: { ...schemaOf(ProblemResponse, 'output'), example: EXAMPLES.problem },
      Catalog: schemaOf(CatalogResponse, 'output'),
    },
  };
}

/**
 * Builds the OpenAPI 3.1 document of `operations` served at `baseUrl`.
 * @example openApiOf(OPERATIONS, 'http://127.0.0.1:8787').openapi // => '3.1.0'
 */
export function openApiOf(operations: readonly Operation[], baseUrl: string): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const op of operations) paths[op.path] = { get: catalogPathOf(op), post: postPathOf(op) };
  if (operations.some((op) => op.isJob)) paths['/api/v1/cards/jobs/{job_id}'] = jobPath();
  paths['/images/{name}'] = imagePath();
  const admin = adminOpenApi();
  Object.assign(paths, admin.paths);
  return {
    openapi: '3.1.0',
    info: { ...API_INFO, license: { name: 'MIT', identifier: 'MIT' } },
    tags: [...new Set([...operations.map((op) => op.tag), 'admin'])].map((name) => ({
      name,
      description: TAGS[name] ?? name,
    })),
    servers: [{ url: baseUrl }],
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    paths,
    components: componentsOf(admin.scheme),
  };
}

/**
 * @module The admin API in the OpenAPI document: every `/admin/v1` route under the `admin` tag,
 * secured by the admin token (`adminToken` scheme). The public `/docs` page leaves them out.
 */
/** Ledger entries per page by default, and at most: part of the admin contract, read by ledger-page.ts. */
export const LEDGER_PAGE_DEFAULT = 50;
export const LEDGER_PAGE_MAX = 500;

const problem = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
});
const jsonOk = (description: string) => ({
  description,
  content: { 'application/json': { schema: { type: 'object' } } },
});
const keyId = {
  name: 'key_id',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^key_[0-9A-Za-z]{1,64}$' },
};
const common = { tags: ['admin'], security: [{ adminToken: [] }] };
const refused = {
  '401': problem('Missing or wrong admin token, or the admin API is disabled (unauthorized)'),
  '404': problem('No such key (not_found)'),
};
const body = (properties: Record<string, unknown>, required: string[]) => ({
  required: true,
  content: { 'application/json': { schema: { type: 'object', properties, required, additionalProperties: false } } },
});
const instant = { type: 'string', description: 'ISO-8601 instant or YYYY-MM-DD (UTC)' };

/** Keys: list, create, read, revoke. */
const keyPaths = () => ({
  '/admin/v1/keys': {
    get: {
      ...common,
      operationId: 'admin.keys.list',
      summary: 'Every key with its balance and held credits (never the secret)',
      responses: { '200': jsonOk('{ keys: [...] }'), ...refused },
    },
    post: {
      ...common,
      operationId: 'admin.keys.create',
      summary: 'Create a key and its wallet; the secret is in this response only',
      requestBody: body(
        {
          credits: { type: 'integer', minimum: 0 },
          label: { type: ['string', 'null'], maxLength: 200 },
          no_watermark: { type: 'boolean' },
        },
        ['credits'],
      ),
      responses: {
        '201': jsonOk('{ id, key, label, no_watermark, created_at, balance, held }'),
        '400': problem('Invalid body (invalid_request, amount_out_of_range)'),
        ...refused,
      },
    },
  },
  '/admin/v1/keys/{key_id}': {
    get: {
      ...common,
      operationId: 'admin.keys.get',
      summary: 'One key with its balance and held credits',
      parameters: [keyId],
      responses: { '200': jsonOk('Key summary'), ...refused },
    },
  },
  '/admin/v1/keys/{key_id}/revoke': {
    post: {
      ...common,
      operationId: 'admin.keys.revoke',
      summary: 'Revoke a key: its calls answer 401 from now on',
      parameters: [keyId],
      responses: { '200': jsonOk('Key summary'), '409': problem('Already revoked (key_revoked)'), ...refused },
    },
  },
});

/** Wallets: top up, balance, holds. */
const walletPaths = () => ({
  '/admin/v1/keys/{key_id}/topup': {
    post: {
      ...common,
      operationId: 'admin.wallet.topup',
      summary: "Add credits to the key's wallet",
      parameters: [keyId],
      requestBody: body(
        { credits: { type: 'integer', minimum: 1 }, note: { type: ['string', 'null'], maxLength: 200 } },
        ['credits'],
      ),
      responses: {
        '200': jsonOk('{ id, balance, held, available, holds }'),
        '400': problem('Amount out of range (amount_out_of_range)'),
        '409': problem('Revoked key (key_revoked)'),
        '422': problem('The wallet would pass its limit (balance_limit_exceeded)'),
        ...refused,
      },
    },
  },
  '/admin/v1/keys/{key_id}/wallet': {
    get: {
      ...common,
      operationId: 'admin.wallet.get',
      summary: 'Balance, held credits and open holds',
      parameters: [keyId],
      responses: { '200': jsonOk('{ id, balance, held, available, holds }'), ...refused },
    },
  },
  '/admin/v1/keys/{key_id}/holds': {
    get: {
      ...common,
      operationId: 'admin.wallet.holds',
      summary: 'Open holds, oldest first',
      parameters: [keyId],
      responses: { '200': jsonOk('{ holds }'), ...refused },
    },
  },
});

/** Reports: the ledger of a key and the usage by day. */
const reportPaths = () => ({
  '/admin/v1/keys/{key_id}/ledger': {
    get: {
      ...common,
      operationId: 'admin.wallet.ledger',
      summary: 'Ledger entries, newest first, paged and filtered',
      parameters: [
        keyId,
        { name: 'kind', in: 'query', schema: { type: 'string', enum: ['topup', 'hold', 'capture', 'release'] } },
        { name: 'since', in: 'query', schema: instant },
        { name: 'until', in: 'query', schema: instant },
        {
          name: 'before',
          in: 'query',
          schema: { type: 'integer', minimum: 1 },
          description: 'next_before of the previous page',
        },
        {
          name: 'limit',
          in: 'query',
          schema: { type: 'integer', minimum: 1, maximum: LEDGER_PAGE_MAX, default: LEDGER_PAGE_DEFAULT },
        },
      ],
      responses: {
        '200': jsonOk('{ entries, next_before }'),
        '400': problem('Invalid query (invalid_request)'),
        ...refused,
      },
    },
  },
  '/admin/v1/usage': {
    get: {
      ...common,
      operationId: 'admin.usage',
      summary: 'Charged calls and credits by UTC day and operation',
      parameters: [
        { name: 'key', in: 'query', schema: { type: 'string' }, description: 'One key; default every key' },
        { name: 'since', in: 'query', schema: instant },
        { name: 'until', in: 'query', schema: instant },
      ],
      responses: {
        '200': jsonOk('{ usage: [{ day, operation, calls, credits }] }'),
        '400': problem('Invalid query (invalid_request)'),
        ...refused,
      },
    },
  },
});

/**
 * The admin paths and the security scheme they use.
 * @example Object.keys(adminOpenApi().paths).includes('/admin/v1/keys') // => true
 */
export function adminOpenApi(): { paths: Record<string, unknown>; scheme: Record<string, unknown> } {
  return {
    scheme: {
      type: 'http',
      scheme: 'bearer',
      description: 'Authorization: Bearer <admin token> (serve --admin-token-file, or HALFSPACE_ADMIN_TOKEN)',
    },
    paths: { ...keyPaths(), ...walletPaths(), ...reportPaths() },
  };
}

/**
 * @module The admin API in the OpenAPI document: every `/admin/v1` route under the `admin` tag,
 * secured by the admin token (`adminToken` scheme). The public `/docs` page leaves them out.
 */
/** Ledger entries per page by default, and at most: part of the admin contract, read by reports.ts. */
export const LEDGER_PAGE_DEFAULT = 50;
export const LEDGER_PAGE_MAX = 500;

/** A problem answer of the document, described. */
export const problem = (description: string) => ({
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
const body = (properties: Record<string, unknown>, required: string[]) => ({
  required: true,
  content: { 'application/json': { schema: { type: 'object', properties, required, additionalProperties: false } } },
});
const instant = { type: 'string', description: 'ISO-8601 instant or YYYY-MM-DD (UTC)' };
const invalidQuery = { '400': problem('Invalid query (invalid_request)') };

/** One admin operation: its answers, then the refusals every admin route shares. */
const adminOp = (
  operationId: string,
  summary: string,
  responses: Record<string, unknown>,
  more: Record<string, unknown> = {},
) => ({
  tags: ['admin'],
  security: [{ adminToken: [] }],
  operationId,
  summary,
  ...more,
  responses: {
    ...responses,
    '401': problem('Missing or wrong admin token, or the admin API is disabled (unauthorized)'),
    '404': problem('No such key (not_found)'),
  },
});
/** An operation on one key, `/admin/v1/keys/{key_id}…`. */
const keyOp = (operationId: string, summary: string, responses: Record<string, unknown>, more = {}) =>
  adminOp(operationId, summary, responses, { parameters: [keyId], ...more });

const WALLET = '{ id, balance, held, available, holds }';

// Long: one literal of the admin paths, in the order /docs lists them.
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
    paths: {
      '/admin/v1/keys': {
        get: adminOp('admin.keys.list', 'Every key with its balance and held credits (never the secret)', {
          '200': jsonOk('{ keys: [...] }'),
        }),
        post: adminOp(
          'admin.keys.create',
          'Create a key and its wallet; the secret is in this response only',
          {
            '201': jsonOk('{ id, key, label, no_watermark, created_at, balance, held }'),
            '400': problem('Invalid body (invalid_request, amount_out_of_range)'),
          },
          {
            requestBody: body(
              {
                credits: { type: 'integer', minimum: 0 },
                label: { type: ['string', 'null'], maxLength: 200 },
                no_watermark: { type: 'boolean' },
              },
              ['credits'],
            ),
          },
        ),
      },
      '/admin/v1/keys/{key_id}': {
        get: keyOp('admin.keys.get', 'One key with its balance and held credits', { '200': jsonOk('Key summary') }),
      },
      '/admin/v1/keys/{key_id}/revoke': {
        post: keyOp('admin.keys.revoke', 'Revoke a key: its calls answer 401 from now on', {
          '200': jsonOk('Key summary'),
          '409': problem('Already revoked (key_revoked)'),
        }),
      },
      '/admin/v1/keys/{key_id}/topup': {
        post: keyOp(
          'admin.wallet.topup',
          "Add credits to the key's wallet",
          {
            '200': jsonOk(WALLET),
            '400': problem('Amount out of range (amount_out_of_range)'),
            '409': problem('Revoked key (key_revoked)'),
            '422': problem('The wallet would pass its limit (balance_limit_exceeded)'),
          },
          {
            requestBody: body(
              { credits: { type: 'integer', minimum: 1 }, note: { type: ['string', 'null'], maxLength: 200 } },
              ['credits'],
            ),
          },
        ),
      },
      '/admin/v1/keys/{key_id}/wallet': {
        get: keyOp('admin.wallet.get', 'Balance, held credits and open holds', { '200': jsonOk(WALLET) }),
      },
      '/admin/v1/keys/{key_id}/holds': {
        get: keyOp('admin.wallet.holds', 'Open holds, oldest first', { '200': jsonOk('{ holds }') }),
      },
      '/admin/v1/keys/{key_id}/ledger': {
        get: adminOp(
          'admin.wallet.ledger',
          'Ledger entries, newest first, paged and filtered',
          { '200': jsonOk('{ entries, next_before }'), ...invalidQuery },
          {
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
          },
        ),
      },
      '/admin/v1/usage': {
        get: adminOp(
          'admin.usage',
          'Charged calls and credits by UTC day and operation',
          { '200': jsonOk('{ usage: [{ day, operation, calls, credits }] }'), ...invalidQuery },
          {
            parameters: [
              { name: 'key', in: 'query', schema: { type: 'string' }, description: 'One key; default every key' },
              { name: 'since', in: 'query', schema: instant },
              { name: 'until', in: 'query', schema: instant },
            ],
          },
        ),
      },
    },
  };
}

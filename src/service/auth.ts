/**
 * @module Authentication of keyed calls (docs/design.md#authentication): `Authorization: Bearer svc_sk_…`. Missing,
 * malformed, unknown and revoked keys all fail with `unauthorized` (401).
 */
import { fail, ok, type Result } from '../errors.js';
import type { KeyRecord, KeyStore } from '../store/ports.js';
import { constantTimeEqual, hashKey, isWellFormedKey } from './billing/keys.js';

/**
 * The active key named by an `Authorization` header value.
 * @example await authenticate(store.keys, undefined) // => { ok: false, error: { code: 'unauthorized', … } }
 */
export async function authenticate(keys: KeyStore, authorization: string | undefined): Promise<Result<KeyRecord>> {
  if (authorization === undefined || authorization === '') {
    return fail(
      'unauthorized',
      'send Authorization: Bearer <API_KEY>, or X-SVC-Demo-Channel on an endpoint that accepts the demo channel',
      { param: 'Authorization' },
    );
  }
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization);
  if (!match)
    return fail('unauthorized', 'the Authorization header must read "Bearer <API_KEY>"', { param: 'Authorization' });
  const key = match[1];
  if (!isWellFormedKey(key))
    return fail('unauthorized', 'the API key is malformed (expected svc_sk_ followed by 49 letters and digits)', {
      param: 'Authorization',
    });
  const hash = hashKey(key);
  const record = await keys.byHash(hash);
  // The lookup is by hash; the comparison below keeps the final check constant-time anyway.
  if (!record || !constantTimeEqual(record.hash, hash))
    return fail('unauthorized', 'the API key is not known', { param: 'Authorization' });
  if (record.revoked_at !== null)
    return fail('unauthorized', 'the API key has been revoked', { param: 'Authorization' });
  return ok(record);
}

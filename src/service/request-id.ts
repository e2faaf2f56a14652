/** @module Request ids: every answer carries one (`Request-Id`), and the access log and problems name it. */
import { randomBytes } from 'node:crypto';

// Request ids need uniqueness, not secrecy: a random per-process prefix plus a counter, no CSPRNG
// call per request.
const REQUEST_ID_PREFIX = randomBytes(9).toString('base64url');
let requestCounter = 0;

/**
 * A fresh request id: `req_` + a 12-character per-process prefix + a base-36 counter.
 * @example newRequestId() // => 'req_Yx2…k0'
 */
export const newRequestId = (): string => `req_${REQUEST_ID_PREFIX}${(requestCounter++).toString(36)}`;

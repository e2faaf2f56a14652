/**
 * @module What an adapter hands the service and writes back: one request as an
 * {@link HttpExchange} (method, path, query, headers, peer and a body reader), one
 * {@link HttpReply}. The service runs its one pipeline over it (docs/design.md#request-pipeline).
 */

/** What an adapter's `readBody` throws when the client hangs up before the body ends: not a server fault. */
export class BodyAborted extends Error {
  constructor() {
    super('the client closed the connection before the body ended');
  }
}

/** One request as an adapter presents it. */
export interface HttpExchange {
  /** Upper-case method. */
  method: string;
  /** Path without query string, as sent (not decoded). */
  path: string;
  /** Query string without the leading `?`; empty when none. */
  query: string;
  /** A header's value by lower-case name. */
  header(name: string): string | undefined;
  /** Address of the direct peer. */
  peer: string;
  /** The body, or null when it is longer than `max` bytes; rejects with {@link BodyAborted} when the client hangs up first. */
  readBody(max: number): Promise<Uint8Array | null>;
}

/** What an adapter writes back; `body` is null for HEAD and 204. */
export interface HttpReply {
  status: number;
  headers: Record<string, string>;
  body: string | Uint8Array | null;
}

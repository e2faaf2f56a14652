/**
 * @module What every HTTP adapter hands the service and writes back: one request as an
 * {@link HttpExchange}, one {@link HttpReply}. Defined by the service (src/service/exchange.ts),
 * which runs the one pipeline over it; re-exported here for the adapters (MCP over HTTP, tests).
 */
export { BodyAborted, type HttpExchange, type HttpReply } from '../service/exchange.js';

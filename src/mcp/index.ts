/**
 * @module `halfspace/mcp`: the MCP server of the API's operations, for stdio (in-process engine)
 * or streamable HTTP over a service (billed like REST; `halfspace serve` mounts it at `/mcp`).
 */
export { createMcpServer, catalogUriOf, serveStdio, toolOf, toolNameOf } from './server.js';
export {
  localBackend,
  serviceBackend,
  LOCAL_BASE,
  type ToolBackend,
  type ToolCallOutcome,
  type ToolCredits,
  type HttpCaller,
} from './backend.js';
export { mcpRoute } from './http.js';

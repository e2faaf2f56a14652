/**
 * @module `halfspace mcp`: the MCP tools over stdio on an in-process engine (the user's own data,
 * no key, no wallet). stdout carries only the protocol; diagnostics go to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Readable, Writable } from 'node:stream';
import type { ServiceEngine } from '../service/contract/operations.js';
import { localBackend } from './backend.js';
import { createMcpServer } from './server.js';

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

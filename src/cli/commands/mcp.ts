/**
 * `halfspace mcp`: the API's operations as MCP tools over stdio, for a local agent working on the
 * user's own dataset (in-process engine, no key, no wallet). docs/mcp.md shows the client setup.
 */
import { Engine } from '../../engine.js';
import { serveStdio } from '../../mcp/server.js';
import { defineCommand } from '../run.js';
import { counted } from '../../prose.js';

/** `halfspace mcp`. */
export const mcpCommand = defineCommand({
  usage: 'mcp [--dataset demo|DIR]',
  options: { dataset: { type: 'string', default: 'demo' } },
  async run({ values, io }) {
    const engine = Engine.open({ dataset: values.dataset });
    io.stderr(
      `halfspace mcp: serving ${counted(engine.players.length, 'player')} of ${engine.dataset.meta.name} (as of ${engine.asOf}) over stdio\n`,
    );
    await serveStdio(engine);
    return 0;
  },
});

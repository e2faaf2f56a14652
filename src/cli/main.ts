/**
 * @module The `halfspace` command line: dispatches to one module per command, loading only the
 * module of the command that runs (./commands/catalog.ts).
 */
import { COMMAND_CATALOG } from './commands/catalog.js';
import { runCommand } from './run.js';

await runCommand(COMMAND_CATALOG, process.argv.slice(2));

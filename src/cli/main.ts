/**
 * @module The `halfspace` command line: dispatches to one module per command.
 */
import { COMMANDS } from './commands/index.js';
import { runCommand } from './run.js';

await runCommand(COMMANDS, process.argv.slice(2));

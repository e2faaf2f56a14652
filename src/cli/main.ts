/**
 * @module The `halfspace` command line: dispatches to one module per command, loading only the
 * module of the command that runs (./commands/catalog.ts), with V8 tuned for a short process
 * when that command answers once and exits (./v8-tuning.ts).
 */
import { COMMAND_CATALOG } from './commands/catalog.js';
import { findCommand, runCommand } from './run.js';
import { tuneForShortRun } from './v8-tuning.js';

const argv = process.argv.slice(2);
if (findCommand(COMMAND_CATALOG, argv)?.command.shortRun) tuneForShortRun();
await runCommand(COMMAND_CATALOG, argv);

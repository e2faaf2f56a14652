import type { LoadedCommand } from '../run.js';
import { COMMAND_CATALOG } from './catalog.js';

/**
 * Every `halfspace` sub-command, loaded, in help order: for in-process use and tests. The binary
 * itself runs from {@link COMMAND_CATALOG}, which loads a command's module only when it runs; a new
 * command needs only its line there.
 */
export const COMMANDS: readonly LoadedCommand[] = await Promise.all(
  COMMAND_CATALOG.map(async ({ name, summary, load }) => ({ ...(await load()), name, summary })),
);

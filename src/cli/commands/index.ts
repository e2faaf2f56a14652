import type { Command } from '../run.js';

/** Every `halfspace` sub-command, in help order. Add one import and one entry per command. */
export const COMMANDS: readonly Command[] = [];

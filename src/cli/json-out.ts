/**
 * @module `--json` output, in a module of its own so the store commands (keys, wallet), which print
 * JSON but read no dataset, do not load the engine and Apache Arrow through ./shared.ts.
 */

/** Writes JSON with a trailing newline. */
export const jsonOut = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/**
 * What the presets map onto in the same way, defined once: the percentage totals they convert
 * (which total is completed out of which attempted), and the grouped names of a two-row header. xG and xA are our own columns now
 * (docs/methodology/event-values.md#csv-presets), one key per meaning whatever the source.
 */
import type { ColumnMapInput } from '../column-map.js';

type PctRule = NonNullable<ColumnMapInput['pct']>[string];

/** Shots on target = shot-accuracy % × shots / 100. */
export const SHOTS_ON_TARGET_PCT: PctRule = { completed: 'shots_on_target', attempted: 'shots' };
/** Completed passes = pass-completion % × passes / 100. */
export const PASSES_COMPLETED_PCT: PctRule = { completed: 'passes_completed', attempted: 'passes' };

/**
 * Each name under `group`, as a two-row header names its columns (docs/scoring.md#column-maps).
 * @example under('Blocks', 'Sh', 'Pass') // => ['Blocks/Sh', 'Blocks/Pass']
 */
export const under = (group: string, ...names: string[]): string[] => names.map((name) => `${group}/${name}`);

/** The names of a block of text: one a line, or several on a line separated by ` | `. */
export const namesOf = (text: string): string[] =>
  text
    .split(/\n| \| /)
    .map((name) => name.trim())
    .filter((name) => name !== '');

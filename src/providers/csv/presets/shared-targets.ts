/**
 * What the presets map onto in the same way, defined once: the percentage totals they convert
 * (which total is completed out of which attempted). xG and xA are our own columns now
 * (docs/methodology/event-values.md#csv-presets), one key per meaning whatever the source.
 */
import type { ColumnMapInput } from '../column-map.js';

type PctRule = NonNullable<ColumnMapInput['pct']>[string];

/** Shots on target = shot-accuracy % × shots / 100. */
export const SHOTS_ON_TARGET_PCT: PctRule = { completed: 'shots_on_target', attempted: 'shots' };
/** Completed passes = pass-completion % × passes / 100. */
export const PASSES_COMPLETED_PCT: PctRule = { completed: 'passes_completed', attempted: 'passes' };

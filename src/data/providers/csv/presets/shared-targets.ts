/**
 * What the presets map onto in the same way, defined once: the provider metrics several exports
 * give (one key and label, so FBref's xG and Wyscout's xG are the same metric) and the percentage
 * totals they convert (which total is completed out of which attempted).
 */
import type { ColumnMapInput } from '../column-map.js';

type MetricRule = NonNullable<ColumnMapInput['metrics']>[string];
type PctRule = NonNullable<ColumnMapInput['pct']>[string];

/** Expected goals as a provider metric (docs/scoring.md#provider-metrics). */
export const XG_METRIC: MetricRule = { key: 'xg', label: 'xG' };
/** Expected assists as a provider metric (docs/scoring.md#provider-metrics). */
export const XA_METRIC: MetricRule = { key: 'xa', label: 'xA' };
/** Shots on target = shot-accuracy % × shots / 100. */
export const SHOTS_ON_TARGET_PCT: PctRule = { completed: 'shots_on_target', attempted: 'shots' };
/** Completed passes = pass-completion % × passes / 100. */
export const PASSES_COMPLETED_PCT: PctRule = { completed: 'passes_completed', attempted: 'passes' };

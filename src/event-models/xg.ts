/**
 * Expected goals of a shot under the shipped model (docs/methodology/values.md#model): a logistic
 * regression on distance, angle, body part, situation and assist, fitted on the Wyscout open data
 * and shipped in `xg-model.json` (`npm run model:xg` refits it); penalties get a constant.
 */
import { assert } from '../errors.js';
import { predictLogistic } from './logistic.js';
import type { ShotFeatures } from './shot.js';
import { xgColumnNamesOf, xgDesignRowOf } from './xg-design.js';
import MODEL from './xg-model.json' with { type: 'json' };

/** Version of the shipped coefficients; changes whenever they do. */
export const XG_MODEL_VERSION: string = MODEL.version;

/** xG of every penalty: the conversion rate of the training penalties (docs/methodology/values.md#penalties). */
export const PENALTY_XG: number = MODEL.penalty_xg;

const COEFFICIENTS: readonly number[] = MODEL.coefficients;
assert(
  MODEL.spec === 'full' && xgColumnNamesOf('full').join() === MODEL.columns.join(),
  'xg-model.json columns differ from the design (run npm run model:xg)',
);

/**
 * The probability (0–1) that a shot with these features is a goal; {@link PENALTY_XG} for a penalty.
 * @example xgOf({ x: 0.9, y: 0.5, bodyPart: 'foot', situation: 'open_play', assist: 'pass' }) // => about 0.2
 */
export function xgOf(shot: ShotFeatures): number {
  if (shot.situation === 'penalty') return PENALTY_XG;
  return predictLogistic(COEFFICIENTS, xgDesignRowOf(shot, 'full'));
}

/** @module POST /api/v1/best-xi/pool (docs/design.md#op-best-xi-pool): request body and response. */
import { BestXiPoolRequest, BestXiPoolResponse } from '../../../bestxi/pool.js';

/** The pool response is defined beside the function that builds it (its type is `z.infer` of it). */
export { BestXiPoolRequest, BestXiPoolResponse };

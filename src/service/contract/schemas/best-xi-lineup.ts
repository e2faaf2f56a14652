/** @module POST /api/v1/best-xi/lineup (docs/design.md#op-best-xi-lineup): request body and response. */
import { BestXiLineupRequest, BestXiLineupResponse } from '../../../bestxi/lineup.js';

/** The lineup response is defined beside the function that builds it (its type is `z.infer` of it). */
export { BestXiLineupRequest, BestXiLineupResponse };

/** @module POST /api/v1/verdict (docs/design.md#op-verdict): request body and response. */
import { VerdictRequest, VerdictResponse } from '../../../verdict/verdict.js';

/** The verdict response is defined beside the function that builds it (its type is `z.infer` of it). */
export { VerdictRequest, VerdictResponse };

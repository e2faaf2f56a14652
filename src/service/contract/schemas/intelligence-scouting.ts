/** @module POST /api/v1/intelligence/scouting (docs/design.md#op-scouting): request body and response. */
import { ScoutingRequest } from '../../../reports/requests.js';
import { ScoutingResponse } from '../../../reports/scouting.js';

/** The scouting response is defined beside the function that builds it (its type is `z.infer` of it). */
export { ScoutingRequest, ScoutingResponse };

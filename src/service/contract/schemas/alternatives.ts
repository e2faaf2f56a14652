/** @module POST /api/v1/alternatives (docs/design.md#op-alternatives, beta): request body and response. */
import { AlternativesRequest, AlternativesResponse } from '../../../dna/alternatives.js';

/** The alternatives response is defined beside the function that builds it (its type is `z.infer` of it). */
export { AlternativesRequest, AlternativesResponse };

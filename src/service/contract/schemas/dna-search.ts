/** @module POST /api/v1/intelligence/dna-search (docs/design.md#op-dna-search): request body and response. */
import { DnaSearchRequest, DnaSearchResponse } from '../../../dna/search-request.js';

/** The DNA search response is defined beside the function that builds it (its type is `z.infer` of it). */
export { DnaSearchRequest, DnaSearchResponse };

/** @module POST /api/v1/verdict (docs/design.md#op-verdict): request body and response. */
import { z } from 'zod';
import { VerdictRequest } from '../../../verdict/verdict.js';
import { VERDICT_CODES } from '../../../verdict/rules.js';
import { ResponseMeta } from './common.js';

export { VerdictRequest };

/** Verdict response (docs/design.md#verdicts): code, headline, confidence 0–1 and percentile receipts. */
export const VerdictResponse = z
  .object({
    verdict_code: z.enum(VERDICT_CODES),
    headline: z.string(),
    confidence: z.number().min(0).max(1),
    evidence: z.array(z.object({ metric: z.string(), percentile: z.number() }).loose()),
    narrative: z.string(),
    player: z.object({ player_id: z.number().int(), name: z.string() }).loose(),
    meta: ResponseMeta,
  })
  .loose();
export type VerdictResponse = z.infer<typeof VerdictResponse>;

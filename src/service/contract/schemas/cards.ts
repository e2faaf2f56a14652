/**
 * @module The responses of POST /api/v1/cards and /api/v1/cards/prompt (docs/design.md#op-cards,
 * docs/design.md#op-cards-prompt); their request bodies are in src/cards.
 */
import * as z from 'zod';
import { CardPlayer, CardResult } from '../../../cards/card.js';
import { HD_STYLES, SYNC_STYLES } from '../../../cards/request.js';

/**
 * Synchronous card response (200): the engine's card (`CardResult`, its fields as they are) with the
 * stored image's URL in place of the PNG bytes and without the render timings.
 */
export const CardResponse = z
  .object({
    player: CardResult.shape.player,
    style: z.enum(SYNC_STYLES),
    image_url: z.url(),
    watermark: CardResult.shape.watermark,
    width: CardResult.shape.width,
    height: CardResult.shape.height,
    content_hash: CardResult.shape.content_hash,
  })
  .strict();
export type CardResponse = z.infer<typeof CardResponse>;

/** A finished hd card: the synchronous card's fields with an hd style (a job's `result`; what MCP over stdio renders in-process). */
export const HdCardResponse = CardResponse.omit({ style: true }).extend({ style: z.enum(HD_STYLES) });
export type HdCardResponse = z.infer<typeof HdCardResponse>;

/** States of an async (hd) card job (docs/design.md#cards-and-prompts). */
const JOB_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;

/** Async card job as returned by POST (202) and by polling GET /api/v1/cards/jobs/{job_id}. */
export const CardJobResponse = z
  .object({
    job_id: z.string(),
    status: z.enum(JOB_STATUSES),
    poll_url: z.url(),
    style: z.enum(HD_STYLES),
    credits_held: z.number().int().describe('Credits reserved at queue time'),
    credits_charged: z.number().int().describe('Credits captured: the held amount once succeeded, else 0'),
    created_at: z.string(),
    updated_at: z.string(),
    result: HdCardResponse.optional(),
    error: z.object({ code: z.string(), detail: z.string() }).loose().optional(),
  })
  .strict();
export type CardJobResponse = z.infer<typeof CardJobResponse>;

/** Card prompt response (docs/design.md#op-cards-prompt): the prompt and the mandatory safety block. */
export const CardPromptResponse = z
  .object({
    player: CardPlayer,
    style: z.string(),
    prompt: z.object({ data_and_style: z.string() }).loose(),
    safety: z.object({ instructions: z.string().min(1) }).loose(),
  })
  .loose();
export type CardPromptResponse = z.infer<typeof CardPromptResponse>;

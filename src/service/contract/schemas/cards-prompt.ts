/** @module The response of POST /api/v1/cards/prompt (docs/design.md#op-cards-prompt). */
import * as z from 'zod';
import { CardPlayer } from '../../../cards/card.js';

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

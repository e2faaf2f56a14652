import { CardPromptRequest } from '../../cards/request.js';
import { parseWith } from '../../validation.js';
import { defineCommand } from '../run.js';
import { DATASET, IDENTITY, identityOf, printAnswer, valueOrExit } from '../shared.js';

/** `halfspace prompt`: the image prompt of an hd card style, with its fixed safety block (docs/cards.md#prompts). */
export const promptCommand = defineCommand({
  usage: `prompt ${IDENTITY.usage} [--style fifa_viral] [--take TEXT] [--attribution] ${DATASET.usage}`,
  options: {
    ...IDENTITY.options,
    ...DATASET.options,
    style: { type: 'string', default: 'fifa_viral' },
    take: { type: 'string' },
    attribution: { type: 'boolean', default: false },
  },
  run({ values, io }) {
    const request: Record<string, unknown> = { ...identityOf(values, 'player_name'), style: values.style };
    if (values.take !== undefined) request.user_take = values.take;
    if (values.attribution) request.include_attribution = true;
    printAnswer(
      values,
      io,
      (engine) => engine.parsed.cardPrompt(valueOrExit(parseWith(CardPromptRequest, request))),
      (r) => `${r.prompt.data_and_style}\n\n${r.safety.instructions}\n`,
    );
  },
});

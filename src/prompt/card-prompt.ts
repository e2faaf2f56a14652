/**
 * @module The card-prompt operation (docs/design.md#op-cards-prompt): validate, resolve the player, build his facts and
 * compose the prompt. Nothing is rendered or watermarked.
 */
import type { z } from 'zod';
import type { EngineContext } from '../context.js';
import { ok, type Result } from '../errors.js';
import { resolveOrFail } from '../reports/resolve.js';
import { cardFactsOf } from '../cards/facts.js';
import type { CardPromptRequest, HdStyle } from '../cards/request.js';
import { cardPlayerOf, type CardPlayer } from '../cards/card.js';
import { composeCardPrompt, type CardPrompt } from './compose.js';

/** Response of the card-prompt operation: the player block, the style and the composed prompt. */
export interface CardPromptResult extends CardPrompt {
  player: CardPlayer;
  style: HdStyle;
}

/**
 * Validates a prompt request and composes the prompt for the resolved player's latest season.
 * Takes a request its schema has parsed (`engine.cardPrompt` in the public API parses first).
 * @example cardPromptOfParsed(engine, CardPromptRequest.parse({ player_name: 'Saka', style: 'fifa_viral' })).ok // => true
 */
export function cardPromptOfParsed(
  ctx: EngineContext,
  req: z.output<typeof CardPromptRequest>,
): Result<CardPromptResult> {
  const resolved = resolveOrFail(ctx, { name: req.player_name, player_id: req.player_id, team_hint: req.team_hint });
  if (!resolved.ok) return resolved;
  const { player } = resolved.value;
  const facts = cardFactsOf(ctx, player, { watermark: null });
  const composed = composeCardPrompt(facts, {
    style: req.style,
    include_attribution: req.include_attribution,
    user_take: req.user_take,
  });
  return ok({ player: cardPlayerOf(player.player_id, facts), style: req.style, ...composed });
}

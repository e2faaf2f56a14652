/**
 * @module Request schemas of the card endpoints (docs/design.md#op-cards, docs/design.md#op-cards-prompt): styles, identity, stats,
 * captions, photos and verdict codes. Every failure becomes `invalid_request` naming the field.
 */
import * as z from 'zod';
import { IdentityName, PLAYER_NAME_IDENTITY_FIELDS, requireIdentity } from '../identity/request.js';
import { METRIC_KEYS } from '../stats/metrics.js';
import { EVENT_TYPES } from './angle.js';
import { CARD_VERDICT_CODES } from './verdict-line.js';
import { CAPTION_MAX_GRAPHEMES, captionProblemOf } from './text.js';

import { CARD_STYLES, HD_STYLES } from './styles.js';

export { CARD_STYLES, HD_STYLES, SYNC_STYLES } from './styles.js';
/** Schema of a card style name. @example CardStyle.parse('collage') // => 'collage' */
export const CardStyle = z.enum(CARD_STYLES);
export type CardStyle = z.infer<typeof CardStyle>;
/** Schema of an hd style name (prompts accept only these). @example HdStyle.safeParse('player_card').success // => false */
export const HdStyle = z.enum(HD_STYLES);
export type HdStyle = z.infer<typeof HdStyle>;

/** Longest `user_take` of a prompt request, in graphemes (docs/cards.md#prompts). */
const USER_TAKE_MAX_GRAPHEMES = 280;

const HD_STYLE_SET: ReadonlySet<string> = new Set(HD_STYLES);

/** True for the hd styles. @example isHdStyle('collage') // => true */
export const isHdStyle = (style: string): style is HdStyle => HD_STYLE_SET.has(style);

/** Whether a style shows a verdict line: the player card and the hd covers do, the data-only sync cards do not. */
export const hasVerdictLine = (style: string): boolean => style === 'player_card' || isHdStyle(style);

const caption = z.string().superRefine((text, ctx) => {
  const problem = captionProblemOf(text, CAPTION_MAX_GRAPHEMES);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const httpsUrl = z
  .string()
  .max(2048)
  .superRefine((text, ctx) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be an absolute https URL' });
      return;
    }
    if (url.protocol !== 'https:') ctx.addIssue({ code: 'custom', message: 'must use https' });
    else if (url.username || url.password) ctx.addIssue({ code: 'custom', message: 'must not carry credentials' });
  });

const identityRequired = requireIdentity('player_name');

/**
 * POST /api/v1/cards body. Cross-field rules: `stats` is refused on player_card (the triplet is
 * fixed); `hero_stat` must be one of `stats` when `stats` is given (otherwise it is checked against
 * the group's defaults after resolution); `photo_url`, `photo_mode` and `event_type` only on hd
 * styles; `take` is stat_ribbon's name for `caption` (not both); `verdict_code` not on stat_ribbon;
 * radar takes no `stats`, `hero_stat` or `caption`, and `name2` (the overlaid player) only on radar.
 * Whether `stats` suit the player's position group is checked after resolution.
 * @example CardRequest.safeParse({ player_name: 'Saka', style: 'player_card' }).success // => true
 */
export const CardRequest = z
  .object({
    ...PLAYER_NAME_IDENTITY_FIELDS,
    style: CardStyle,
    stats: z
      .array(z.enum(METRIC_KEYS))
      .min(1)
      .max(6)
      .refine((keys) => new Set(keys).size === keys.length, 'must not repeat a key')
      .optional(),
    hero_stat: z.enum(METRIC_KEYS).optional(),
    caption: caption.optional(),
    take: caption.optional(),
    verdict_code: z.enum(CARD_VERDICT_CODES).optional(),
    photo_url: httpsUrl.optional(),
    photo_mode: z.literal('silhouette').optional(),
    event_type: z.enum(EVENT_TYPES).optional(),
    name2: IdentityName.optional(),
    /** radar only: overlay the player of the same role closest to him by DNA (docs/cards.md#radar). */
    closest: z.boolean().optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    identityRequired(v, ctx);
    const hd = isHdStyle(v.style);
    const refuse = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.style === 'player_card' && v.stats !== undefined)
      refuse('stats', 'player_card shows the fixed position triplet; stats is not accepted');
    if (v.style === 'player_card' && v.hero_stat !== undefined) refuse('hero_stat', 'player_card has no hero column');
    if (v.style === 'radar' && v.stats !== undefined)
      refuse('stats', "radar draws the metrics of the player's role; stats is not accepted");
    if (v.style === 'radar' && v.hero_stat !== undefined) refuse('hero_stat', 'radar has no hero column');
    if (v.style === 'radar' && v.caption !== undefined) refuse('caption', 'radar has no caption');
    if (v.name2 !== undefined && v.style !== 'radar')
      refuse('name2', 'name2 (a second player) is only for the radar style');
    if (v.closest !== undefined && v.style !== 'radar')
      refuse('closest', 'closest (overlay the closest player by DNA) is only for the radar style');
    if (v.closest === true && v.name2 !== undefined) refuse('closest', 'give name2 or closest, not both');
    if (v.hero_stat !== undefined && v.stats !== undefined && !v.stats.includes(v.hero_stat))
      refuse('hero_stat', 'must be one of stats');
    if (v.take !== undefined && v.style !== 'stat_ribbon')
      refuse('take', 'take is the stat_ribbon name for caption; use caption');
    if (v.take !== undefined && v.caption !== undefined) refuse('take', 'give caption or take, not both');
    if (v.verdict_code !== undefined && !hasVerdictLine(v.style))
      refuse('verdict_code', `${v.style} has no verdict line`);
    if (!hd && v.photo_url !== undefined)
      refuse('photo_url', `photos are only for the hd styles (${HD_STYLES.join(', ')})`);
    if (!hd && v.photo_mode !== undefined)
      refuse('photo_mode', `photo_mode is only for the hd styles (${HD_STYLES.join(', ')})`);
    if (!hd && v.event_type !== undefined)
      refuse('event_type', `event_type is only for the hd styles (${HD_STYLES.join(', ')})`);
    if (v.photo_mode !== undefined && v.photo_url !== undefined)
      refuse('photo_mode', 'silhouette is for cards without a photo; drop photo_url or photo_mode');
  });
export type CardRequest = z.infer<typeof CardRequest>;

/**
 * POST /api/v1/cards/prompt body (docs/design.md#op-cards-prompt): identity, an hd style, optional attribution and
 * an optional `user_take` (fenced in the prompt, never able to displace the safety block).
 * @example CardPromptRequest.safeParse({ player_name: 'Saka', style: 'fifa_viral' }).success // => true
 */
export const CardPromptRequest = z
  .object({
    ...PLAYER_NAME_IDENTITY_FIELDS,
    style: HdStyle,
    include_attribution: z.boolean().optional(),
    user_take: z
      .string()
      .superRefine((text, ctx) => {
        const problem = captionProblemOf(text, USER_TAKE_MAX_GRAPHEMES);
        if (problem && !problem.startsWith('contains characters')) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
  })
  .strict()
  .superRefine(identityRequired);
export type CardPromptRequest = z.infer<typeof CardPromptRequest>;

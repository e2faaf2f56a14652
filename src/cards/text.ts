/**
 * @module Caller text on cards: captions are counted in graphemes and must be drawable by the
 * bundled font. Text is never markup: satori draws it as glyph paths, so `<`, `&` and quotes are
 * just shapes; what cannot be drawn is refused with a reason.
 */

/** Longest caption, in graphemes (SPEC §8.3). */
export const CAPTION_MAX_GRAPHEMES = 60;

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Number of user-perceived characters (extended grapheme clusters) in `text`.
 * @example graphemeCount('👍🏽é') // => 2
 */
export function graphemeCount(text: string): number {
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
}

// Control characters and bidi overrides/isolates could reorder or hide text; refused (docs/cards.md#captions).
const CONTROL = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
// Scripts the bundled Inter font draws; emoji are in Common and come from Twemoji.
const DRAWABLE = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Script=Common}\p{Script=Inherited}]*$/u;

/**
 * Why `text` cannot be a caption, or null when it can: empty, longer than `max` graphemes,
 * control or bidi-override characters, or a script the bundled font cannot draw (e.g. Arabic,
 * Hebrew, CJK — refused rather than drawn as blanks).
 * @example captionProblemOf('<script>alert(1)</script> & 🔥') // => null
 * @example captionProblemOf('x'.repeat(61)) // => 'must be at most 60 characters (graphemes), got 61'
 */
export function captionProblemOf(text: string, max: number = CAPTION_MAX_GRAPHEMES): string | null {
  if (text.trim().length === 0) return 'must not be empty';
  const n = graphemeCount(text);
  if (n > max) return `must be at most ${max} characters (graphemes), got ${n}`;
  if (CONTROL.test(text)) return 'must not contain control or bidirectional-override characters';
  if (!DRAWABLE.test(text)) return 'contains characters the card font cannot draw (Latin, Greek, Cyrillic and emoji are supported; right-to-left and CJK scripts are not)';
  return null;
}

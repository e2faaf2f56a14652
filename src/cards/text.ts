/**
 * @module Caller text on cards: captions are counted in graphemes, bounded in code points and
 * combining marks, and must be drawable: every character by the bundled Inter font, or an emoji
 * Twemoji has an image for. Text is never markup: satori draws it as glyph paths, so `<`, `&` and
 * quotes are just shapes; what cannot be drawn is refused with a reason.
 */
import { emojiDataUrl } from './fonts.js';
import { fontHasGlyph } from './glyphs.js';

/** Longest caption, in graphemes (docs/design.md#input-bounds). */
export const CAPTION_MAX_GRAPHEMES = 60;

const segmenter = new Intl.Segmenter('en', { granularity: 'grapheme' });
const segmentsOf = (text: string): Intl.Segments => segmenter.segment(text);

/**
 * Number of user-perceived characters (extended grapheme clusters) in `text`.
 * @example graphemeCount('👍🏽é') // => 2
 */
export function graphemeCount(text: string): number {
  let n = 0;
  for (const _ of segmentsOf(text)) n++;
  return n;
}

/** Code points allowed per allowed grapheme: a caption of 60 graphemes holds at most 240 code points. */
const CODE_POINTS_PER_GRAPHEME = 4;
/** Combining marks one grapheme may stack (Vietnamese needs two); more towers over the card. */
const MAX_MARKS_PER_GRAPHEME = 2;

// Control characters and bidi overrides/isolates could reorder or hide text; refused (docs/cards.md#captions).
const CONTROL = /[\p{Cc}\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const MARK = /\p{M}/gu;
// Graphemes satori hands to the emoji loader (pictographs, flags, keycaps).
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

const hex = (text: string) =>
  [...text].map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' ');

/** The first grapheme the card cannot draw: a character the font lacks that is not an emoji Twemoji has. */
function undrawableOf(text: string): string | null {
  for (const { segment } of segmentsOf(text)) {
    if ([...segment].every((c) => fontHasGlyph(c.codePointAt(0)!))) continue;
    if (EMOJI.test(segment) && emojiDataUrl(segment) !== null) continue;
    return segment;
  }
  return null;
}

/**
 * Why `text` cannot be a caption, or null when it can: empty, longer than `max` graphemes or
 * `4 × max` code points, control or bidi-override characters, a grapheme stacking more than two
 * combining marks, or a character neither the font nor Twemoji can draw (e.g. Arabic, Hebrew, CJK,
 * rare combining marks — refused rather than drawn as blanks or "NO GLYPH" boxes).
 * @example captionProblemOf('<script>alert(1)</script> & 🔥') // => null
 * @example captionProblemOf('x'.repeat(61)) // => 'must be at most 60 characters (graphemes), got 61'
 */
export function captionProblemOf(text: string, max: number = CAPTION_MAX_GRAPHEMES): string | null {
  if (text.trim().length === 0) return 'must not be empty';
  // Code points first: counting graphemes of a huge run of marks is the expensive part.
  let points = 0;
  for (const _ of text)
    if (++points > max * CODE_POINTS_PER_GRAPHEME)
      return `must be at most ${max * CODE_POINTS_PER_GRAPHEME} code points (combining marks and emoji sequences count each of theirs)`;
  const n = graphemeCount(text);
  if (n > max) return `must be at most ${max} characters (graphemes), got ${n}`;
  if (CONTROL.test(text)) return 'must not contain control or bidirectional-override characters';
  for (const { segment } of segmentsOf(text)) {
    if ((segment.match(MARK)?.length ?? 0) > MAX_MARKS_PER_GRAPHEME && !EMOJI.test(segment)) {
      return `contains characters stacked with more than ${MAX_MARKS_PER_GRAPHEME} combining marks (${hex(segment.slice(0, 8))}…)`;
    }
  }
  const bad = undrawableOf(text);
  if (bad !== null)
    return `contains characters the card font cannot draw: ${hex(bad)} (Latin, Greek, Cyrillic and emoji are supported; right-to-left and CJK scripts are not)`;
  return null;
}

/**
 * @module Fitting engine text (a verdict's sentence) into a fixed box without cutting it: the box
 * first shrinks the type within its documented sizes, then drops whole trailing clauses, so a card
 * never shows a sentence cut mid-phrase (docs/cards.md#text-fit). Widths come from the font's
 * advance widths (`textWidthOf`), so no layout pass is needed to decide.
 */
import { textWidthOf } from './glyphs.js';

/** A text box: its width (px), most lines, the font sizes it may use (largest first) and weight. */
export interface TextBox {
  width: number;
  lines: number;
  sizes: readonly number[];
  weight: number;
}

/** Share of the box width the measured text may fill: headroom for satori's own line breaking. */
export const TEXT_FIT_SLACK = 0.97;

/**
 * Lines `text` takes at `fontSize` in a box `width` px wide, wrapping greedily at spaces (satori
 * also breaks at hyphens, so this errs towards more lines).
 * @example lineCountOf('one two three', 20, 400, 1000) // => 1
 */
export function lineCountOf(text: string, fontSize: number, weight: number, width: number): number {
  const space = textWidthOf(' ', fontSize, weight);
  let lines = 1;
  let used = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const w = textWidthOf(word, fontSize, weight);
    if (used > 0 && used + space + w > width) {
      lines++;
      used = w;
    } else used += (used > 0 ? space : 0) + w;
  }
  return lines;
}

const fits = (text: string, size: number, box: TextBox) =>
  lineCountOf(text, size, box.weight, box.width * TEXT_FIT_SLACK) <= box.lines;

/**
 * The clause-boundary shortenings of a sentence, longest first: the text before each `, ` `; `
 * `: ` ` — ` or sentence end, its trailing punctuation replaced by a full stop. A sentence with no
 * boundary has none.
 * @example clausePrefixesOf('Elite: passes 90th, tackles 85th, duels 80th.') // => ['Elite: passes 90th, tackles 85th.', 'Elite: passes 90th.', 'Elite.']
 */
export function clausePrefixesOf(text: string): string[] {
  const cuts: number[] = [];
  for (const m of text.matchAll(/[,;:]\s|[.!?]\s|\s[—–]\s/g)) cuts.push(m.index);
  return cuts
    .reverse()
    .map((at) => `${text.slice(0, at).replace(/[\s,;:—–]+$/, '')}`)
    .filter((t) => t.length > 0)
    .map((t) => (/[.!?]$/.test(t) ? t : `${t}.`));
}

/**
 * `text` fitted into `box`: the largest of its sizes at which the whole text fits; else, at the
 * smallest size, the longest shortening at a clause boundary that fits ({@link clausePrefixesOf});
 * else the first clause, which then wraps past the box rather than being cut. `shortened` says
 * whether clauses were dropped.
 * @example fitTextOf('Short.', { width: 600, lines: 2, sizes: [20, 18], weight: 400 }) // => { text: 'Short.', fontSize: 20, shortened: false }
 */
export function fitTextOf(text: string, box: TextBox): { text: string; fontSize: number; shortened: boolean } {
  for (const size of box.sizes) if (fits(text, size, box)) return { text, fontSize: size, shortened: false };
  const smallest = box.sizes[box.sizes.length - 1]!;
  const prefixes = clausePrefixesOf(text);
  const fitting = prefixes.find((p) => fits(p, smallest, box));
  return { text: fitting ?? prefixes[prefixes.length - 1] ?? text, fontSize: smallest, shortened: true };
}

/**
 * @module Which code points the bundled card font draws and how wide they are, from each Inter TTF's
 * `cmap` and `hmtx` tables as satori's own font parser (@shuding/opentype.js) reads them, once per
 * process. Caption validation uses the first so that text the font lacks is refused with a reason
 * instead of drawn as "NO GLYPH" boxes; text fitting uses the widths (docs/cards.md#text-fit).
 */
import { createRequire } from 'node:module';
import type { parse as parseFont } from '@shuding/opentype.js';
import { type CardFont, cardFonts } from './fonts.js';

// The parser belongs to the render stack, so it is required on first use: caption validation
// imports this module, and `import 'halfspace'` must not load the parser (docs/design.md#import-cost).
const require = createRequire(import.meta.url);

/** Advance widths of one font face, in em, by code point: only the code points it maps to a glyph. */
type Advances = Map<number, number>;
let advances: Map<number, Advances> | null = null;
let covered: Set<number> | null = null;

/** Advance width (em) of every mapped code point of a face: `hmtx` through `cmap`, over units per em. */
function advancesOf(face: CardFont): Advances {
  const { parse }: { parse: typeof parseFont } = require('@shuding/opentype.js');
  // A copy, because the parser reads from offset 0 of the buffer it is given. Glyph outlines are
  // never drawn from here, so `lowMemory` leaves them unparsed.
  const font = parse(new Uint8Array(face.data).buffer, { lowMemory: true });
  const out: Advances = new Map();
  for (const [c, glyph] of Object.entries(font.tables.cmap.glyphIndexMap))
    out.set(Number(c), font.glyphs.get(glyph).advanceWidth / font.unitsPerEm);
  return out;
}

/** The advances of every card font face by weight, parsed on first call. */
function advancesByWeight(): Map<number, Advances> {
  return (advances ??= new Map(cardFonts().map((f) => [f.weight, advancesOf(f)])));
}

/**
 * True when every weight of the card font has a glyph for `codePoint`.
 * @example fontHasGlyph(0x41) // => true
 * @example fontHasGlyph(0x6f22) // => false (CJK)
 */
export function fontHasGlyph(codePoint: number): boolean {
  if (!covered) {
    const [first, ...rest] = advancesByWeight().values();
    covered = new Set([...first!.keys()].filter((c) => rest.every((r) => r.has(c))));
  }
  return covered.has(codePoint);
}

/**
 * Width of `text` set in the card font at `fontSize` px and `weight`, from the font's advance
 * widths (no kerning, which in Inter only tightens pairs, so the figure errs wide). A character the
 * font lacks counts as one em.
 * @example Math.round(textWidthOf('Elite', 20, 400)) // => 40
 */
export function textWidthOf(text: string, fontSize: number, weight: number): number {
  const byWeight = advancesByWeight();
  const table = byWeight.get(weight) ?? byWeight.get(cardFonts()[0]!.weight)!;
  let em = 0;
  for (const c of text) em += table.get(c.codePointAt(0)!) ?? 1;
  return em * fontSize;
}

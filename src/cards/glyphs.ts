/**
 * @module Which code points the bundled card font draws and how wide they are: the `cmap`, `hmtx`,
 * `hhea` and `head` tables of each Inter TTF, read once per process. Caption validation uses the
 * first so that text the font lacks is refused with a reason instead of drawn as "NO GLYPH" boxes;
 * text fitting uses the widths (docs/cards.md#text-fit).
 */
import { cardFonts } from './fonts.js';

/** Offset of the table `tag` in a TrueType/OpenType font, or -1 when it has none. */
function tableOffsetOf(font: Buffer, tag: string): number {
  for (let i = 0; i < font.readUInt16BE(4); i++) {
    const rec = 12 + i * 16;
    if (font.toString('latin1', rec, rec + 4) === tag) return font.readUInt32BE(rec + 8);
  }
  return -1;
}

/** Code points mapped to a glyph in one TrueType/OpenType font, with their glyph ids (format 4 and 12 `cmap` subtables). */
function glyphIdsOf(font: Buffer): Map<number, number> {
  const u16 = (o: number) => font.readUInt16BE(o);
  const u32 = (o: number) => font.readUInt32BE(o);
  const cmap = tableOffsetOf(font, 'cmap');
  const points = new Map<number, number>();
  if (cmap < 0) return points;
  const subtables = u16(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const platform = u16(cmap + 4 + i * 8);
    const encoding = u16(cmap + 6 + i * 8);
    // Unicode subtables only: platform 0, or Windows (3) with BMP (1) or full repertoire (10).
    if (!(platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10)))) continue;
    const sub = cmap + u32(cmap + 8 + i * 8);
    const format = u16(sub);
    if (format === 4) {
      const segments = u16(sub + 6) / 2;
      const ends = sub + 14;
      const starts = ends + segments * 2 + 2;
      const deltas = starts + segments * 2;
      const offsets = deltas + segments * 2;
      for (let s = 0; s < segments; s++) {
        const end = u16(ends + s * 2);
        const start = u16(starts + s * 2);
        const delta = u16(deltas + s * 2);
        const rangeOffset = u16(offsets + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) {
          let glyph: number;
          if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
          else {
            const at = offsets + s * 2 + rangeOffset + (c - start) * 2;
            glyph = u16(at);
            if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
          }
          if (glyph !== 0) points.set(c, glyph);
        }
      }
    } else if (format === 12) {
      const groups = u32(sub + 12);
      for (let g = 0; g < groups; g++) {
        const rec = sub + 16 + g * 12;
        const start = u32(rec);
        const end = u32(rec + 4);
        const glyph = u32(rec + 8);
        for (let c = start; c <= end; c++) if (glyph + (c - start) !== 0) points.set(c, glyph + (c - start));
      }
    }
  }
  return points;
}

let covered: Set<number> | null = null;

/**
 * True when every weight of the card font has a glyph for `codePoint`.
 * @example fontHasGlyph(0x41) // => true
 * @example fontHasGlyph(0x6f22) // => false (CJK)
 */
export function fontHasGlyph(codePoint: number): boolean {
  if (!covered) {
    const [first, ...rest] = cardFonts().map((f) => glyphIdsOf(f.data));
    covered = new Set([...first!.keys()].filter((c) => rest.every((r) => r.has(c))));
  }
  return covered.has(codePoint);
}

/** Advance widths of one font face, in em, by code point. */
type Advances = Map<number, number>;
const advances = new Map<number, Advances>();

/** Advance width (em) of every mapped code point of a font: `hmtx` through `cmap`, over `head`'s units per em. */
function advancesOf(font: Buffer): Advances {
  const unitsPerEm = font.readUInt16BE(tableOffsetOf(font, 'head') + 18);
  const metrics = font.readUInt16BE(tableOffsetOf(font, 'hhea') + 34);
  const hmtx = tableOffsetOf(font, 'hmtx');
  // Glyphs past the last long metric share its advance (TrueType `hmtx`).
  const advanceOf = (glyph: number) => font.readUInt16BE(hmtx + 4 * Math.min(glyph, metrics - 1));
  const out: Advances = new Map();
  for (const [c, glyph] of glyphIdsOf(font)) out.set(c, advanceOf(glyph) / unitsPerEm);
  return out;
}

/**
 * Width of `text` set in the card font at `fontSize` px and `weight`, from the font's advance
 * widths (no kerning, which in Inter only tightens pairs, so the figure errs wide). A character the
 * font lacks counts as one em.
 * @example Math.round(textWidthOf('Elite', 20, 400)) // => 40
 */
export function textWidthOf(text: string, fontSize: number, weight: number): number {
  const face = cardFonts().find((f) => f.weight === weight) ?? cardFonts()[0]!;
  let table = advances.get(face.weight);
  if (!table) advances.set(face.weight, (table = advancesOf(face.data)));
  let em = 0;
  for (const c of text) em += table.get(c.codePointAt(0)!) ?? 1;
  return em * fontSize;
}

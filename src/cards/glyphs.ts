/**
 * @module Which code points the bundled card font draws: the `cmap` table of each Inter TTF, read
 * once per process. Caption validation uses it so that text the font lacks is refused with a reason
 * instead of drawn as "NO GLYPH" boxes.
 */
import { cardFonts } from './fonts.js';

/** Code points mapped to a glyph in one TrueType/OpenType font (format 4 and 12 `cmap` subtables). */
function codePointsOf(font: Buffer): Set<number> {
  const u16 = (o: number) => font.readUInt16BE(o);
  const u32 = (o: number) => font.readUInt32BE(o);
  const tables = u16(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const rec = 12 + i * 16;
    if (font.toString('latin1', rec, rec + 4) === 'cmap') cmap = u32(rec + 8);
  }
  const points = new Set<number>();
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
          if (glyph !== 0) points.add(c);
        }
      }
    } else if (format === 12) {
      const groups = u32(sub + 12);
      for (let g = 0; g < groups; g++) {
        const rec = sub + 16 + g * 12;
        const start = u32(rec);
        const end = u32(rec + 4);
        const glyph = u32(rec + 8);
        for (let c = start; c <= end; c++) if (glyph + (c - start) !== 0) points.add(c);
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
    const [first, ...rest] = cardFonts().map((f) => codePointsOf(f.data));
    covered = new Set([...first].filter((c) => rest.every((r) => r.has(c))));
  }
  return covered.has(codePoint);
}

/**
 * The part of @shuding/opentype.js that src/cards/glyphs.ts reads. The package is satori's own
 * font parser and ships no types.
 */
declare module '@shuding/opentype.js' {
  /** A parsed font: its units per em, the Unicode → glyph id map of its `cmap`, and its glyphs. */
  export interface Font {
    unitsPerEm: number;
    tables: { cmap: { glyphIndexMap: Record<string, number> } };
    glyphs: { get(glyph: number): { advanceWidth: number } };
  }
  /** Parses a TrueType/OpenType font; `lowMemory` leaves glyph outlines unread until one is asked for. */
  export function parse(buffer: ArrayBuffer, options?: { lowMemory?: boolean }): Font;
}

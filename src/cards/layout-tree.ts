/**
 * @module Layout trees for satori written as plain objects (no React): `div(style, ...children)`
 * for every box and `img(...)` for pictures.
 */

/** A CSS-like style object as satori understands it (flexbox subset). */
export type Style = Record<string, string | number>;

/** One element of a layout tree: satori's `{ type, props: { style, children } }` shape. */
export interface LayoutNode {
  type: string;
  props: { style?: Style; children?: LayoutChild | LayoutChild[]; src?: string; width?: number; height?: number };
}
/** A child: an element, a text run, or nothing. */
export type LayoutChild = LayoutNode | string | null | undefined | false;

/**
 * Builds one flex box; falsy children are dropped so layouts can use `cond && div(…)`.
 * Text children stay strings: satori shapes them into glyph paths, so text can never become markup.
 * @example div({ color: '#fff' }, 'Saka') // => { type: 'div', props: { style: { display: 'flex', boxSizing: 'border-box', color: '#fff' }, children: ['Saka'] } }
 */
export function div(style: Style, ...children: LayoutChild[]): LayoutNode {
  const kept = children.filter((c): c is LayoutNode | string => c !== null && c !== undefined && c !== false);
  return { type: 'div', props: { style: { display: 'flex', boxSizing: 'border-box', ...style }, children: kept } };
}

/**
 * An image element from a data URL (PNG, JPEG or SVG), scaled to cover its box.
 * @example img('data:image/png;base64,…', 400, 500, {}).type // => 'img'
 */
export function img(src: string, width: number, height: number, style: Style = {}): LayoutNode {
  return { type: 'img', props: { src, width, height, style: { objectFit: 'cover', ...style } } };
}

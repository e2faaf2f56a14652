/**
 * @module Pieces of the hd styles: the photo or silhouette block and the ribbon table
 * (season goals, assists, key passes, big chances).
 */
import type { CardFacts } from '../facts.js';
import { h, img, type LayoutNode } from '../h.js';
import type { CardPhoto } from '../photo.js';
import { INK, formatInt } from './shared.js';

/** Size of every hd card (px). */
export const HD_SIZE = { width: 1080, height: 1350 } as const;

/** The caller's photo covering a `width` × `height` box, or a flat silhouette in `tint` when there is none. */
export function portraitOf(
  photo: CardPhoto | null,
  width: number,
  height: number,
  tint: string,
  style: Record<string, string | number> = {},
): LayoutNode {
  if (photo) return img(photo.data_url, width, height, style);
  const head = Math.round(Math.min(width, height) * 0.34);
  return h(
    'div',
    {
      width,
      height,
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'flex-end',
      overflow: 'hidden',
      ...style,
    },
    h('div', { width: head, height: head, borderRadius: head / 2, backgroundColor: tint }),
    h('div', { width: Math.round(head * 0.42), height: Math.round(head * 0.18), backgroundColor: tint }),
    h('div', {
      width: Math.round(head * 2.3),
      height: Math.round(height * 0.36),
      backgroundColor: tint,
      borderTopLeftRadius: head,
      borderTopRightRadius: head,
    }),
  );
}

/** The ribbon table: four season totals side by side. */
export function ribbonTableOf(
  facts: CardFacts,
  colors: { fill: string; text: string; muted: string; divider: string },
): LayoutNode {
  const cells: [string, number | null][] = facts.season_totals.map((t) => [t.label, t.value]);
  return h(
    'div',
    { backgroundColor: colors.fill, borderRadius: 20, padding: '18px 8px' },
    ...cells.map(([label, value], i) =>
      h(
        'div',
        {
          flexDirection: 'column',
          alignItems: 'center',
          flexGrow: 1,
          flexBasis: 0,
          borderLeft: i === 0 ? 'none' : `2px solid ${colors.divider}`,
        },
        h('div', { fontSize: 46, fontWeight: 900, color: colors.text }, formatInt(value)),
        h(
          'div',
          {
            fontSize: 17,
            fontWeight: 700,
            color: colors.muted,
            textTransform: 'uppercase',
            letterSpacing: 1.5,
            marginTop: 2,
          },
          label,
        ),
      ),
    ),
  );
}

/** Default muted palette for ribbon tables on dark cards. */
export const DARK_TABLE = { fill: INK.panel, text: INK.text, muted: INK.muted, divider: INK.track } as const;

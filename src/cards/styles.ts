/**
 * @module The card style names and sizes, with no schema or renderer behind them, so that CLI help, the
 * operation table and docs name the styles from this one list without loading the card code.
 */

/** Synchronous styles (rendered in the request). */
export const SYNC_STYLES = ['player_card', 'stat_ribbon', 'shot_map', 'radar'] as const;
/** Asynchronous hd styles (SPEC v0.1.1): rendered by a job, photo optional. */
export const HD_STYLES = ['editorial_cover', 'fifa_viral', 'collage'] as const;
/** Every card style. */
export const CARD_STYLES = [...SYNC_STYLES, ...HD_STYLES] as const;

/** Pixel size of each style: 4:5 portrait, stat_ribbon square. */
export const CARD_SIZES: Readonly<Record<(typeof CARD_STYLES)[number], { width: number; height: number }>> = {
  player_card: { width: 1080, height: 1350 },
  stat_ribbon: { width: 1080, height: 1080 },
  shot_map: { width: 1080, height: 1350 },
  radar: { width: 1080, height: 1350 },
  editorial_cover: { width: 1080, height: 1350 },
  fifa_viral: { width: 1080, height: 1350 },
  collage: { width: 1080, height: 1350 },
};

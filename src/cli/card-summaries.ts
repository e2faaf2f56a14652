/**
 * @module The help summaries of the `card` and `prompt` commands, naming the styles from their
 * list; the command catalog and each command's module read them from here.
 */
import { CARD_STYLES, HD_STYLES } from '../cards/styles.js';
import { listInProse } from '../prose.js';

/** Summary of `card`. */
export const CARD_SUMMARY = `Render a PNG card: ${listInProse(CARD_STYLES)}`;
/** Summary of `prompt`. */
export const PROMPT_SUMMARY = `Image prompt for an hd card style (${HD_STYLES.join(', ')}) with the mandatory safety block`;

/** Word lists written as text in the demo's data tables (names, cities). */

/**
 * The words of a whitespace-separated list; an underscore stands for a space inside one word.
 * @example wordList(' Orvieto_Nuova  Vignale ') // => ['Orvieto Nuova', 'Vignale']
 */
export const wordList = (s: string): string[] =>
  s
    .trim()
    .split(/\s+/)
    .map((t) => t.replace(/_/g, ' '));

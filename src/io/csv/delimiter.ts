/**
 * The field delimiter of a CSV file (docs/csv.md#delimiters): `,`, `;` or tab, detected from the
 * header line unless forced.
 */

/** Delimiters a CSV file may use. */
export const CSV_DELIMITERS = [',', ';', '\t'] as const;

/** One of {@link CSV_DELIMITERS}. */
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** Readable name of a delimiter, as `--delimiter` spells it and `--json` reports it. */
export const delimiterNameOf = (d: CsvDelimiter): string => (d === '\t' ? 'tab' : d);

/**
 * The delimiter a `--delimiter` value names (`,` `comma` `;` `semicolon` `tab` `\t`), or null.
 * @example delimiterFromName('tab') // => '\t'
 */
export function delimiterFromName(name: string): CsvDelimiter | null {
  const named: Record<string, CsvDelimiter> = {
    ',': ',',
    comma: ',',
    ';': ';',
    semicolon: ';',
    tab: '\t',
    '\t': '\t',
    '\\t': '\t',
  };
  return named[name.toLowerCase()] ?? null;
}

/** Position of each delimiter in {@link CSV_DELIMITERS}, keyed by the character. */
const DELIMITER_INDEX = new Map<string, number>(CSV_DELIMITERS.map((d, k) => [d, k]));

/**
 * The delimiter of a header line: whichever of `,` `;` and tab occurs most often outside
 * double quotes; a comma when none occurs (a one-column file). A tie between two of them is
 * ambiguous and returns null, so the caller asks for `--delimiter` instead of guessing.
 * @example delimiterOfHeader('name;position;"a,b"') // => ';'
 */
export function delimiterOfHeader(header: string): CsvDelimiter | null {
  const counts = [0, 0, 0];
  let quoted = false;
  for (let i = 0; i < header.length; i++) {
    const c = header[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted) {
      const k = DELIMITER_INDEX.get(c);
      if (k !== undefined) counts[k]++;
    }
  }
  const best = Math.max(...counts);
  if (best === 0) return ',';
  if (counts.filter((c) => c === best).length > 1) return null;
  return CSV_DELIMITERS[counts.indexOf(best)];
}

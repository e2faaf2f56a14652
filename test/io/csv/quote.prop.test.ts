import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../src/io/csv/parse.js';
import { csvQuoted, forcesQuotes } from '../../../src/io/csv/quote.js';

const fieldText = fc.string({ unit: fc.constantFrom('a', 'é', ' ', '"', ',', '\n', '\r', 'x') });

describe('providers/csv/quote: the one quoting rule', () => {
  it('every string, quoted, parses back to itself as one field (empty string included)', () => {
    fc.assert(
      fc.property(fc.array(fieldText, { minLength: 1, maxLength: 4 }), (xs) => {
        const records: (string | null)[][] = [];
        parseCsv(`${xs.map(csvQuoted).join(',')}\n`, 't.csv', (fields) => records.push(fields));
        expect(records).toEqual([xs]);
      }),
    );
  });

  it('quotes exactly when a character of the rule occurs or the text is empty, as the byte rule says', () => {
    fc.assert(
      fc.property(fieldText, (s) => {
        const byBytes = s === '' || Array.from(new TextEncoder().encode(s)).some(forcesQuotes);
        expect(csvQuoted(s).startsWith('"')).toBe(byBytes);
      }),
    );
  });
});

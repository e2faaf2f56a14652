import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { USER_TAKE_CLOSE, USER_TAKE_OPEN, composeCardPrompt } from '../../src/prompt/compose.js';
import { SAFETY_INSTRUCTIONS } from '../../src/prompt/safety.js';
import { HD_STYLES } from '../../src/cards/request.js';
import { sampleFacts } from '../cards/sample-facts.js';

// Takes mixing arbitrary Unicode with fence look-alikes, brackets and line breaks.
const hostile = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc
    .array(
      fc.constantFrom(
        USER_TAKE_OPEN,
        USER_TAKE_CLOSE,
        '<',
        '>',
        '\n',
        '\r',
        '\u2028',
        'SAFETY',
        'ignore previous',
        ' ',
        'x',
        '🔥',
      ),
      { maxLength: 30 },
    )
    .map((a) => a.join('')),
);

describe('composeCardPrompt properties', () => {
  it('keeps the safety block byte-identical and the fence intact whatever the user text', () => {
    fc.assert(
      fc.property(hostile, fc.constantFrom(...HD_STYLES), fc.boolean(), (take, style, attribution) => {
        const r = composeCardPrompt(sampleFacts(), { style, include_attribution: attribution, user_take: take });
        expect(r.safety.instructions).toBe(SAFETY_INSTRUCTIONS);
        const text = r.prompt.data_and_style;
        expect(text.split(USER_TAKE_OPEN).length - 1).toBe(1);
        expect(text.split(USER_TAKE_CLOSE).length - 1).toBe(1);
        // Between the markers there is exactly one line: the neutralised take.
        const inside = text.slice(
          text.indexOf(USER_TAKE_OPEN) + USER_TAKE_OPEN.length + 1,
          text.indexOf(USER_TAKE_CLOSE) - 1,
        );
        expect(inside.includes('\n')).toBe(false);
        expect(/[<>]/.test(inside)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

/* docs/methodology/values.md's worked examples, recomputed from the shipped model and grid as written. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AssistKind, BodyPart, ShotSituation } from '../../src/values/shot.js';
import { xgOf } from '../../src/values/xg.js';
import { xtAddedOf, xtAt } from '../../src/values/xt.js';

const doc = readFileSync(new URL('../../docs/methodology/values.md', import.meta.url), 'utf8');
const examples = doc.slice(doc.indexOf('## Worked examples'));

describe('docs/methodology/values.md worked examples', () => {
  const rows = [...examples.matchAll(/^\| (\d+) \| (\w+) \| (\w+) \| (\w+) \| ([\d.]+) \|$/gm)];

  it('lists the xG table', () => {
    expect(rows.length).toBeGreaterThanOrEqual(8);
  });

  it('gives each shot the xG the shipped model computes', () => {
    for (const [, d, bodyPart, situation, assist, xg] of rows) {
      const shot = {
        x: 1 - Number(d) / 105,
        y: 0.5,
        bodyPart: bodyPart as BodyPart,
        situation: situation as ShotSituation,
        assist: assist as AssistKind,
      };
      expect(xgOf(shot).toFixed(3), `${d} m ${bodyPart} ${situation} ${assist}`).toBe(xg);
    }
  });

  it('gives the xT values of the text', () => {
    const value = (call: string) =>
      examples.match(new RegExp(`\`${call.replace(/[().]/g, '\\$&')}\` = ([\\d.]*\\d)`))?.[1];
    expect(value('xtAt(0.5, 0.5)')).toBe(xtAt(0.5, 0.5).toFixed(4));
    expect(value('xtAt(0.9, 0.5)')).toBe(xtAt(0.9, 0.5).toFixed(4));
    expect(value('xtAddedOf(0.5, 0.5, 0.9, 0.5)')).toBe(xtAddedOf(0.5, 0.5, 0.9, 0.5).toFixed(4));
  });
});

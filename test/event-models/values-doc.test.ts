/* docs/methodology/values.md's worked examples, recomputed from the shipped model and grid as written. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AssistKind, BodyPart, ShotSituation } from '../../src/event-models/shot.js';
import { xgOf } from '../../src/event-models/xg.js';
import { xtAddedOf, xtAt } from '../../src/event-models/xt.js';

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

describe('docs/methodology/values.md skill scores', () => {
  const report = readFileSync(new URL('../../docs/methodology/xg-training.md', import.meta.url), 'utf8');
  const skills = doc.slice(doc.indexOf('### Why the league-wide targets'));
  /** The cells of the first table row that starts with `label`. */
  const cellsOf = (text: string, label: string): string[] => {
    const line = text.split('\n').find((l) => l.startsWith(`| ${label} |`));
    expect(line, label).toBeDefined();
    return line!
      .split('|')
      .slice(2, -1)
      .map((c) => c.trim());
  };
  const entropy = (p: number) => -(p * Math.log(p) + (1 - p) * Math.log(1 - p));

  it('derives the anchor’s skill scores from its stated base rate, Brier and log-loss', () => {
    const [rate, brier, baseBrier, brierSkill, ll, baseLl, llSkill] = cellsOf(
      skills,
      'socceraction logistic, World Cup 2018 (anchor)',
    ).map(Number);
    expect(baseBrier!.toFixed(4)).toBe((rate! * (1 - rate!)).toFixed(4));
    expect(brierSkill!.toFixed(3)).toBe((1 - brier! / (rate! * (1 - rate!))).toFixed(3));
    expect(baseLl!.toFixed(3)).toBe(entropy(rate!).toFixed(3));
    expect(llSkill!.toFixed(3)).toBe((1 - ll! / entropy(rate!)).toFixed(3));
  });

  it('takes our rows from the generated training report, and their skill scores from those', () => {
    for (const [label, reportLabel] of [
      ['ours, all leagues and the World Cup', 'shipped model, all shots'],
      ['ours, World Cup 2018 only', 'shipped model, world_cup'],
    ] as const) {
      const [, rate, auc, brier, baseBrier, ll, baseLl] = cellsOf(report, reportLabel);
      const row = cellsOf(skills, label);
      expect(row.slice(0, 3)).toEqual([rate, brier, baseBrier]);
      expect(row[3]).toBe((1 - Number(brier) / Number(baseBrier)).toFixed(3));
      expect(row.slice(4, 6)).toEqual([ll, baseLl]);
      expect(row[6]).toBe((1 - Number(ll) / Number(baseLl)).toFixed(3));
      expect(row[7]).toBe(Number(auc).toFixed(3));
    }
  });
});

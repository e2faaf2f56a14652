/* A keeper's save share among his verdict receipts (docs/methodology/verdict.md#keeper-receipts), by hand. */
import { describe, expect, it } from 'vitest';
import { SAVE_SHARE_RECEIPT, withSaveShare } from '../../src/verdict/keeper-receipts.js';

const r = (metric: string, percentile: number) => ({ metric, percentile });
const save = (p: number) => r(SAVE_SHARE_RECEIPT, p);

describe('keeper receipts', () => {
  it('puts his save share before the team outcomes in a verdict of strengths, at most three receipts', () => {
    const team = [r('goals_conceded_per90', 91), r('cleansheets_per90', 94)];
    expect(withSaveShare(team, save(98), 'elite').map((e) => e.metric)).toEqual([
      SAVE_SHARE_RECEIPT,
      'goals_conceded_per90',
      'cleansheets_per90',
    ]);
    // Own work ranks by percentile: a 91st in passes stays ahead of a 60th save share, a team outcome does not.
    const solid = [r('passes_per90', 91), r('goals_conceded_per90', 80), r('saves_per90', 67)];
    expect(withSaveShare(solid, save(60), 'solid').map((e) => e.metric)).toEqual([
      'passes_per90',
      SAVE_SHARE_RECEIPT,
      'goals_conceded_per90',
    ]);
  });

  it("leaves an elite verdict's strong receipts alone when his save share is not strong; it leads a specialist's", () => {
    const team = [r('goals_conceded_per90', 91), r('cleansheets_per90', 94)];
    expect(withSaveShare(team, save(60), 'elite')).toEqual(team);
    // A keeper's one specialty (shot-stopper) is led by his save share, ahead of a higher pass accuracy.
    const rest = [r('pass_accuracy_pct', 96), r('cleansheets_per90', 70)];
    expect(withSaveShare(rest, save(92), 'specialist').map((e) => e.metric)).toEqual([
      SAVE_SHARE_RECEIPT,
      'pass_accuracy_pct',
      'cleansheets_per90',
    ]);
  });

  it('ranks it from the bottom in a below-par verdict, ahead of a team outcome it ties; nothing for a fallback or an unknown share', () => {
    const worst = [r('goals_conceded_per90', 2), r('cleansheets_per90', 24), r('saves_per90', 30)];
    expect(withSaveShare(worst, save(2), 'below_par').map((e) => e.metric)).toEqual([
      SAVE_SHARE_RECEIPT,
      'goals_conceded_per90',
      'cleansheets_per90',
    ]);
    expect(withSaveShare([], save(99), 'fallback')).toEqual([]);
    expect(withSaveShare(worst, save(Number.NaN), 'below_par')).toEqual(worst);
  });
});

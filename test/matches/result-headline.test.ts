/**
 * A played match without a signal gets a headline that says what the result means, not the score
 * alone (docs/methodology/matches.md#headlines): the rules on hand-made runs, and every played demo
 * fixture checked against "Home 2-1 Away (League, round n)."-style restatements.
 */
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import type { TeamResult } from '../../src/matches/form.js';
import { resultHeadlineOf } from '../../src/matches/result-headline.js';

/** Results newest first from "W", "D", "L" letters (newest first). */
const results = (letters: string): TeamResult[] =>
  [...letters].map((l, i) => ({
    fixture_id: i,
    kickoff_ms: 1_000_000 - i,
    opponent_id: 99,
    venue: 'home',
    goals_for: l === 'W' ? 2 : l === 'D' ? 1 : 0,
    goals_against: l === 'L' ? 2 : 1 - (l === 'W' ? 1 : 0),
  }));

const match = (home: string, away: string, score: [number, number], round: string | null = '7') => ({
  home: { name: 'Home', before: results(home) },
  away: { name: 'Away', before: results(away) },
  score: { home: score[0], away: score[1] },
  round,
  competition: 'the FIFA World Cup',
});

describe('resultHeadlineOf', () => {
  it('says who wins a final and who goes through a knockout round', () => {
    expect(resultHeadlineOf({ ...match('', '', [2, 4], 'Final') })).toBe(
      'Away win the FIFA World Cup, beating Home 4-2.',
    );
    expect(resultHeadlineOf(match('WW', 'WD', [2, 1], 'Semi-finals'))).toBe('Home reach the final, beating Away 2-1.');
    expect(resultHeadlineOf(match('W', 'W', [0, 1], 'Round of 16'))).toBe(
      'Away reach the quarter-finals, beating Home 1-0.',
    );
    expect(resultHeadlineOf(match('W', 'W', [1, 1], 'Quarter-finals'))).toMatch(/penalty shoot-out decides the tie/);
  });

  it('names a drought ended or an unbeaten run broken', () => {
    expect(resultHeadlineOf(match('LDLW', 'WWLW', [3, 0]))).toBe(
      'Home beat Away 3-0 for their first win in 4 matches.',
    );
    expect(resultHeadlineOf(match('WLWL', 'WDWWL', [1, 0]))).toBe(
      "Home end Away's run of 4 matches unbeaten, winning 1-0.",
    );
  });

  it('counts an ordinary result into the record, and a draw into its run', () => {
    expect(resultHeadlineOf(match('WLW', 'LWL', [2, 0]))).toBe('Home beat Away 2-0: their 3rd win in 4 matches.');
    expect(resultHeadlineOf(match('', 'W', [2, 0]))).toBe('Home open with a 2-0 win over Away.');
    expect(resultHeadlineOf(match('DDW', 'WL', [1, 1]))).toBe('Home and Away draw 1-1: 3 draws in a row for Home.');
    expect(resultHeadlineOf(match('WL', 'LW', [0, 0]))).toBe("Home and Away draw 0-0, Home's 1st draw in 3 matches.");
  });
});

describe('headlines of played demo fixtures', () => {
  it('never only restate the score', () => {
    const engine = Engine.open({ dataset: 'demo' });
    const r = engine.matchIntelligence({ team_name: 'Saltmarsh United', mode: 'recent', limit: 30 });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.matches.length).toBeGreaterThan(10);
    for (const m of r.value.matches) expect(m.signals.headline).not.toMatch(/^.+ \d+-\d+ .+ \(.+\)\.$/);
    // Some of these 30 results have no signal: their headline comes from the result rules.
    expect(r.value.matches.filter((m) => m.signal_items.length === 0).map((m) => m.signals.headline)).toContainEqual(
      expect.stringMatching(/: their \d+(st|nd|rd|th) win in \d+ matches\.$|draw in \d+ matches\.$/),
    );
  });
});

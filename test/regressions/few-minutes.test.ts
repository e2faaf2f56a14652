/**
 * Regression (seen on StatsBomb data: Tyrone Mings, 11 minutes, 1 appearance): a cameo under 90
 * minutes has no per-90 values, but its ratios do, so one perfect cross or pass made him the
 * "standout" at the 100th percentile, rated 9.50 by the model (a composite of that one ratio), with
 * a card reading "1 apps" and "Small sample, but pass accuracy stand out."
 */
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { cardFactsOf, defaultTakeOf } from '../../src/cards/facts.js';
import { leagueInProse } from '../../src/prose.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

// Tomi (player 5, RW): 11 minutes, one appearance, one completed cross, no provider rating; the
// cohort's attackers cross at 30 %.
const crossers = Object.fromEntries([1, 2, 3, 4, 6].map((id) => [id, { crosses: 10, crosses_completed: 3 }]));
const engine = Engine.open({
  dataset: tinyDataset({
    ...crossers,
    // 10 of 10 crosses: enough attempts (RATIO_ATTEMPTS_MIN) for the ratio to be ranked at all.
    5: { minutes: 11, appearances: 1, starts: 0, goals: 0, shots: 0, crosses: 10, crosses_completed: 10, rating: null },
  }),
});
const row = engine.latestRowOf(5);

describe('a player under 90 minutes', () => {
  it('has a cross-accuracy percentile (so the guards below are what hides it) but no model rating', () => {
    expect(engine.derived.minutes[row]).toBe(11);
    expect(engine.derived.percentiles.cross_accuracy_pct[row]).toBe(100);
    expect(engine.derived.values.rating[row]).toBeNaN();
    expect(engine.derived.ratingIsProvider[row]).toBe(0);
  });

  it('gets no highlight in player, scouting or the narrative', () => {
    const p = engine.player({ player_id: 5 }, { narrative: true });
    if (!p.ok) throw new Error(p.error.message);
    expect(p.value.data.highlight).toBeNull();
    expect(p.value.data.narrative).not.toMatch(/standout|percentile/);
    expect(p.value.data.narrative).toContain('11 minutes over 1 appearance ');
    const s = engine.scouting({ player_id: 5 });
    if (!s.ok) throw new Error(s.error.message);
    expect(s.value.data.highlight).toBeNull();
  });

  it('card facts: no highlight, the not-enough-minutes take, no rating; the prompt says "1 appearance"', () => {
    const facts = cardFactsOf(engine, engine.playerById(5)!, { watermark: 'halfspace.dev' });
    expect(facts.highlight).toBeNull();
    expect(facts.caption).toBe('Numbers loading: not enough minutes yet.');
    expect(facts.sample).toMatchObject({ appearances: 1, minutes: 11, rating: null, level: 'low' });
    const prompt = engine.cardPrompt({ player_id: 5, style: 'fifa_viral' });
    if (!prompt.ok) throw new Error(prompt.error.message);
    expect(prompt.value.prompt.data_and_style).toContain('1 appearance, 11 minutes.');
  });
});

describe('the small-sample take', () => {
  it('states the number under a small-sample warning and claims nothing ("stand out" was wrong in number and in substance)', () => {
    expect(defaultTakeOf('Pass accuracy', 100, 'Defender', 'low')).toBe(
      'Small sample: pass accuracy at the 100th percentile.',
    );
    expect(defaultTakeOf('Rating', 35, 'Defender', 'low')).toBe('Small sample: rating at the 35th percentile.');
    expect(defaultTakeOf('Key passes', 92, 'Midfielder', 'low')).not.toMatch(/stand|top|elite/i);
  });
});

describe('league names in the narrative', () => {
  it('take "the" before a common noun ("in the Premier League"), not before a proper name', () => {
    expect(leagueInProse('Premier League')).toBe('the Premier League');
    expect(leagueInProse('Championship Division')).toBe('the Championship Division');
    expect(leagueInProse('Serie A')).toBe('Serie A');
    expect(leagueInProse('La Liga')).toBe('La Liga');
    expect(leagueInProse('The League')).toBe('The League');
    const p = engine.player({ player_id: 1 }, { narrative: true });
    // The tiny dataset's league is "Erste Liga", a proper name.
    expect(p.ok && p.value.data.narrative).toContain('at FC Nordhafen in Erste Liga.');
  });
});

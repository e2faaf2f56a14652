import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { cardFactsOf, defaultTakeOf } from '../../src/cards/facts.js';
import { verdictConfidenceOf, verdictLineOf } from '../../src/cards/verdict-line.js';
import { CARD_TRIPLET } from '../../src/stats/metrics.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

describe('verdictConfidenceOf', () => {
  it('scales a style-tag line by the share of a 3060-minute season, clamped to 0.2–0.95', () => {
    expect(verdictConfidenceOf(null, 1530, [])).toBe(0.5); // 1530 / 3060
    expect(verdictConfidenceOf(null, 0, [])).toBe(0.2); // clamped up
    expect(verdictConfidenceOf(null, 5000, [])).toBe(0.95); // clamped down
  });
  it('backs fraud and cooked by low percentiles, merchant by high ones', () => {
    expect(verdictConfidenceOf('fraud', 2000, [20, 40])).toBe(0.7); // 1 − 30/100
    expect(verdictConfidenceOf('cooked', 2000, [20, null, 40])).toBe(0.7); // nulls ignored
    expect(verdictConfidenceOf('merchant', 2000, [20, 40])).toBe(0.3); // 30/100
    expect(verdictConfidenceOf('fraud', 2000, [null])).toBe(0.5); // nothing known
  });
});

describe('verdictLineOf', () => {
  const elite = { verdict_code: 'elite', headline: 'X is elite: goals 95th percentile.', confidence: 0.88 };
  it('uses the engine verdict when the caller sets no code', () => {
    expect(verdictLineOf(null, elite, ['Poacher'], 'Attacker', 900, [])).toEqual({
      code: 'elite',
      headline: 'Elite',
      detail: elite.headline,
      confidence: 0.88,
      source: 'engine',
    });
  });
  it('falls back to style tags when the engine has no decisive verdict', () => {
    const fallback = { verdict_code: 'fallback', headline: 'No clear verdict.', confidence: 0.2 };
    // 900 / 3060 = 0.294 → 0.29.
    expect(verdictLineOf(null, fallback, ['Poacher', 'Aerial', 'Quick'], 'Attacker', 900, [])).toEqual({
      code: null,
      headline: 'Poacher · Aerial',
      detail: null,
      confidence: 0.29,
      source: 'style_tags',
    });
    expect(verdictLineOf(null, null, [], 'Defender', 900, []).headline).toBe('Defender profile');
  });
  it('keeps the caller code, taking the engine confidence only when it agrees', () => {
    const fraud = { verdict_code: 'fraud', headline: 'Y is priced in fee tier T5 but…', confidence: 0.77 };
    expect(verdictLineOf('fraud', fraud, [], 'Attacker', 900, [10])).toMatchObject({
      code: 'fraud',
      confidence: 0.77,
      detail: fraud.headline,
    });
    // Disagreeing engine: caller frame, confidence 1 − 90/100 = 0.1, and the card says so.
    expect(verdictLineOf('fraud', elite, [], 'Attacker', 900, [90])).toEqual({
      code: 'fraud',
      headline: 'Fraud watch',
      detail: 'The numbers say otherwise: elite.',
      confidence: 0.1,
      source: 'caller',
    });
  });
});

describe('defaultTakeOf', () => {
  it('phrases the top metric by its percentile band and the sample', () => {
    expect(defaultTakeOf('Key passes', 96, 'midfielders', 'ok')).toBe('Top 4% for key passes among midfielders.');
    expect(defaultTakeOf('Key passes', 96, 'centre-backs', 'ok')).toBe('Top 4% for key passes among centre-backs.');
    expect(defaultTakeOf('Goals', 30, 'Attacker', 'ok')).toBe('Goals at the 30th percentile: room to grow.');
    expect(defaultTakeOf('Goals', 99, 'Attacker', 'low')).toBe('Small sample: goals at the 99th percentile.');
    expect(defaultTakeOf('Rating', 35, 'Attacker', 'low')).toBe('Small sample: rating at the 35th percentile.');
    expect(defaultTakeOf(null, null, 'Attacker', 'ok')).toBe('Numbers loading: not enough minutes yet.');
  });

  it('names the cohort the percentile was ranked in, and "his role" when the name would pass 60 graphemes', () => {
    const take = defaultTakeOf('Progressive passes', 90, 'full-backs and wing-backs', 'ok');
    expect(take).toBe('Top 10% for progressive passes in his role.');
    expect(defaultTakeOf('Goals', 94, 'strikers', 'ok')).toBe('Top 6% for goals among strikers.');
  });
});

describe('cardFactsOf (tiny dataset)', () => {
  const engine = Engine.open({ dataset: tinyDataset() });

  it('builds identity, season, sample, totals and metrics from the latest row', () => {
    const f = cardFactsOf(engine, engine.playerById(1)!, {
      watermark: 'api.example.com',
      stats: CARD_TRIPLET.attacker,
    });
    expect(f.player).toMatchObject({
      player_id: 1,
      display_name: 'Jörg Müller-Weiß',
      position: 'Attacker',
      position_code: 'ST',
      age: 25,
    });
    expect(f.club?.name).toBe('FC Nordhafen');
    // The tiny dataset has no club colours: null, so layouts use their fallback palette.
    expect(f.club?.primary_color).toBeNull();
    expect(f.season).toEqual({ season_name: '2025/26', league_name: 'Erste Liga' });
    expect(f.sample).toEqual({ appearances: 10, minutes: 900, rating: 7.4, level: 'ok' });
    expect(f.season_totals.map((t) => [t.label, t.value])).toEqual([
      ['Goals', 9],
      ['Assists', 2],
      ['Key passes', 0],
      ['Big chances', 0],
    ]);
    expect(f.xg).toBe(0);
    expect(f.stats).toEqual(['goals_per90', 'assists_per90', 'shots_per90']);
    // goals_per90 = 9 × 90 / 900 = 0.9; cohort (≥ 450 min) = players 1,2,3,4,6 with 0.9,0.3,0.6,0.3,0.0:
    // 4 below, 1 equal → 100 × 4.5 / 5 = 90 → "elite".
    expect(f.metrics.find((m) => m.key === 'goals_per90')).toMatchObject({ value: 0.9, percentile: 90, tier: 'elite' });
    // assists_per90 = 0.2 vs 0.2,0.1,0.4,0.5,0.1: 2 below, 1 equal → 100 × 2.5 / 5 = 50 → "average".
    expect(f.metrics.find((m) => m.key === 'assists_per90')).toMatchObject({
      value: 0.2,
      percentile: 50,
      tier: 'average',
    });
    // Top percentile 90 is shared by goals, shots and rating: the group's first listed (goals) wins.
    expect(f.highlight).toEqual({
      key: 'goals_per90',
      percentile: 90,
      text: 'Goals: 90th percentile among attackers in Erste Liga 2025/26',
    });
    expect(f.caption).toBe('Top 10% for goals among attackers.');
    expect(f.caption_is_user).toBe(false);
    expect(f.watermark).toBe('api.example.com');
    // Style-tag line: the tiny dataset has no passes, so no striker rule holds at its own thresholds;
    // within ROLE_LEAN_SLACK his scoring, creating and aerial percentiles make him a Complete Forward
    // (docs/methodology/dna.md#style-tags), a role shown with a confidence.
    expect(f.verdict.code).toBeNull();
    expect(f.verdict.headline).toMatch(/^Complete Forward/);
    expect(f.verdict.confidence).toBeGreaterThan(0);
  });

  it('highlights and takes a metric the card shows, never one off the card', () => {
    // Goals (90th) is his top metric; a card featuring only assists (50th, worked out above) must not name goals.
    const f = cardFactsOf(engine, engine.playerById(1)!, { watermark: null, stats: ['assists_per90'] });
    expect(f.highlight?.key).toBe('assists_per90');
    expect(f.highlight?.text).toMatch(/^Assists: 50th percentile/);
    expect(f.caption).toMatch(/assists/);
    for (const stats of [['shots_per90'], ['assists_per90', 'shots_per90'], ['rating']] as const) {
      const g = cardFactsOf(engine, engine.playerById(1)!, { watermark: null, stats });
      expect(stats).toContain(g.highlight?.key);
    }
  });

  it('uses the caller verdict code and caption', () => {
    const f = cardFactsOf(engine, engine.playerById(1)!, {
      watermark: null,
      stats: CARD_TRIPLET.attacker,
      verdict_code: 'fraud',
      caption: 'Mine.',
    });
    // Triplet percentiles 90, 50, 90 (shots 3.0 above 2.0, 2.5, 1.8, 1.0 → 4.5/5): mean 76.67 → 1 − 0.7667 = 0.23.
    expect(f.verdict).toEqual({
      code: 'fraud',
      headline: 'Fraud watch',
      detail: 'The numbers do not back this frame: the verdict engine has no verdict here.',
      confidence: 0.23,
      source: 'caller',
    });
    expect(f.caption).toBe('Mine.');
    expect(f.caption_is_user).toBe(true);
    expect(f.watermark).toBeNull();
  });

  it("gives a goalkeeper's ribbon a goalkeeper's season totals, not his 0 goals", () => {
    const keeper = cardFactsOf(engine, engine.playerById(7)!, { watermark: null });
    expect(keeper.player.position_group).toBe('goalkeeper');
    expect(keeper.season_totals.map((t) => t.label)).toEqual(['Saves', 'Clean sheets', 'Conceded', 'Punches']);
    expect(keeper.season_totals.find((t) => t.key === 'goals_conceded')?.value).toBe(10);
  });

  it('marks a low-sample player and claims no labels', () => {
    // Player 5 has 180 minutes (< 450): ranked against the cohort, not part of it.
    const f = cardFactsOf(engine, engine.playerById(5)!, { watermark: null });
    expect(f.player.display_name).toBe('Tomi');
    expect(f.sample.level).toBe('low');
    expect(f.metrics.every((m) => m.tier === null)).toBe(true);
    expect(f.caption.startsWith('Small sample')).toBe(true);
  });
});

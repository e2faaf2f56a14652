/** Hand-built card facts for rendering tests (no engine, no dataset). */
import { RADAR_SPOKES } from '../../src/cards/radar.js';
import type { CardFacts } from '../../src/cards/facts.js';
import { GROUP_METRICS, METRICS } from '../../src/stats/metrics.js';
import { labelOf } from '../../src/stats/percentiles.js';

/** Per-90 values and percentiles of a made-up attacker, in GROUP_METRICS.attacker order. */
const ATTACKER: [number, number][] = [
  [0.71, 94],
  [0.28, 81],
  [3.42, 88],
  [1.52, 90],
  [0.55, 77],
  [1.61, 72],
  [2.1, 63],
  [1.2, 41],
  [27.5, 35],
  [1.1, 22],
  [5.2, 58],
  // xg, npxg, xa, xt, progressive carries, passes into the box (per 90)
  [0.62, 92],
  [0.55, 90],
  [0.18, 70],
  [0.21, 66],
  [2.3, 60],
  [1.1, 55],
  // shot-creating actions per 90
  [3.1, 80],
  [7.42, 86],
];

/** A complete attacker card's facts; `overrides` replace top-level fields. */
export function sampleFacts(overrides: Partial<CardFacts> = {}): CardFacts {
  // A new attacker metric needs its row above (docs/contributing.md, "a new stat column").
  if (ATTACKER.length !== GROUP_METRICS.attacker.length)
    throw new Error(
      `sample-facts.ts has ${ATTACKER.length} attacker rows for ${GROUP_METRICS.attacker.length} attacker metrics (${GROUP_METRICS.attacker.join(', ')})`,
    );
  const metrics = GROUP_METRICS.attacker.map((key, i) => ({
    key,
    label: METRICS[key].label,
    value: ATTACKER[i][0],
    percentile: ATTACKER[i][1],
    tier: labelOf(ATTACKER[i][1]),
  }));
  return {
    player: {
      player_id: 7,
      display_name: 'Tomás Okonkwo-Szczęsny',
      position: 'Attacker',
      position_code: 'ST',
      position_group: 'attacker',
      age: 24,
      nationality: 'Poland',
    },
    club: { name: 'Harbour City FC', short_name: 'HCFC', primary_color: '#b91c1c', secondary_color: '#fde047' },
    season: { season_name: '2025/26', league_name: 'Premier Division' },
    sample: { appearances: 27, minutes: 2214, rating: 7.42, level: 'ok' },
    season_totals: [
      { key: 'goals', label: 'Goals', value: 17 },
      { key: 'assists', label: 'Assists', value: 7 },
      { key: 'key_passes', label: 'Key passes', value: 40 },
      { key: 'big_chances', label: 'Big chances', value: 14 },
    ],
    xg: 15.6,
    shots: sampleShots(),
    shots_kind: 'taken',
    metrics,
    stats: ['goals_per90', 'assists_per90', 'shots_per90'],
    hero_stat: null,
    highlight: {
      key: 'goals_per90',
      percentile: 94,
      text: 'Goals: 94th percentile among attackers in Premier Division 2025/26',
    },
    verdict: { code: null, headline: 'Poacher · Aerial', detail: null, confidence: 0.72, source: 'style_tags' },
    style_tags: ['Poacher', 'Aerial'],
    caption: 'Top 6% for goals among attackers.',
    caption_is_user: false,
    watermark: 'halfspace.dev',
    attribution: 'Data: synthetic demo universe',
    radar: sampleRadar(),
    ...overrides,
  };
}

/** 70 shots spread over the attacking half (a fixed linear congruential sequence), every fourth a goal. */
export function sampleShots(): NonNullable<CardFacts['shots']> {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  return Array.from({ length: 70 }, (_, i) => {
    const x = 0.7 + 0.29 * next();
    return { x, y: 0.2 + 0.6 * next(), xg: Math.min(0.95, 0.02 + (x - 0.7) * 2 * next()), goal: i % 4 === 0 };
  });
}

/** A striker's radar with ten spokes: the first player's percentiles rise 10 → 100, the second's fall 95 → 5. */
export function sampleRadar(withSecond = true): NonNullable<CardFacts['radar']> {
  const keys = RADAR_SPOKES.striker.slice(0, 10).map((s) => (typeof s === 'string' ? s : s[0]));
  const series = (id: number, name: string, percentiles: number[]) => ({
    player_id: id,
    display_name: name,
    team_name: 'Harbour City FC',
    minutes: 2214,
    cohort: 'strikers',
    season: 'Premier Division 2025/26',
    sample: 'ok' as const,
    percentiles,
  });
  return {
    role: 'striker',
    role_label: 'strikers',
    spokes: keys.map((key) => ({ key, label: METRICS[key].label })),
    series: [
      series(
        7,
        'Tomás Okonkwo-Szczęsny',
        keys.map((_, i) => 10 * (i + 1)),
      ),
      ...(withSecond
        ? [
            series(
              8,
              'Ade Brightwater',
              keys.map((_, i) => 95 - 10 * i),
            ),
          ]
        : []),
    ],
  };
}

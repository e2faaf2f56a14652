/**
 * @module The decision angle of the hd styles: which metric is the hero and what the headline
 * says, from the facts and an optional `event_type` that sets the tone (docs/design.md#op-cards, docs/design.md#cards-and-prompts).
 */
import type { MetricKey } from '../stats/metrics.js';
import { ELITE_MIN, STRONG_MIN } from '../stats/percentiles.js';
import type { CardFacts, CardMetric } from './facts.js';
import { VERDICT_LOOKS } from './verdict-line.js';

/** Event types a caller may give an hd card; each sets the kicker and accent colour. */
export const EVENT_TYPES = ['match_day', 'transfer', 'milestone', 'award', 'season_review'] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The hd cards' editorial choice: hero metric, headline, kicker and accent colour. */
export interface DecisionAngle {
  /** Why this headline: a caller verdict, an elite or strong hero metric, a developing one, or a small sample. */
  kind: 'verdict' | 'elite' | 'strong' | 'developing' | 'small_sample';
  headline: string;
  kicker: string;
  hero: CardMetric;
  /** Accent colour `#rrggbb`. */
  accent: string;
}

const NOUNS: Record<MetricKey, string> = {
  saves_per90: 'shot-stopper',
  cleansheets_per90: 'wall',
  goals_conceded_per90: 'wall',
  punches_per90: 'box commander',
  long_balls_per90: 'distributor',
  rating: 'performer',
  pass_accuracy_pct: 'metronome',
  aerials_won_per90: 'aerial threat',
  tackles_per90: 'ball-winner',
  interceptions_per90: 'reader of the game',
  clearances_per90: 'last line',
  passes_per90: 'tempo-setter',
  shots_blocked_per90: 'shot-blocker',
  duels_won_per90: 'duel-winner',
  crosses_per90: 'crosser',
  key_passes_per90: 'playmaker',
  dribbles_per90: 'dribbler',
  ball_recovery_per90: 'recycler',
  cross_accuracy_pct: 'deliverer',
  assists_per90: 'creator',
  goals_per90: 'finisher',
  big_chances_per90: 'chance-maker',
  shots_per90: 'volume shooter',
  shots_on_target_per90: 'marksman',
  progressive_passes_per90: 'progressor',
  progressive_carries_per90: 'ball-carrier',
  passes_into_final_third_per90: 'line-breaker',
  passes_into_box_per90: 'box supplier',
  xg_per90: 'chance-getter',
  npxg_per90: 'chance-getter',
  xa_per90: 'chance-maker',
  xt_per90: 'threat-maker',
  tackles_padj_per90: 'ball-winner',
  interceptions_padj_per90: 'reader of the game',
  clearances_padj_per90: 'last line',
  shots_blocked_padj_per90: 'shot-blocker',
  ball_recovery_padj_per90: 'recycler',
  sca_per90: 'shot-creator',
};

const TONES: Record<EventType | 'none', { kicker: string; accent: string }> = {
  none: { kicker: 'Scouting report', accent: '#38bdf8' },
  match_day: { kicker: 'Matchday', accent: '#22c55e' },
  transfer: { kicker: 'Transfer watch', accent: '#f59e0b' },
  milestone: { kicker: 'Milestone', accent: '#eab308' },
  award: { kicker: 'Award contender', accent: '#facc15' },
  season_review: { kicker: 'Season review', accent: '#a78bfa' },
};

/**
 * Picks the hero metric (the caller's `hero_stat`, else the top-percentile metric, else the first
 * featured stat) and the headline: a caller verdict wins, then a small sample, then the hero's
 * percentile band (≥ 90 elite, ≥ 75 strong, else developing).
 * @example angleOf(facts).headline // => 'Elite finisher'   (goals_per90 at the 94th percentile)
 */
export function angleOf(facts: CardFacts, eventType?: EventType): DecisionAngle {
  const { kicker, accent } = TONES[eventType ?? 'none'];
  const heroKey = facts.hero_stat ?? facts.highlight?.key ?? facts.stats[0];
  const hero = facts.metrics.find((m) => m.key === heroKey) ?? facts.metrics[0];
  const noun = NOUNS[hero.key];
  const capital = noun.charAt(0).toUpperCase() + noun.slice(1);
  const p = hero.percentile ?? 0;
  const [kind, headline]: [DecisionAngle['kind'], string] = facts.verdict.code
    ? ['verdict', VERDICT_LOOKS[facts.verdict.code].angle]
    : facts.sample.level === 'low'
      ? ['small_sample', 'One to watch']
      : p >= ELITE_MIN
        ? ['elite', `Elite ${noun}`]
        : p >= STRONG_MIN
          ? ['strong', `${capital} in form`]
          : ['developing', `${capital} in the making`];
  return { kind, headline, kicker, hero, accent };
}

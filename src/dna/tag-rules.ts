/**
 * The style-tag rules (docs/methodology/dna.md#style-tags): the thresholds, the role tags and
 * traits, and the conditions each tag needs, as data; tags.ts applies them to a player-season.
 */
import type { MetricKey } from '../stats/metrics.js';
import type { Role } from '../stats/roles.js';
import type { LocationKey } from './row-location.js';

/** Clearly above the role: the defining metric of a role tag, top quarter (docs/methodology/dna.md#style-tags). */
export const ROLE_P_HIGH = 75;
/** Above the role: a supporting metric of a role tag (docs/methodology/dna.md#style-tags). */
export const ROLE_P_ABOVE = 60;
/** At or below the role's median: a metric a role tag does *not* lean on (docs/methodology/dna.md#style-tags). */
export const ROLE_P_MEDIAN = 50;
/** Percentile points by which a role's thresholds relax when no role holds at them (docs/methodology/dna.md#style-tags). */
export const ROLE_LEAN_SLACK = 15;
/** The defining metric alone gives a role from this role-cohort percentile (docs/methodology/dna.md#style-tags). */
export const ROLE_P_DEFINING = 55;
/** Clearly below the role's median: where a role tag says he does *not* play (docs/methodology/dna.md#style-tags). */
export const ROLE_P_LOW = 40;
/** A single-metric trait needs the top tenth of the role (docs/methodology/dna.md#style-tags). */
export const TRAIT_P = 90;
/**
 * A trait that reads as absolute (Prolific, Dribbler…) needs this percentile among every outfield
 * player of the league-season too, else it is given its role-relative name (docs/methodology/dna.md#style-tags).
 */
export const TRAIT_LEAGUE_P = 75;
/** Each metric of a two-metric trait (Defensive) needs the top fifth (docs/methodology/dna.md#style-tags). */
export const TRAIT_PAIR_P = 80;

/** Role tags by role, in tie-break order (docs/methodology/dna.md#style-tags). */
export const ROLE_TAGS = {
  goalkeeper: ['Sweeper-Keeper', 'Shot Stopper', 'Commanding Keeper', 'Distributor'],
  centre_back: ['Ball-Playing CB', 'Front-Foot Defender', 'Physical Stopper', 'Covering Defender'],
  full_back: ['Attacking Full-Back', 'Overlapping Full-Back', 'Inverted Full-Back', 'Defensive Full-Back'],
  midfielder: ['Ball-Winner', 'Deep-Lying Playmaker', 'Box-to-Box', 'Creator'],
  attacking_midfielder: ['Inside Forward', 'Playmaker', 'Winger', 'Two-Way Winger'],
  striker: ['Poacher', 'Target Man', 'Link-up Forward', 'Complete Forward'],
} as const satisfies Record<Role, readonly string[]>;
export type RoleTag = (typeof ROLE_TAGS)[Role][number];

/** Secondary trait tags that read as absolute: given only to a player who stands out in his whole league (docs/methodology/dna.md#style-tags). */
export const TRAIT_TAGS = ['Prolific', 'Dribbler', 'Creative', 'Defensive', 'Aerial'] as const;
export type AbsoluteTraitTag = (typeof TRAIT_TAGS)[number];
/**
 * The role-relative name of each trait: given when the player stands out in his role but not among
 * every outfield player of his league, e.g. a centre-back who scores from set pieces is a "Goal
 * Threat", not "Prolific" (docs/methodology/dna.md#style-tags).
 */
export const ROLE_RELATIVE_TRAITS = {
  Prolific: 'Goal Threat',
  Dribbler: 'Ball-Carrier',
  Creative: 'Chance Supplier',
  Defensive: 'Hard-Working',
  Aerial: 'Aerial Outlet',
} as const satisfies Record<AbsoluteTraitTag, string>;
export type TraitTag = AbsoluteTraitTag | (typeof ROLE_RELATIVE_TRAITS)[AbsoluteTraitTag];
export type StyleTag = RoleTag | TraitTag;

/** What a condition reads: a metric, or where he plays (row-location.ts). */
export type TagInput = MetricKey | LocationKey;

/** One comparison of a role-cohort percentile with a threshold. */
export interface Condition {
  /** The metric read first: an event value or PAdj metric where one exists, or a location measure. */
  metric: TagInput;
  /** The season-table stand-in read when the row has no percentile in `metric`. */
  standIn?: MetricKey;
  op: '>=' | '<=';
  threshold: number;
}

/** A tag and the conditions that must all hold for it. */
export interface TagRule<T extends StyleTag = StyleTag> {
  tag: T;
  kind: 'role' | 'trait';
  conditions: readonly Condition[];
}

// The helpers keep each condition's metric literal, so the compiler knows which metrics tags read.
const conditionOf =
  <O extends '>=' | '<='>(op: O) =>
  <M extends TagInput, S extends MetricKey = never>(
    metric: M,
    threshold: number,
    standIn?: S,
  ): { metric: M; op: O; threshold: number; standIn: NoInfer<S> | undefined } => ({ metric, op, threshold, standIn });
const atLeast = conditionOf('>=');
const atMost = conditionOf('<=');
const role = <C extends readonly Condition[]>(tag: RoleTag, ...conditions: C) => ({
  tag,
  kind: 'role' as const,
  conditions,
});
const trait = <C extends readonly Condition[]>(tag: AbsoluteTraitTag, ...conditions: C) => ({
  tag,
  kind: 'trait' as const,
  conditions,
});

// Shorthands for the metric pairs the rules read: event value (or PAdj) first, season table second.
const scoring = (p: number) => atLeast('npxg_per90', p, 'goals_per90');
const creating = (p: number) => atLeast('xa_per90', p, 'key_passes_per90');
const tackling = (p: number) => atLeast('tackles_padj_per90', p, 'tackles_per90');
const intercepting = (p: number) => atLeast('interceptions_padj_per90', p, 'interceptions_per90');
const recovering = (p: number) => atLeast('ball_recovery_padj_per90', p, 'ball_recovery_per90');
const progressing = (p: number) => atLeast('progressive_passes_per90', p, 'long_balls_per90');

const ROLE_RULE_TABLE = {
  goalkeeper: [
    role('Sweeper-Keeper', atLeast('passes_per90', ROLE_P_HIGH), atLeast('pass_accuracy_pct', ROLE_P_ABOVE)),
    role('Shot Stopper', atLeast('saves_per90', ROLE_P_HIGH)),
    role('Commanding Keeper', atLeast('punches_per90', ROLE_P_HIGH)),
    role('Distributor', atLeast('long_balls_per90', ROLE_P_HIGH), atLeast('passes_per90', ROLE_P_MEDIAN)),
  ],
  centre_back: [
    role('Ball-Playing CB', progressing(ROLE_P_HIGH), atLeast('passes_per90', ROLE_P_ABOVE)),
    role('Front-Foot Defender', intercepting(ROLE_P_HIGH), tackling(ROLE_P_ABOVE)),
    role(
      'Physical Stopper',
      atLeast('aerials_won_per90', ROLE_P_HIGH),
      atLeast('clearances_padj_per90', ROLE_P_ABOVE, 'clearances_per90'),
    ),
    role(
      'Covering Defender',
      atLeast('shots_blocked_padj_per90', ROLE_P_HIGH, 'shots_blocked_per90'),
      atLeast('clearances_padj_per90', ROLE_P_ABOVE, 'clearances_per90'),
    ),
  ],
  full_back: [
    role('Attacking Full-Back', atLeast('crosses_per90', ROLE_P_HIGH), creating(ROLE_P_ABOVE)),
    role('Overlapping Full-Back', atLeast('touch_height', ROLE_P_HIGH), atLeast('touch_width', ROLE_P_MEDIAN)),
    role(
      'Inverted Full-Back',
      atMost('touch_width', ROLE_P_LOW),
      atLeast('passes_per90', ROLE_P_HIGH),
      atLeast('pass_accuracy_pct', ROLE_P_ABOVE),
      atMost('crosses_per90', ROLE_P_MEDIAN),
    ),
    role(
      'Defensive Full-Back',
      tackling(ROLE_P_HIGH),
      intercepting(ROLE_P_ABOVE),
      atMost('crosses_per90', ROLE_P_MEDIAN),
    ),
  ],
  midfielder: [
    role('Ball-Winner', tackling(ROLE_P_HIGH), recovering(ROLE_P_ABOVE)),
    // He sets the play rather than making the last pass: a midfielder in the top quarter of his role
    // for the chances he makes (a Creator's defining metric) is not a deep-lying playmaker.
    role(
      'Deep-Lying Playmaker',
      atLeast('passes_per90', ROLE_P_HIGH),
      progressing(ROLE_P_ABOVE),
      atMost('xa_per90', ROLE_P_HIGH - 1, 'key_passes_per90'),
    ),
    role('Box-to-Box', recovering(ROLE_P_ABOVE), scoring(ROLE_P_ABOVE), atLeast('duels_won_per90', ROLE_P_MEDIAN)),
    role('Creator', creating(ROLE_P_HIGH), atLeast('xt_per90', ROLE_P_ABOVE, 'big_chances_per90')),
  ],
  attacking_midfielder: [
    role(
      'Inside Forward',
      scoring(ROLE_P_HIGH),
      atLeast('shots_per90', ROLE_P_ABOVE),
      atMost('crosses_per90', ROLE_P_MEDIAN),
    ),
    role('Playmaker', creating(ROLE_P_HIGH), atLeast('passes_per90', ROLE_P_ABOVE)),
    role('Winger', atLeast('crosses_per90', ROLE_P_HIGH), atLeast('dribbles_per90', ROLE_P_ABOVE)),
    role('Two-Way Winger', recovering(ROLE_P_HIGH), tackling(ROLE_P_ABOVE)),
  ],
  striker: [
    role('Poacher', scoring(ROLE_P_HIGH), atMost('passes_per90', ROLE_P_MEDIAN)),
    role('Target Man', atLeast('aerials_won_per90', ROLE_P_HIGH), atLeast('duels_won_per90', ROLE_P_ABOVE)),
    role('Link-up Forward', creating(ROLE_P_HIGH), atLeast('passes_per90', ROLE_P_ABOVE)),
    role('Complete Forward', scoring(ROLE_P_ABOVE), creating(ROLE_P_ABOVE), atLeast('aerials_won_per90', ROLE_P_ABOVE)),
  ],
} satisfies Record<Role, readonly TagRule<RoleTag>[]>;

/** Role rules per role (docs/methodology/dna.md#style-tags); order breaks ties. */
export const ROLE_RULES: Record<Role, readonly TagRule<RoleTag>[]> = ROLE_RULE_TABLE;

const TRAITS = [
  trait('Prolific', atLeast('goals_per90', TRAIT_P)),
  trait('Dribbler', atLeast('dribbles_per90', TRAIT_P)),
  trait('Creative', creating(TRAIT_P)),
  trait('Defensive', tackling(TRAIT_PAIR_P), intercepting(TRAIT_PAIR_P)),
  trait('Aerial', atLeast('aerials_won_per90', TRAIT_P)),
] satisfies readonly TagRule<AbsoluteTraitTag>[];

/**
 * Trait rules (docs/methodology/dna.md#style-tags), for outfield roles only: a keeper's goals or
 * dribbles say nothing about his style.
 */
export const TRAIT_RULES: readonly TagRule<AbsoluteTraitTag>[] = TRAITS;

type RuleCondition =
  | (typeof ROLE_RULE_TABLE)[Role][number]['conditions'][number]
  | (typeof TRAITS)[number]['conditions'][number];
/** A metric some role or trait rule reads, first or as a stand-in. */
type TaggedMetric = Exclude<RuleCondition['metric'], LocationKey> | NonNullable<RuleCondition['standIn']>;

/**
 * Metrics no style tag reads, each with the reason (docs/methodology/dna.md#style-tags). A new
 * metric either enters a role or trait rule above or gets a line here; tsc names any metric that
 * has neither.
 */
export const UNTAGGED_METRICS = {
  rating: 'quality, not style',
  assists_per90: 'a finished chance depends on the finisher; xA and key passes measure the pass',
  cleansheets_per90: 'measures the team more than the player',
  goals_conceded_per90: 'measures the team more than the player',
  shots_on_target_per90: 'repeats shots_per90, which the tags read',
  cross_accuracy_pct: 'how well, not how: style tags read how often (crosses_per90)',
  progressive_carries_per90: 'no provider we ingest counts carries yet (Wyscout has none)',
  passes_into_final_third_per90: 'repeats progressive passes, which the tags read',
  passes_into_box_per90: 'repeats xA, which the tags read',
  xg_per90: 'includes penalties; the tags read npxG',
  sca_per90: 'repeats xA and key passes, which the tags read',
} as const satisfies Record<Exclude<MetricKey, TaggedMetric>, string>;

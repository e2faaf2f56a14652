/**
 * Style tags (docs/design.md#dna-and-similarity, docs/methodology/dna.md#style-tags): one primary role per player-season
 * plus secondary traits, decided by documented rules over the DNA z-scores, each tag carrying
 * the evidence that triggered it.
 */
import { POSITION_GROUPS, type PositionGroup } from '../data/schema.js';
import type { DerivedSeasons } from '../stats/derived.js';
import type { MetricKey } from '../stats/metrics.js';
import { featureSlotOf } from './features.js';
import { assert } from '../errors.js';
import type { DnaVectors } from './vectors.js';

/** Clearly above the group: the defining metric of a role (docs/methodology/dna.md#style-tags). */
export const ROLE_Z_HIGH = 1.0;
/** Above the group: a supporting metric of a role (docs/methodology/dna.md#style-tags). */
export const ROLE_Z_ABOVE = 0.5;
/** At or below the group mean: a metric a role does *not* lean on (docs/methodology/dna.md#style-tags). */
export const ROLE_Z_AVERAGE = 0;
/** A single-metric trait needs this z-score (docs/methodology/dna.md#style-tags). */
export const TRAIT_Z = 1.5;
/** Each metric of a two-metric trait (Defensive) needs this z-score (docs/methodology/dna.md#style-tags). */
export const TRAIT_PAIR_Z = 1.0;

/** Role tags by group, in tie-break order (docs/design.md#dna-and-similarity vocabulary). */
export const ROLE_TAGS = {
  attacker: ['Complete Forward', 'Poacher', 'Target Man', 'Inside Forward', 'Link-up Forward'],
  midfielder: ['Creator', 'Metronome', 'Ball-Winner', 'Box-to-Box'],
  defender: ['Ball-Playing CB', 'Physical Stopper', 'Active Full-Back'],
  goalkeeper: ['Sweeper-Keeper', 'Shot Stopper', 'Commanding Keeper'],
} as const satisfies Record<PositionGroup, readonly string[]>;
export type RoleTag = (typeof ROLE_TAGS)[PositionGroup][number];

/** Secondary trait tags (docs/design.md#dna-and-similarity vocabulary). */
export const TRAIT_TAGS = ['Prolific', 'Dribbler', 'Creative', 'Defensive', 'Aerial'] as const;
export type TraitTag = (typeof TRAIT_TAGS)[number];
export type StyleTag = RoleTag | TraitTag;

/** One comparison of a metric's z-score with a threshold. */
export interface Condition {
  metric: MetricKey;
  op: '>=' | '<=';
  threshold: number;
}

/** A tag and the conditions that must all hold for it. */
export interface TagRule {
  tag: StyleTag;
  kind: 'role' | 'trait';
  conditions: readonly Condition[];
}

// The helpers keep each condition's metric literal, so the compiler knows which metrics tags read.
const atLeast = <M extends MetricKey>(metric: M, threshold: number) => ({ metric, op: '>=' as const, threshold });
const atMost = <M extends MetricKey>(metric: M, threshold: number) => ({ metric, op: '<=' as const, threshold });
const role = <C extends readonly Condition[]>(tag: RoleTag, ...conditions: C) => ({
  tag,
  kind: 'role' as const,
  conditions,
});
const trait = <C extends readonly Condition[]>(tag: TraitTag, ...conditions: C) => ({
  tag,
  kind: 'trait' as const,
  conditions,
});

const ROLES = {
  attacker: [
    role(
      'Complete Forward',
      atLeast('goals_per90', ROLE_Z_ABOVE),
      atLeast('key_passes_per90', ROLE_Z_ABOVE),
      atLeast('aerials_won_per90', ROLE_Z_ABOVE),
    ),
    role('Poacher', atLeast('goals_per90', ROLE_Z_HIGH), atMost('key_passes_per90', ROLE_Z_AVERAGE)),
    role('Target Man', atLeast('aerials_won_per90', ROLE_Z_HIGH), atLeast('duels_won_per90', ROLE_Z_ABOVE)),
    role('Inside Forward', atLeast('dribbles_per90', ROLE_Z_HIGH), atLeast('shots_per90', ROLE_Z_ABOVE)),
    role('Link-up Forward', atLeast('key_passes_per90', ROLE_Z_HIGH), atLeast('assists_per90', ROLE_Z_ABOVE)),
  ],
  midfielder: [
    role('Creator', atLeast('key_passes_per90', ROLE_Z_HIGH), atLeast('big_chances_per90', ROLE_Z_ABOVE)),
    role('Metronome', atLeast('passes_per90', ROLE_Z_HIGH), atLeast('pass_accuracy_pct', ROLE_Z_ABOVE)),
    role('Ball-Winner', atLeast('tackles_per90', ROLE_Z_HIGH), atLeast('interceptions_per90', ROLE_Z_ABOVE)),
    role(
      'Box-to-Box',
      atLeast('ball_recovery_per90', ROLE_Z_ABOVE),
      atLeast('shots_per90', ROLE_Z_ABOVE),
      atLeast('duels_won_per90', ROLE_Z_AVERAGE),
    ),
  ],
  defender: [
    role('Ball-Playing CB', atLeast('long_balls_per90', ROLE_Z_HIGH), atLeast('passes_per90', ROLE_Z_ABOVE)),
    role('Physical Stopper', atLeast('aerials_won_per90', ROLE_Z_HIGH), atLeast('clearances_per90', ROLE_Z_ABOVE)),
    role('Active Full-Back', atLeast('crosses_per90', ROLE_Z_HIGH), atLeast('key_passes_per90', ROLE_Z_ABOVE)),
  ],
  goalkeeper: [
    role('Sweeper-Keeper', atLeast('passes_per90', ROLE_Z_HIGH), atLeast('pass_accuracy_pct', ROLE_Z_ABOVE)),
    role('Shot Stopper', atLeast('saves_per90', ROLE_Z_HIGH)),
    role('Commanding Keeper', atLeast('punches_per90', ROLE_Z_HIGH)),
  ],
} satisfies Record<PositionGroup, readonly TagRule[]>;

/** Role rules per group (docs/methodology/dna.md#style-tags); order breaks ties. */
export const ROLE_RULES: Record<PositionGroup, readonly TagRule[]> = ROLES;

const TRAITS = [
  trait('Prolific', atLeast('goals_per90', TRAIT_Z)),
  trait('Dribbler', atLeast('dribbles_per90', TRAIT_Z)),
  trait('Creative', atLeast('key_passes_per90', TRAIT_Z)),
  trait('Defensive', atLeast('tackles_per90', TRAIT_PAIR_Z), atLeast('interceptions_per90', TRAIT_PAIR_Z)),
  trait('Aerial', atLeast('aerials_won_per90', TRAIT_Z)),
] satisfies readonly TagRule[];

/**
 * Trait rules (docs/methodology/dna.md#style-tags). A trait applies only to groups whose style
 * features include all its metrics (goalkeepers have none of them).
 */
export const TRAIT_RULES: readonly TagRule[] = TRAITS;

/** A metric some role or trait rule reads. */
type TaggedMetric =
  | (typeof ROLES)[PositionGroup][number]['conditions'][number]['metric']
  | (typeof TRAITS)[number]['conditions'][number]['metric'];

/**
 * Metrics no style tag reads, each with the reason (docs/methodology/dna.md#style-tags). A new
 * metric either enters a role or trait rule above or gets a line here; tsc names any metric that
 * has neither.
 */
export const UNTAGGED_METRICS = {
  rating: 'quality, not style',
  cleansheets_per90: 'measures the team more than the player',
  goals_conceded_per90: 'measures the team more than the player',
  shots_on_target_per90: 'repeats shots_per90, which the tags read',
  shots_blocked_per90: 'no role in the vocabulary leans on it',
  cross_accuracy_pct: 'no role in the vocabulary leans on it',
  progressive_passes_per90: 'event value, null outside event datasets: the tags must hold on season tables too',
  progressive_carries_per90: 'event value, null outside event datasets: the tags must hold on season tables too',
  passes_into_final_third_per90: 'event value, null outside event datasets: the tags must hold on season tables too',
  passes_into_box_per90: 'event value, null outside event datasets: the tags must hold on season tables too',
  xg_per90: 'event value, null outside event datasets: the tags must hold on season tables too',
  npxg_per90: 'event value, null outside event datasets: the tags must hold on season tables too',
  xa_per90: 'event value, null outside event datasets: the tags must hold on season tables too',
  xt_per90: 'event value, null outside event datasets: the tags must hold on season tables too',
  tackles_padj_per90: 'event value, null outside event datasets: the tags must hold on season tables too',
  interceptions_padj_per90: 'event value, null outside event datasets: the tags must hold on season tables too',
  clearances_padj_per90: 'event value, null outside event datasets: the tags must hold on season tables too',
  shots_blocked_padj_per90: 'event value, null outside event datasets: the tags must hold on season tables too',
  ball_recovery_padj_per90: 'event value, null outside event datasets: the tags must hold on season tables too',
} as const satisfies Record<Exclude<MetricKey, TaggedMetric>, string>;

/** Why a tag was given: one condition, with the player's z-score and value. */
export interface Evidence {
  metric: MetricKey;
  /** The player's z-score within group × season (NaN when the value is missing). */
  z: number;
  /** The player's metric value (per-90 or %), NaN when missing. */
  value: number;
  op: '>=' | '<=';
  threshold: number;
  /** Whether this condition holds (always true for triggered tags; may be false for a fallback role). */
  met: boolean;
}

export interface TagResult {
  tag: StyleTag;
  kind: 'role' | 'trait';
  /** True for a role picked as the best fit when no role's conditions all held. */
  fallback: boolean;
  evidence: Evidence[];
}

/** Style tags of one player-season. */
export interface StyleTags {
  primary: RoleTag;
  traits: TraitTag[];
  /** Role first, then traits in TRAIT_RULES order. */
  tags: TagResult[];
}

function evidenceOf(
  rule: TagRule,
  group: PositionGroup,
  dna: DnaVectors,
  derived: DerivedSeasons,
  row: number,
): Evidence[] | null {
  const out: Evidence[] = [];
  for (const c of rule.conditions) {
    const slot = featureSlotOf(group, c.metric);
    if (slot < 0) return null;
    const z = dna.z[row * dna.dims + slot];
    const met = !Number.isNaN(z) && (c.op === '>=' ? z >= c.threshold : z <= c.threshold);
    out.push({ metric: c.metric, z, value: derived.values[c.metric][row], op: c.op, threshold: c.threshold, met });
  }
  return out;
}

/** Mean signed margin by which the conditions hold (a missing z counts as the mean, 0). */
function fitOf(evidence: readonly Evidence[]): number {
  let sum = 0;
  for (const e of evidence) {
    const z = Number.isNaN(e.z) ? 0 : e.z;
    sum += e.op === '>=' ? z - e.threshold : e.threshold - z;
  }
  return sum / evidence.length;
}

// --- Inputs-present guard (issue #25 item 18), kept apart from the rules above. ---

/**
 * The role rules a player can be given: those whose every input he has a value for; when no rule
 * has all of them, those with the largest share of their inputs present (else all, which a DNA
 * vector makes unlikely). So no role stands on absent evidence, such as a "Target Man" from an
 * export without aerial duels, whose missing z-scores would otherwise count as average
 * (docs/methodology/dna.md#style-tags).
 */
function withInputsPresent<T extends { evidence: readonly Evidence[] }>(candidates: readonly T[]): readonly T[] {
  const shareOf = (c: T) => c.evidence.filter((e) => !Number.isNaN(e.z)).length / c.evidence.length;
  const best = Math.max(0, ...candidates.map(shareOf));
  return best === 0 ? candidates : candidates.filter((c) => shareOf(c) === best);
}

/**
 * Style tags of derived row `row`: the primary role is the role of the row's group whose
 * conditions all hold with the largest mean margin; when none holds, the role with the largest
 * mean margin (marked `fallback`), among the roles whose inputs he has (see withInputsPresent).
 * Traits are every trait whose conditions all hold. Null when the row has no DNA vector.
 * @example styleTagsOf(dna, derived, row)?.primary // => 'Poacher'
 */
export function styleTagsOf(dna: DnaVectors, derived: DerivedSeasons, row: number): StyleTags | null {
  if (!dna.hasVector[row]) return null;
  const group = POSITION_GROUPS[derived.group[row]];
  let best: { rule: TagRule; evidence: Evidence[]; fit: number; met: boolean } | null = null;
  const candidates = ROLE_RULES[group].flatMap((rule) => {
    const evidence = evidenceOf(rule, group, dna, derived, row);
    return evidence ? [{ rule, evidence }] : [];
  });
  for (const { rule, evidence } of withInputsPresent(candidates)) {
    const met = evidence.every((e) => e.met);
    const fit = fitOf(evidence);
    if (!best || (met && !best.met) || (met === best.met && fit > best.fit)) best = { rule, evidence, fit, met };
  }
  // Every group has at least one role whose metrics are all its own features (checked in tests).
  assert(best, `no role rule applies to group ${group}`);
  const tags: TagResult[] = [{ tag: best.rule.tag, kind: 'role', fallback: !best.met, evidence: best.evidence }];
  const traits: TraitTag[] = [];
  for (const rule of TRAIT_RULES) {
    const evidence = evidenceOf(rule, group, dna, derived, row);
    if (!evidence?.every((e) => e.met)) continue;
    traits.push(rule.tag as TraitTag);
    tags.push({ tag: rule.tag, kind: 'trait', fallback: false, evidence });
  }
  return { primary: best.rule.tag as RoleTag, traits, tags };
}

/** Every tag name of a result, role first. @example tagNamesOf(tags) // => ['Poacher', 'Prolific'] */
export function tagNamesOf(tags: StyleTags): StyleTag[] {
  return [tags.primary, ...tags.traits];
}

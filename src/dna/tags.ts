/**
 * Style tags (docs/methodology/dna.md#style-tags): one primary role per player-season plus
 * secondary traits, decided by documented rules over the player's role-cohort percentiles (a
 * full-back against full-backs, a winger against wingers), each tag carrying the evidence that
 * triggered it. A condition reads the event value or possession-adjusted metric when the dataset
 * has it, else its season-table stand-in, so the same rules hold on CSV season tables.
 */
import { percentileAt, valueAt, type DerivedSeasons } from '../stats/derived.js';
import type { MetricKey } from '../stats/metrics.js';
import { ROLES } from '../stats/roles.js';
import { assert } from '../errors.js';
import type { DnaVectors } from './vectors.js';
import { LOCATION_KEYS, type LocationKey, type RowLocation } from './row-location.js';
import {
  ROLE_LEAN_SLACK,
  ROLE_P_DEFINING,
  ROLE_P_MEDIAN,
  ROLE_RELATIVE_TRAITS,
  ROLE_RULES,
  type RoleTag,
  type StyleTag,
  type TagInput,
  type TagRule,
  TRAIT_LEAGUE_P,
  TRAIT_RULES,
  type TraitTag,
} from './tag-rules.js';

/** Why a tag was given: one condition, with the player's role-cohort percentile and value. */
export interface Evidence {
  /** The metric actually read: the rule's metric, or its stand-in when the row lacks it. */
  metric: TagInput;
  /** Who the percentile ranks him among: his role cohort, or every outfield player of his league-season. */
  cohort: 'role' | 'league_outfield';
  /** Percentile 0–100 in `cohort` (NaN when missing). */
  percentile: number;
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

/**
 * The evidence of each condition of `rule` on derived row `row`, read one row at a time so a
 * report about one player ranks only his cohort (docs/methodology/stats.md#implementation-and-performance).
 */
function evidenceOf(
  rule: TagRule,
  derived: DerivedSeasons,
  row: number,
  location: RowLocation | null,
  slack = 0,
): Evidence[] {
  const percentileOf = (input: TagInput) =>
    isLocation(input) ? (location?.percentileAt(input, row) ?? Number.NaN) : percentileAt(derived, input, row);
  return rule.conditions.map((c) => {
    const threshold = c.op === '>=' ? c.threshold - slack : c.threshold + slack;
    const first = percentileOf(c.metric);
    const metric = Number.isNaN(first) && c.standIn ? c.standIn : c.metric;
    const percentile = percentileOf(metric);
    const value = isLocation(metric) ? (location?.valueAt(metric, row) ?? Number.NaN) : valueAt(derived, metric, row);
    const met = !Number.isNaN(percentile) && (c.op === '>=' ? percentile >= threshold : percentile <= threshold);
    return { metric, cohort: 'role', percentile, value, op: c.op, threshold, met };
  });
}

const isLocation = (input: TagInput): input is LocationKey => LOCATION_KEYS.some((k) => k === input);

/**
 * Whether row's value of `metric` reaches the TRAIT_LEAGUE_P-th percentile of every outfield player
 * of his league-season (see leagueOutfieldSorted); NaN values never meet it.
 */
function leagueEvidenceOf(derived: DerivedSeasons, row: number, metric: MetricKey): Evidence {
  const value = valueAt(derived, metric, row);
  const bar = leagueOutfieldQuantileOf(derived, metric, row, TRAIT_LEAGUE_P);
  return {
    metric,
    cohort: 'league_outfield',
    percentile: leagueOutfieldPercentileOf(derived, metric, row),
    value,
    op: '>=',
    threshold: TRAIT_LEAGUE_P,
    met: !Number.isNaN(value) && !Number.isNaN(bar) && value >= bar,
  };
}

/** Mean signed margin by which the conditions hold, in percentile points (a missing one counts as the median, 50). */
function fitOf(evidence: readonly Evidence[]): number {
  let sum = 0;
  for (const e of evidence) {
    const p = Number.isNaN(e.percentile) ? ROLE_P_MEDIAN : e.percentile;
    sum += e.op === '>=' ? p - e.threshold : e.threshold - p;
  }
  return sum / evidence.length;
}

/**
 * The tiers a role rule is read at, first match wins (docs/methodology/dna.md#style-tags): every
 * condition at its threshold; every condition within ROLE_LEAN_SLACK points of it; the defining
 * (first) condition alone at ROLE_P_ABOVE, so a player clearly above his role in the one metric a
 * role is named after is given it.
 */
const ROLE_TIERS: readonly { slack: number; rule: (r: TagRule<RoleTag>) => TagRule<RoleTag> }[] = [
  { slack: 0, rule: (r) => r },
  { slack: ROLE_LEAN_SLACK, rule: (r) => r },
  {
    slack: 0,
    rule: (r) => ({
      ...r,
      conditions: r.conditions.slice(0, 1).map((c) => ({ ...c, threshold: Math.min(c.threshold, ROLE_P_DEFINING) })),
    }),
  },
];

// --- Inputs-present guard, kept apart from the rules above. ---

/**
 * The role rules a player can be given: those whose every input he has a value for; when no rule
 * has all of them, those with the largest share of their inputs present (else all, which a DNA
 * vector makes unlikely). So no role stands on absent evidence, such as a "Target Man" from an
 * export without aerial duels, whose missing percentiles would otherwise count as the median
 * (docs/methodology/dna.md#style-tags).
 */
function withInputsPresent<T extends { evidence: readonly Evidence[] }>(candidates: readonly T[]): readonly T[] {
  const shareOf = (c: T) => c.evidence.filter((e) => !Number.isNaN(e.percentile)).length / c.evidence.length;
  const best = Math.max(0, ...candidates.map(shareOf));
  return best === 0 ? candidates : candidates.filter((c) => shareOf(c) === best);
}

/**
 * Style tags of derived row `row`: the primary role is the rule of the row's role whose conditions
 * all hold with the largest mean margin; when none holds, the rule with the largest mean margin
 * among the rules whose inputs he has (see withInputsPresent), marked `fallback` and shown as "No
 * clear role" (see clear-role.ts). Traits (outfield roles) are every trait whose conditions all
 * hold. Null when the row has no DNA vector.
 * @example styleTagsOf(dna, derived, row)?.primary // => 'Poacher'
 */
export function styleTagsOf(
  dna: DnaVectors,
  derived: DerivedSeasons,
  row: number,
  location: RowLocation | null = null,
): StyleTags | null {
  if (!dna.hasVector[row]) return null;
  const playerRole = ROLES[derived.role[row]];
  type Pick = { rule: TagRule<RoleTag>; evidence: Evidence[]; fit: number; met: boolean };
  const pickOf = (rules: readonly TagRule<RoleTag>[], tier: (typeof ROLE_TIERS)[number]): Pick | null => {
    let pick: Pick | null = null;
    for (const rule of rules) {
      const evidence = evidenceOf(tier.rule(rule), derived, row, location, tier.slack);
      const met = evidence.every((e) => e.met);
      const fit = fitOf(evidence);
      if (!pick || (met && !pick.met) || (met === pick.met && fit > pick.fit)) pick = { rule, evidence, fit, met };
    }
    return pick;
  };
  const full = ROLE_RULES[playerRole].map((rule) => ({ rule, evidence: evidenceOf(rule, derived, row, location) }));
  // The strict tier (and the best-fit guess kept when nothing holds) reads the rules with the most
  // inputs present; the looser tiers only rules whose every input he has, so a role read on its
  // defining metric alone never stands on a supporting metric the dataset lacks.
  let best = pickOf(
    withInputsPresent(full).map((c) => c.rule),
    ROLE_TIERS[0],
  );
  const complete = full.filter((c) => c.evidence.every((e) => !Number.isNaN(e.percentile))).map((c) => c.rule);
  for (const tier of ROLE_TIERS.slice(1)) {
    if (best?.met) break;
    const pick = pickOf(complete, tier);
    if (pick?.met) best = pick;
  }
  assert(best, `no role rule for role ${playerRole}`);
  const tags: TagResult[] = [{ tag: best.rule.tag, kind: 'role', fallback: !best.met, evidence: best.evidence }];
  const traits: TraitTag[] = [];
  for (const rule of playerRole === 'goalkeeper' ? [] : TRAIT_RULES) {
    const evidence = evidenceOf(rule, derived, row, location);
    if (!evidence.every((e) => e.met)) continue;
    // Traits read metrics only: no trait rule has a location condition.
    const league = evidence.flatMap((e) => (isLocation(e.metric) ? [] : [leagueEvidenceOf(derived, row, e.metric)]));
    const tag = league.every((e) => e.met) ? rule.tag : ROLE_RELATIVE_TRAITS[rule.tag];
    traits.push(tag);
    tags.push({ tag, kind: 'trait', fallback: false, evidence: [...evidence, ...league] });
  }
  return { primary: best.rule.tag, traits, tags };
}

/** Every tag name of a result, role first. @example tagNamesOf(tags) // => ['Poacher', 'Prolific'] */
export function tagNamesOf(tags: StyleTags): StyleTag[] {
  return [tags.primary, ...tags.traits];
}

// Where a player stands among every outfield player of his league-season, whatever the role: the
// cohort a trait that reads as absolute ("Prolific", "Dribbler") is checked against, so a
// centre-back's goals are not called prolific because centre-backs rarely score.

const GOALKEEPER = ROLES.indexOf('goalkeeper');

// Sorted values per derived table, metric and league-season, built once per table on first use.
const sortedCache = new WeakMap<DerivedSeasons, Map<string, Float64Array>>();

/**
 * The values of `metric` of the outfield rows of row's league-season that met their cohort's
 * minutes (inCohort), sorted ascending, NaN left out.
 */
function leagueOutfieldSorted(derived: DerivedSeasons, metric: MetricKey, row: number): Float64Array {
  let byKey = sortedCache.get(derived);
  if (!byKey) sortedCache.set(derived, (byKey = new Map()));
  const league = derived.league_id[row];
  const season = derived.season_id[row];
  const key = `${metric}|${league}|${season}`;
  let sorted = byKey.get(key);
  if (sorted) return sorted;
  const values: number[] = [];
  const column = derived.values[metric];
  for (let i = 0; i < derived.n; i++) {
    if (derived.league_id[i] !== league || derived.season_id[i] !== season) continue;
    if (derived.role[i] === GOALKEEPER || !derived.inCohort[i]) continue;
    const v = column[i];
    if (!Number.isNaN(v)) values.push(v);
  }
  sorted = Float64Array.from(values).sort();
  byKey.set(key, sorted);
  return sorted;
}

/**
 * The `p`-th percentile (0–100, linear interpolation between closest ranks) of `metric` among the
 * outfield players of row's league-season who met their cohort's minutes; NaN when there are none.
 * @example leagueOutfieldQuantileOf(derived, 'goals_per90', row, 75) // => 0.21
 */
function leagueOutfieldQuantileOf(derived: DerivedSeasons, metric: MetricKey, row: number, p: number): number {
  const sorted = leagueOutfieldSorted(derived, metric, row);
  if (sorted.length === 0) return NaN;
  const at = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

/**
 * Share (0–100, whole number) of the league-season's outfield players (as above) whose value of
 * `metric` is at most row's; NaN when the row's value is missing or the cohort is empty.
 * @example leagueOutfieldPercentileOf(derived, 'goals_per90', row) // => 97
 */
function leagueOutfieldPercentileOf(derived: DerivedSeasons, metric: MetricKey, row: number): number {
  const x = derived.values[metric][row];
  const sorted = leagueOutfieldSorted(derived, metric, row);
  if (Number.isNaN(x) || sorted.length === 0) return NaN;
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (sorted[mid] <= x) lo = mid + 1;
    else hi = mid;
  }
  return Math.round((100 * lo) / sorted.length);
}

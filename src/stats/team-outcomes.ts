/**
 * Team outcomes: metrics that count what the team let in while a player was on the pitch, not what
 * he did (docs/methodology/verdict.md#team-outcomes). They are a goalkeeper's own evidence (the goals
 * go past him) and never an outfield player's.
 */
import { metricEntriesOf, type MetricKey } from './metrics.js';
import type { Role } from './roles.js';

/** The team-outcome metrics: goals conceded and clean sheets, per 90 minutes he played. */
export const TEAM_OUTCOME_METRICS = [
  'goals_conceded_per90',
  'cleansheets_per90',
] as const satisfies readonly MetricKey[];

/** How a team outcome is labelled wherever an outfield player's response shows one. */
export const TEAM_OUTCOME_NOTE = 'team, with him on the pitch';

/**
 * How a team outcome is labelled in a goalkeeper's receipts: his own evidence, but his defence's
 * as much as his, so it says whose it is.
 */
export const KEEPER_TEAM_OUTCOME_NOTE = 'team, with him in goal';

/**
 * True when `key` (a metric or receipt key) is a team outcome (goals conceded or clean sheets).
 * @example isTeamOutcome('goals_conceded_per90') // => true
 */
export function isTeamOutcome(key: string): boolean {
  return TEAM_OUTCOME_METRICS.some((k) => k === key);
}

/**
 * True when `key` can be a player of `role`'s own evidence: every metric for a goalkeeper, every
 * metric but the team outcomes for an outfield player.
 * @example isOwnEvidence('centre_back', 'goals_conceded_per90') // => false
 */
export function isOwnEvidence(role: Role, key: MetricKey): boolean {
  return role === 'goalkeeper' || !isTeamOutcome(key);
}

/**
 * The entries of a percentile (or value) map that are the player's own evidence for `role`
 * ({@link isOwnEvidence}); a new object, the input is not changed.
 * @example ownEvidenceOf('midfielder', { goals_conceded_per90: 90, pass_accuracy_pct: 95 }) // => { pass_accuracy_pct: 95 }
 */
export function ownEvidenceOf<V>(role: Role, record: Partial<Record<MetricKey, V>>): Partial<Record<MetricKey, V>> {
  const out: Partial<Record<MetricKey, V>> = {};
  for (const [key, value] of metricEntriesOf(record)) if (isOwnEvidence(role, key)) out[key] = value;
  return out;
}

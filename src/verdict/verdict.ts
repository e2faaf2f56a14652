/**
 * POST /api/v1/verdict (docs/design.md#op-verdict; docs/design.md#verdicts): a data-backed verdict with percentile receipts.
 * The engine picks the code; callers cannot choose it. Headlines and narrative carry no EUR amount.
 */
import * as z from 'zod';
import type { EngineContext, PlayerRow } from '../context.js';
import { entityMetaOf } from '../model/schema.js';
import { ok, fail, type Result } from '../errors.js';
import { FEE_TIERS, feeTierOf, type FeeTier } from '../stats/fee-tier.js';
import { METRIC_KEYS, METRICS, type MetricKey } from '../stats/metrics.js';
import { ordinalOf } from '../stats/percentiles.js';
import { percentileAt, saveSharePercentileAt, valueAt } from '../stats/derived.js';
import { saveShareOf } from '../stats/save-share.js';
import { cohortNameOf, SMALL_COHORT_MAX } from '../stats/cohorts.js';
import { ratedPercentilesOf } from '../stats/rating.js';
import { ROLES, type Role } from '../stats/roles.js';
import { PLAYER_NAME_IDENTITY_FIELDS, requireIdentity } from '../identity/request.js';
import { EntityMeta } from '../identity/name-match.js';
import {
  isOwnEvidence,
  isTeamOutcome,
  KEEPER_TEAM_OUTCOME_NOTE,
  TEAM_OUTCOME_METRICS,
  TEAM_OUTCOME_NOTE,
} from '../stats/team-outcomes.js';
import { withThousands } from '../prose.js';
import {
  RECEIPT_KEYS,
  type ReceiptKey,
  SAVE_SHARE_LABEL,
  SAVE_SHARE_RECEIPT,
  withSaveShare,
} from './keeper-receipts.js';
import {
  confidenceOf,
  ELITE_MINUTES_MIN,
  eliteOnFewMinutesOf,
  outputScoreOf,
  sampleShareOf,
  uncheckedOf,
  verdictOf,
  type RuleOutcome,
  VERDICT_CODES,
  type VerdictFacts,
} from './rules.js';

export const VerdictRequest = z
  .object(PLAYER_NAME_IDENTITY_FIELDS)
  .strict()
  .superRefine(requireIdentity('player_name'));
export type VerdictRequest = z.infer<typeof VerdictRequest>;

/** One metric behind a verdict, with its cohort percentile (the tag evidence of DNA is `Evidence` in src/dna/tags.ts). */
export const VerdictEvidence = z
  .object({
    metric: z
      .enum(RECEIPT_KEYS)
      .describe("A metric key, or save_share_pct: a goalkeeper's saves / shots on target faced, in %"),
    label: z.string(),
    value: z.number().nullable(),
    percentile: z.number(),
    cohort: z.string(),
  })
  .loose();
export type VerdictEvidence = z.infer<typeof VerdictEvidence>;

/** Why the rules chose the code (docs/methodology/verdict.md). */
const VerdictRule = z.object({
  reason: z.string(),
  output_score: z.number().nullable(),
  previous_output_score: z.number().nullable(),
  previous_season: z
    .object({
      season: z.string(),
      team: z.string().nullable(),
      league: z.string().nullable(),
      output_score: z.number(),
    })
    .nullable()
    .describe(
      'The season the cooked rule compared with: his latest club season (or tournament, for a tournament) that ended before this one began; null when none',
    ),
  role: z.enum(ROLES).nullable().describe("The player's role (docs/methodology/stats.md#roles)"),
  specialty: z.string().optional().describe('The specialty of a specialist or merchant, e.g. "finisher"'),
  unchecked: z.array(z.string()).describe('Rules the data could not check, in words (no fee tier, no earlier season)'),
  sample: z
    .object({
      minutes: z.number().describe('Minutes of the main season'),
      share: z
        .number()
        .describe('Share of a full sample (0–1) behind the verdict: minutes, and attempts of ratio receipts'),
      elite_withheld: z
        .boolean()
        .describe('True when his numbers are elite but his minutes are under the elite minimum (1,000)'),
    })
    .describe('The sample behind the verdict (docs/methodology/verdict.md#sample)'),
});

/** Verdict response (docs/design.md#verdicts): code, headline, confidence 0–1 and percentile receipts. */
export const VerdictResponse = z
  .object({
    verdict_code: z.enum(VERDICT_CODES),
    headline: z.string(),
    confidence: z.number().min(0).max(1),
    evidence: z.array(VerdictEvidence),
    team_on_pitch: z
      .array(z.object(VerdictEvidence.shape))
      .describe(
        "An outfield player's team outcomes (goals conceded, clean sheets) while he was on the pitch, labelled so: never his own evidence; empty for a goalkeeper",
      ),
    contrast: z
      .object({
        player_id: z.number().int(),
        name: z.string(),
        fee_tier: z.enum(FEE_TIERS),
        similarity: z.number(),
        match: z.number(),
      })
      .optional(),
    fee_tier: z.enum(FEE_TIERS).nullable(),
    narrative: z.string(),
    player: z
      .object({
        player_id: z.number().int(),
        name: z.string(),
        team: z.string().nullable(),
        position: z.string(),
        age: z.number().int().nullable(),
      })
      .loose(),
    season: z.string().nullable(),
    rule: VerdictRule,
    meta: EntityMeta,
  })
  .loose();
export type VerdictResponse = z.infer<typeof VerdictResponse>;

/** Finds the closest DNA match of a derived row in a strictly higher fee tier (the engine supplies it). */
export type AnchorFinder = (row: number) => VerdictFacts['anchor'];

const roleAt = (ctx: EngineContext, row: number): Role => ROLES[ctx.derived.role[row]];

/**
 * Role-cohort percentiles of the metrics the role's rating reads at a derived row (an event value
 * the dataset lacks is replaced by its stand-in; missing ones omitted).
 */
function percentilesAt(ctx: EngineContext, row: number): Partial<Record<MetricKey, number>> {
  // One row at a time: a verdict ranks the cohorts of the player's rows, not every cohort (docs/design.md#first-answer).
  return ratedPercentilesOf(roleAt(ctx, row), (k) => percentileAt(ctx.derived, k, row));
}

/** The percentile of the model rating at a derived row in its role cohort, or null when unranked. */
function ratingPercentileAt(ctx: EngineContext, row: number): number | null {
  const p = percentileAt(ctx.derived, 'rating', row);
  return Number.isNaN(p) ? null : p;
}

/** The season a cooked verdict compares with: its output score, and where he played it. */
export interface PreviousSeason {
  output: number;
  /** Season name, e.g. "2016/17". */
  season: string;
  /** His team in that season, or null when the dataset does not name it. */
  team: string | null;
  /** The competition, or null when the dataset does not name it. */
  league: string | null;
}

/** True when the derived row is a national-team tournament (a league of kind `international`). */
const isInternational = (ctx: EngineContext, row: number) =>
  ctx.leagueById(ctx.derived.league_id[row])?.kind === 'international';

/**
 * The season a cooked verdict compares the main row with (docs/methodology/verdict.md#cooked): his
 * most recent season of the same kind (club or national-team tournament) that ended before the main
 * row's season began, in which he met the cohort threshold; within that season, the row with the
 * most minutes. Never a row of the same season (another club after a transfer) nor a later
 * tournament. Null when there is none.
 */
function previousSeasonOf(ctx: EngineContext, rows: readonly number[], latest: number): PreviousSeason | null {
  const d = ctx.derived;
  const began = ctx.seasonById(d.season_id[latest])?.start_date;
  if (began === undefined) return null;
  const international = isInternational(ctx, latest);
  let best = -1;
  let bestEnd = '';
  let bestOutput = Number.NaN;
  for (const r of rows) {
    const season = ctx.seasonById(d.season_id[r]);
    // Dates are validated YYYY-MM-DD, so string order is date order.
    if (!season || !(season.end_date < began) || !d.inCohort[r] || isInternational(ctx, r) !== international) continue;
    const output = outputScoreOf(roleAt(ctx, r), percentilesAt(ctx, r));
    if (Number.isNaN(output)) continue;
    if (best < 0 || season.end_date > bestEnd || (season.end_date === bestEnd && d.minutes[r] > d.minutes[best])) {
      best = r;
      bestEnd = season.end_date;
      bestOutput = output;
    }
  }
  if (best < 0) return null;
  return {
    output: bestOutput,
    season: ctx.seasonById(d.season_id[best])?.name ?? '',
    team: ctx.teamById(d.team_id[best])?.name ?? null,
    league: ctx.leagueById(d.league_id[best])?.name ?? null,
  };
}

/**
 * Builds the verdict for the player's main season.
 * Takes a request its schema has parsed (`engine.verdict` in the public API parses first).
 * @example verdictReportOfParsed(engine, VerdictRequest.parse({ player_id: 1 }), anchorOf).ok // => true
 */
export function verdictReportOfParsed(
  ctx: EngineContext,
  req: z.output<typeof VerdictRequest>,
  anchorOf: AnchorFinder,
): Result<VerdictResponse> {
  const { player_name, player_id, team_hint } = req;
  const resolved = ctx.resolvePlayer({ name: player_name, player_id, team_hint });
  if (!resolved.ok) {
    const e = resolved.error;
    return e.param === 'name'
      ? fail(e.code, e.message.replace(/^name\b/, 'player_name'), { ...e, param: 'player_name' })
      : resolved;
  }
  const player = ctx.playerById(resolved.value.player_id)!;
  const name = player.known_as ?? player.name;
  const row = ctx.latestRowOf(player.player_id);
  const { facts, previous, cohortId, role } = factsOf(ctx, player, row, anchorOf);
  const { feeTier, age, percentiles } = facts;
  const outcome = verdictOf(facts);
  const output = outputScoreOf(facts.role, percentiles);
  const receipts = evidenceOf(ctx, row, cohortId, outcome.metrics, percentiles);
  const evidence =
    role === 'goalkeeper' ? withSaveShare(receipts, saveShareReceiptOf(ctx, row, cohortId), outcome.code) : receipts;
  const among = cohortId >= 0 ? cohortNameOf(ctx.derived.cohorts[cohortId]) : 'his cohort';
  const { share: sampleShare, fewMinutes } = verdictSampleOf(ctx, row, facts, outcome);
  const headline = withSampleNote(
    headlineOf(outcome, { name, age, feeTier, output, previous, facts, evidence, among }),
    fewMinutes ? facts.minutes : null,
  );
  const unchecked = outcome.code === 'fallback' && outcome.reason === 'not_enough_data' ? [] : uncheckedOf(facts);
  const team = player.team_id === null ? undefined : ctx.teamById(player.team_id);
  const response: VerdictResponse = {
    verdict_code: outcome.code,
    headline,
    confidence: confidenceOf(outcome, sampleShare),
    evidence,
    team_on_pitch: role === null ? [] : teamOnPitchOf(ctx, row, cohortId, role),
    fee_tier: feeTier,
    narrative: narrativeOf(headline, evidence, { facts, previous, output, unchecked, fewMinutes }),
    player: { player_id: player.player_id, name, team: team?.name ?? null, position: player.position, age },
    season: row >= 0 ? (ctx.seasonById(ctx.derived.season_id[row])?.name ?? null) : null,
    rule: {
      reason: outcome.reason,
      output_score: Number.isNaN(output) ? null : Math.round(output),
      previous_output_score: previous ? Math.round(previous.output) : null,
      previous_season: previous && previousSeasonField(previous),
      role,
      ...(outcome.specialty ? { specialty: outcome.specialty.name } : {}),
      unchecked,
      sample: {
        minutes: Math.round(facts.minutes),
        share: Math.round(sampleShare * 100) / 100,
        elite_withheld: fewMinutes,
      },
    },
    meta: entityMetaOf(ctx, player.player_id, resolved.value.resolution),
  };
  if (outcome.code === 'contrast' && facts.anchor) {
    response.contrast = { ...facts.anchor, match: Math.round(facts.anchor.similarity * 100) };
  }
  return ok(response);
}

/** The compared season as `rule.previous_season` shows it. */
const previousSeasonField = ({ season, team, league, output }: PreviousSeason) => ({
  season,
  team,
  league,
  output_score: Math.round(output),
});

/**
 * The sample behind a verdict (docs/methodology/verdict.md#sample): its share of a full sample
 * (minutes, and the attempts behind its ratio receipts) and whether his numbers are elite but his
 * minutes too few for it.
 */
function verdictSampleOf(
  ctx: EngineContext,
  row: number,
  facts: VerdictFacts,
  outcome: RuleOutcome,
): { share: number; fewMinutes: boolean } {
  const record = row >= 0 ? ctx.playerSeasonAt(row) : null;
  const share = sampleShareOf(facts.minutes, outcome.metrics, {
    passes: record?.passes ?? null,
    crosses: record?.crosses ?? null,
  });
  return { share, fewMinutes: outcome.code !== 'elite' && eliteOnFewMinutesOf(facts) };
}

/** What the rules look at for a player's latest derived row (`row` -1: none), with his cohort and role. */
function factsOf(
  ctx: EngineContext,
  player: PlayerRow,
  row: number,
  anchorOf: AnchorFinder,
): { facts: VerdictFacts; previous: PreviousSeason | null; cohortId: number; role: Role | null } {
  const previous = row >= 0 ? previousSeasonOf(ctx, ctx.rowsOfPlayer(player.player_id), row) : null;
  const cohortId = row >= 0 ? ctx.derived.cohort[row] : -1;
  const role = row >= 0 ? roleAt(ctx, row) : null;
  const facts: VerdictFacts = {
    minutes: row >= 0 ? ctx.derived.minutes[row] : 0,
    cohortN: cohortId >= 0 ? ctx.derived.cohorts[cohortId].n : 0,
    role: role ?? 'midfielder',
    percentiles: row >= 0 ? percentilesAt(ctx, row) : {},
    age: ctx.ageOf(player),
    feeTier: feeTierOf(player.market_value_eur),
    previousOutput: previous?.output ?? null,
    ratingPercentile: row >= 0 ? ratingPercentileAt(ctx, row) : null,
    anchor: row >= 0 && ctx.derived.inCohort[row] ? anchorOf(row) : null,
  };
  return { facts, previous, cohortId, role };
}

/** The receipts: each deciding metric's value and role-cohort percentile, with the cohort in words. */
function evidenceOf(
  ctx: EngineContext,
  row: number,
  cohortId: number,
  metrics: readonly MetricKey[],
  percentiles: Partial<Record<MetricKey, number>>,
): VerdictEvidence[] {
  const cohortText = cohortId >= 0 ? cohortTextOf(ctx, cohortId) : '';
  return metrics.map((metric) => {
    const value = valueAt(ctx.derived, metric, row);
    return {
      metric,
      // Only a keeper's receipts can hold a team outcome; it says whose it is.
      label: isTeamOutcome(metric) ? `${METRICS[metric].label} (${KEEPER_TEAM_OUTCOME_NOTE})` : METRICS[metric].label,
      value: Number.isNaN(value) ? null : Math.round(value * 100) / 100,
      percentile: percentiles[metric]!,
      cohort: cohortText,
    };
  });
}

/** A keeper's save share as a receipt: his own shot stopping, in % (keeper-receipts.ts). */
function saveShareReceiptOf(ctx: EngineContext, row: number, cohortId: number): VerdictEvidence {
  const share = saveShareOf(ctx.derived, row);
  return {
    metric: SAVE_SHARE_RECEIPT,
    label: SAVE_SHARE_LABEL,
    value: Number.isNaN(share) ? null : Math.round(share * 1000) / 10,
    percentile: saveSharePercentileAt(ctx.derived, row),
    cohort: cohortId >= 0 ? cohortTextOf(ctx, cohortId) : '',
  };
}

/**
 * An outfield player's team outcomes with him on the pitch, each labelled "(team, with him on the
 * pitch)", ranked in his cohort like any metric; empty for a goalkeeper (they are his own evidence)
 * and without a row (docs/methodology/verdict.md#team-outcomes).
 */
function teamOnPitchOf(ctx: EngineContext, row: number, cohortId: number, role: Role): VerdictEvidence[] {
  if (row < 0) return [];
  const cohortText = cohortId >= 0 ? cohortTextOf(ctx, cohortId) : '';
  const out: VerdictEvidence[] = [];
  for (const metric of TEAM_OUTCOME_METRICS) {
    if (isOwnEvidence(role, metric)) continue;
    const p = percentileAt(ctx.derived, metric, row);
    if (Number.isNaN(p)) continue;
    const value = valueAt(ctx.derived, metric, row);
    out.push({
      metric,
      label: `${METRICS[metric].label} (${TEAM_OUTCOME_NOTE})`,
      value: Number.isNaN(value) ? null : Math.round(value * 100) / 100,
      percentile: p,
      cohort: cohortText,
    });
  }
  return out;
}

function cohortTextOf(ctx: EngineContext, cohortId: number): string {
  const c = ctx.derived.cohorts[cohortId];
  const who = c.role ? cohortNameOf(c) : `${cohortNameOf(c)} (role cohort too small)`;
  // A small cohort says so: its percentiles step by 100 / n points (SMALL_COHORT_MAX).
  const size = c.n <= SMALL_COHORT_MAX ? `n = ${c.n}, a small cohort` : `n = ${c.n}`;
  return `${who}, ${ctx.leagueById(c.league_id)?.name ?? c.league_id} ${ctx.seasonById(c.season_id)?.name ?? c.season_id} (${size})`;
}

/** A compared season in words: "2016/17 (Bordeaux, Ligue 1)". */
const seasonInWords = (p: PreviousSeason) => {
  const where = [p.team, p.league].filter((x) => x !== null).join(', ');
  return where ? `${p.season} (${where})` : p.season;
};

interface HeadlineFacts {
  name: string;
  age: number | null;
  feeTier: FeeTier | null;
  output: number;
  previous: PreviousSeason | null;
  facts: VerdictFacts;
  evidence: VerdictEvidence[];
  /** The cohort his percentiles are ranked in, named as the card names it (cohortNameOf). */
  among: string;
}

/**
 * A label inside a sentence: capitalised words lower-cased, abbreviations kept ("Non-penalty xG" →
 * "non-penalty xG", "PAdj tackles" stays).
 */
const inSentence = (label: string) => label.replace(/\b[A-Z][a-z]+\b/g, (w) => w.toLowerCase());
const receipt = (e: VerdictEvidence) => `${inSentence(e.label)} ${ordinalOf(e.percentile)}`;

function headlineOf(outcome: RuleOutcome, h: HeadlineFacts): string {
  const first = h.evidence[0];
  const { among } = h;
  const out = Math.round(h.output);
  switch (outcome.code) {
    case 'elite':
      return `${h.name} is elite among ${among}: ${h.evidence.map(receipt).join(', ')}.`;
    case 'cooked':
      return `${h.name} (${h.age}) looks cooked: output down ${Math.round(h.previous!.output - h.output)} percentile points since ${seasonInWords(h.previous!)}.`;
    case 'fraud':
      return `${h.name} is priced in fee tier ${h.feeTier} but produces at an output score of ${out} among ${among}.`;
    case 'specialist':
      return `${h.name} is a specialist ${outcome.specialty!.name}: ${receipt(first)} among ${among}, role output ${out}.`;
    case 'merchant':
      return `${h.name} is a one-stat merchant: ${receipt(first)} among ${among}, nothing else strong (role output ${out}).`;
    case 'contrast':
      return `${h.name} plays like ${h.facts.anchor!.name} (fee tier ${h.facts.anchor!.fee_tier}) at fee tier ${h.feeTier ?? 'unknown'}: ${Math.round(h.facts.anchor!.similarity * 100)}% DNA match.`;
    case 'solid':
      return `${h.name} does the job: role output ${out} among ${among}, led by ${receipt(first)}.`;
    case 'below_par':
      return `${h.name} is below par for his role: role output ${out} among ${among}, weakest at ${receipt(first)}.`;
    case 'fallback':
      return `Not enough data for a verdict on ${h.name}: ${Math.round(h.facts.minutes)} minutes in the latest season.`;
  }
}

/** What the narrative says beyond the headline and the receipts. */
interface NarrativeFacts {
  facts: VerdictFacts;
  previous: PreviousSeason | null;
  output: number;
  unchecked: string[];
  /** His numbers are elite but his minutes are under ELITE_MINUTES_MIN. */
  fewMinutes: boolean;
}

/**
 * A headline with elite numbers held back by the sample says so: "…, role output 72 (elite numbers
 * on 610 minutes, too few to call)." Unchanged when `fewMinutes` is null.
 */
function withSampleNote(headline: string, fewMinutes: number | null): string {
  if (fewMinutes === null) return headline;
  return `${headline.replace(/\.$/, '')} (elite numbers on ${withThousands(Math.round(fewMinutes))} minutes, too few to call).`;
}

function narrativeOf(headline: string, evidence: VerdictEvidence[], n: NarrativeFacts): string {
  const unit = (m: ReceiptKey) =>
    m === SAVE_SHARE_RECEIPT ? '%' : METRICS[m].kind === 'per90' ? ' per 90' : METRICS[m].kind === 'pct' ? '%' : '';
  const receipts = evidence
    .map((e) => `${e.label} ${e.value ?? '–'}${unit(e.metric)} (${ordinalOf(e.percentile)})`)
    .join('; ');
  const parts = [headline];
  if (receipts) parts.push(`Receipts: ${receipts}.`);
  const minutes = withThousands(Math.round(n.facts.minutes));
  parts.push(
    n.fewMinutes
      ? `Sample: ${minutes} minutes, under the ${withThousands(ELITE_MINUTES_MIN)} an elite verdict needs, though the numbers are elite.`
      : `Sample: ${minutes} minutes.`,
  );
  if (n.previous && !Number.isNaN(n.output))
    parts.push(
      `Compared with ${seasonInWords(n.previous)}: role output ${Math.round(n.previous.output)} then, ${Math.round(n.output)} now.`,
    );
  if (n.unchecked.length > 0) parts.push(`Not checked: ${n.unchecked.join('; ')}.`);
  return parts.join(' ');
}

/**
 * POST /api/v1/verdict (docs/design.md#op-verdict; docs/design.md#verdicts): a data-backed verdict with percentile receipts.
 * The engine picks the code; callers cannot choose it. Its words (docs/methodology/verdict.md): the
 * headline, the note when elite numbers rest on too few minutes, and the narrative around its
 * receipts, which carry no EUR amount.
 */
import * as z from 'zod';
import type { EngineContext, PlayerRow } from '../context.js';
import { entityMetaOf } from '../model/schema.js';
import { ok, fail, type Result } from '../errors.js';
import { FEE_TIERS, feeTierOf, type FeeTier } from '../stats/fee-tier.js';
import { percentileAt, saveSharePercentileAt } from '../stats/derived.js';
import { cohortNameOf } from '../stats/cohorts.js';
import { METRICS, type MetricKey } from '../stats/metrics.js';
import { ordinalOf } from '../stats/percentiles.js';
import { withThousands } from '../prose.js';
import { ROLES, type Role } from '../stats/roles.js';
import { PLAYER_NAME_IDENTITY_FIELDS, requireIdentity } from '../identity/request.js';
import { EntityMeta } from '../identity/name-match.js';
import { type ReceiptKey, SAVE_SHARE_RECEIPT, withSaveShare } from './keeper-receipts.js';
import { type PreviousSeason, previousSeasonField, previousSeasonOf, seasonInWords } from './previous-season.js';
import { evidenceOf, percentilesAt, roleAt, saveShareReceiptOf, teamOnPitchOf, VerdictEvidence } from './receipts.js';
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
  const evidence = receiptsOf(ctx, row, cohortId, role, outcome, percentiles);
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

/** The receipts of a verdict, a keeper's with his save share in its place (keeper-receipts.ts). */
function receiptsOf(
  ctx: EngineContext,
  row: number,
  cohortId: number,
  role: Role | null,
  outcome: RuleOutcome,
  percentiles: Partial<Record<MetricKey, number>>,
): VerdictEvidence[] {
  const receipts = evidenceOf(ctx, row, cohortId, outcome.metrics, percentiles);
  if (role !== 'goalkeeper') return receipts;
  return withSaveShare(receipts, saveShareReceiptOf(ctx, row, cohortId), outcome.code);
}

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
  const ratingPercentile = row >= 0 ? percentileAt(ctx.derived, 'rating', row) : Number.NaN;
  const facts: VerdictFacts = {
    minutes: row >= 0 ? ctx.derived.minutes[row] : 0,
    cohortN: cohortId >= 0 ? ctx.derived.cohorts[cohortId].n : 0,
    role: role ?? 'midfielder',
    percentiles: row >= 0 ? percentilesAt(ctx, row) : {},
    age: ctx.ageOf(player),
    feeTier: feeTierOf(player.market_value_eur),
    previousOutput: previous?.output ?? null,
    ratingPercentile: Number.isNaN(ratingPercentile) ? null : ratingPercentile,
    saveSharePercentile: row >= 0 && role === 'goalkeeper' ? saveSharePercentileAt(ctx.derived, row) : null,
    anchor: row >= 0 && ctx.derived.inCohort[row] ? anchorOf(row) : null,
  };
  return { facts, previous, cohortId, role };
}

// --- The words of a verdict. ---

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

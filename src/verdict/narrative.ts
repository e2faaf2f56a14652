/**
 * The words of a verdict (docs/methodology/verdict.md): its headline, the note when elite numbers
 * rest on too few minutes, and the narrative around its receipts.
 */
import { ordinalOf } from '../stats/percentiles.js';
import { METRICS } from '../stats/metrics.js';
import type { FeeTier } from '../stats/fee-tier.js';
import { withThousands } from '../prose.js';
import { type ReceiptKey, SAVE_SHARE_RECEIPT } from './keeper-receipts.js';
import { type PreviousSeason, seasonInWords } from './previous-season.js';
import type { VerdictEvidence } from './receipts.js';
import { ELITE_MINUTES_MIN, type RuleOutcome, type VerdictFacts } from './rules.js';

export interface HeadlineFacts {
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

export function headlineOf(outcome: RuleOutcome, h: HeadlineFacts): string {
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
export interface NarrativeFacts {
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
export function withSampleNote(headline: string, fewMinutes: number | null): string {
  if (fewMinutes === null) return headline;
  return `${headline.replace(/\.$/, '')} (elite numbers on ${withThousands(Math.round(fewMinutes))} minutes, too few to call).`;
}

export function narrativeOf(headline: string, evidence: VerdictEvidence[], n: NarrativeFacts): string {
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

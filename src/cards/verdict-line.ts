/**
 * The verdict line of a card (docs/cards.md#verdict-line): the caller's frame, the verdict engine's
 * decisive code or the player's style tags, with its headline and confidence.
 */
import { NO_CLEAR_ROLE } from '../dna/clear-role.js';
import type { VerdictCode } from '../verdict/rules.js';

/** Verdict frames a caller may set on player_card (docs/design.md#op-cards). */
export const CARD_VERDICT_CODES = ['fraud', 'merchant', 'cooked'] as const satisfies readonly VerdictCode[];
export type CardVerdictCode = (typeof CARD_VERDICT_CODES)[number];

/** Codes a verdict line can carry: the caller's frames plus the verdict engine's decisive codes (its `fallback` never shows). */
export type VerdictLineCode = Exclude<VerdictCode, 'fallback'>;

/** The verdict engine's answer for a player, as the card needs it (docs/design.md#op-verdict response fields). */
export interface EngineVerdict {
  verdict_code: string;
  headline: string;
  confidence: number;
}

/**
 * The verdict line: the caller's code when set, else the verdict engine's decisive code, else the
 * player's style tags (docs/cards.md#verdict-line).
 */
export interface CardVerdict {
  code: VerdictLineCode | null;
  /** Short line, e.g. "Stat merchant" or "Poacher · Aerial". */
  headline: string;
  /** One supporting sentence (the engine's headline, or how the engine disagrees), or null. */
  detail: string | null;
  /** 0–1. */
  confidence: number;
  source: 'caller' | 'engine' | 'style_tags';
}

/** Minutes treated as one full season when scaling the confidence of a style-tag line (docs/cards.md#verdict-line). */
export const FULL_SEASON_MINUTES = 3060;
/** Lowest and highest confidence a style-tag line claims (docs/cards.md#verdict-line). */
export const TAG_CONFIDENCE_RANGE = [0.2, 0.95] as const;

/**
 * How a card shows each verdict code: the verdict line's short headline, the hd cards' angle
 * headline (a caller's frame asks a question) and the line's accent colour.
 */
export const VERDICT_LOOKS: Record<VerdictLineCode, { headline: string; angle: string; color: string }> = {
  fraud: { headline: 'Fraud watch', angle: 'Fraud watch?', color: '#ef4444' },
  merchant: { headline: 'Stat merchant', angle: 'Stat merchant?', color: '#f59e0b' },
  cooked: { headline: 'Cooked', angle: 'Cooked?', color: '#a855f7' },
  elite: { headline: 'Elite', angle: 'Certified elite', color: '#22c55e' },
  contrast: { headline: 'DNA bargain', angle: 'DNA bargain', color: '#2dd4bf' },
  specialist: { headline: 'Specialist', angle: 'Specialist', color: '#84cc16' },
  solid: { headline: 'Does the job', angle: 'Does the job', color: '#94a3b8' },
  below_par: { headline: 'Below par', angle: 'Below par', color: '#fb923c' },
};

const isLineCode = (code: string): code is VerdictLineCode => code in VERDICT_LOOKS;

const round2 = (x: number) => Math.round(x * 100) / 100;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/**
 * Confidence of a verdict line (0–1, two decimals). Without a code it is the share of a full season
 * the tags rest on, clamped to {@link TAG_CONFIDENCE_RANGE}. With a code it is how far the featured
 * metrics back that frame: fraud and cooked by how low their mean percentile is, merchant by how
 * high (docs/cards.md#verdict-line); 0.5 when no percentile is known.
 * @example verdictConfidenceOf(null, 1530, [80]) // => 0.5   (1530 / 3060)
 * @example verdictConfidenceOf('fraud', 2000, [20, 40]) // => 0.7   (1 − 30/100)
 */
export function verdictConfidenceOf(
  code: CardVerdictCode | null,
  minutes: number,
  percentiles: readonly (number | null)[],
): number {
  if (code === null)
    return round2(clamp(minutes / FULL_SEASON_MINUTES, TAG_CONFIDENCE_RANGE[0], TAG_CONFIDENCE_RANGE[1]));
  const known = percentiles.filter((p): p is number => p !== null);
  if (known.length === 0) return 0.5;
  const mean = known.reduce((a, b) => a + b, 0) / known.length / 100;
  return round2(code === 'merchant' ? mean : 1 - mean);
}

/**
 * Chooses the verdict line: a caller code (confidence from the engine when it agrees, else from
 * {@link verdictConfidenceOf}, with the engine's differing code as the detail), else the engine's
 * decisive verdict, else the style tags.
 * @example verdictLineOf(null, { verdict_code: 'elite', headline: 'X is elite.', confidence: 0.9 }, [], 'Attacker', 900, []).headline // => 'Elite'
 */
export function verdictLineOf(
  callerCode: CardVerdictCode | null,
  engine: EngineVerdict | null,
  styleTags: readonly string[],
  position: string,
  minutes: number,
  featured: readonly (number | null)[],
): CardVerdict {
  const engineCode = engine && isLineCode(engine.verdict_code) ? engine.verdict_code : null;
  if (callerCode) {
    const agrees = engine !== null && engineCode === callerCode;
    // A frame the numbers do not back says so on the card (docs/cards.md#verdict-line).
    const detail = agrees
      ? engine.headline
      : engineCode
        ? `The numbers say otherwise: ${VERDICT_LOOKS[engineCode].headline.toLowerCase()}.`
        : 'The numbers do not back this frame: the verdict engine has no verdict here.';
    const confidence = agrees ? engine.confidence : verdictConfidenceOf(callerCode, minutes, featured);
    return { code: callerCode, headline: VERDICT_LOOKS[callerCode].headline, detail, confidence, source: 'caller' };
  }
  if (engine && engineCode)
    return {
      code: engineCode,
      headline: VERDICT_LOOKS[engineCode].headline,
      detail: engine.headline,
      confidence: engine.confidence,
      source: 'engine',
    };
  return {
    code: null,
    headline: styleTags.length > 0 ? styleTags.slice(0, 2).join(' · ') : `${position} profile`,
    detail: null,
    // No clear role is no claim, so it carries no confidence (docs/cards.md#verdict-line).
    confidence: styleTags[0] === NO_CLEAR_ROLE ? 0 : verdictConfidenceOf(null, minutes, featured),
    source: 'style_tags',
  };
}

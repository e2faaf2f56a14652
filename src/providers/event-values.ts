/**
 * Event values every event provider computes the same way (docs/methodology/event-values.md):
 * the pitch zones of progression, each team's possession share of a match, and the
 * possession-adjusted (PAdj) defensive totals. Pure. Coordinates are fractions of the pitch:
 * `x` from the acting team's own goal line (0) to the goal it attacks (1), `y` across (0–1).
 */
import type { CountingColumn } from '../model/schema.js';
import { PITCH_METRES } from '../model/location-profile.js';
import { recordOf } from '../model/record-of.js';
import type { CountingTotals, ProviderColumn } from './counting-totals.js';

/** Progression thresholds (FBref's definition, measured from the action's own start). */
export const PROGRESSION = {
  /** An action must bring the ball at least this many metres closer to the centre of the goal. */
  minGainM: 10,
  /** Actions starting in the team's own 40 % of the pitch do not count (FBref excludes them). */
  minStartX: 0.4,
  /** The final third starts at two thirds of the length. */
  finalThirdX: 2 / 3,
} as const;

/**
 * Smallest xG counted as a big chance, for every event provider: Opta's "big chance" is a scout's
 * judgement ("a situation where a player should reasonably be expected to score"); an xG of 0.3
 * or more is the usual stand-in for it (docs/methodology/event-values.md#big-chances).
 */
export const BIG_CHANCE_MIN_XG = 0.3;

/**
 * Shortest pass counted as a long ball, in metres, for every event provider: 30 yards, StatsBomb's
 * and Wyscout's definition (docs/methodology/vocabulary.md#long-balls).
 */
export const LONG_BALL_MIN_M = 27.432;

/** The opponent's penalty area: 16.5 m deep, 40.32 m wide, centred. */
export const PENALTY_AREA = { depthM: 16.5, widthM: 40.32 } as const;

/** Metres from (x, y) to the centre of the goal attacked, on the 105 × 68 m pitch. */
function metresToGoal(x: number, y: number): number {
  return Math.hypot((1 - x) * PITCH_METRES.length, (y - 0.5) * PITCH_METRES.width);
}

/** True when (x, y) is inside the attacked penalty area. @example inPenaltyArea(0.9, 0.5) // => true */
export function inPenaltyArea(x: number, y: number): boolean {
  return (
    (1 - x) * PITCH_METRES.length <= PENALTY_AREA.depthM &&
    Math.abs(y - 0.5) * PITCH_METRES.width <= PENALTY_AREA.widthM / 2
  );
}

/** Which progression zones one completed open-play pass or carry reaches. */
export interface Progression {
  progressive: boolean;
  intoFinalThird: boolean;
  intoBox: boolean;
}

/**
 * Which progression zones one completed open-play move from (x0, y0) to (x1, y1) reaches
 * (docs/methodology/event-values.md#progression).
 * @example progressionOf(0.5, 0.5, 0.7, 0.5).progressive // => true (21 m closer)
 */
export function progressionOf(x0: number, y0: number, x1: number, y1: number): Progression {
  const intoBox = !inPenaltyArea(x0, y0) && inPenaltyArea(x1, y1);
  const gain = metresToGoal(x0, y0) - metresToGoal(x1, y1);
  return {
    progressive: x0 >= PROGRESSION.minStartX && (gain >= PROGRESSION.minGainM || intoBox),
    intoFinalThird: x0 < PROGRESSION.finalThirdX && x1 >= PROGRESSION.finalThirdX,
    intoBox,
  };
}

/** Adds a completed open-play pass to the progression totals. */
export function countProgressivePass(t: CountingTotals, x0: number, y0: number, x1: number, y1: number): void {
  const p = progressionOf(x0, y0, x1, y1);
  if (p.progressive) t.progressive_passes += 1;
  if (p.intoFinalThird) t.passes_into_final_third += 1;
  if (p.intoBox) t.passes_into_box += 1;
}

/** Adds a carry to the progression totals (only progressive carries are counted). */
export function countProgressiveCarry(t: CountingTotals, x0: number, y0: number, x1: number, y1: number): void {
  if (progressionOf(x0, y0, x1, y1).progressive) t.progressive_carries += 1;
}

/** A match line as far as possession needs it: its team and its totals. */
interface TeamLine {
  team_id: number;
  totals: CountingTotals;
}

/**
 * Each team's possession in a match, in %, from the seconds each team held the ball
 * (docs/methodology/event-values.md#possession); empty when no time was held (possession unknown).
 * @example possessionOf(new Map([[1, 1800], [2, 1200]]), [1, 2]).get(1) // => 60
 */
export function possessionOf(
  heldSeconds: ReadonlyMap<number, number>,
  teamIds: readonly number[],
): Map<number, number> {
  const held = new Map<number, number>(teamIds.map((t) => [t, 0]));
  let total = 0;
  for (const [team, s] of heldSeconds) {
    held.set(team, (held.get(team) ?? 0) + s);
    total += s;
  }
  if (total <= 0) return new Map();
  return new Map([...held].map(([team, s]) => [team, (100 * s) / total]));
}

/** Adds `seconds` of possession to `team` (the fold both providers' match summaries use). */
export function holdFor(heldSeconds: Map<number, number>, team: number, seconds: number): void {
  if (seconds > 0) heldSeconds.set(team, (heldSeconds.get(team) ?? 0) + seconds);
}

/** The raw defensive columns and their possession-adjusted twins. */
export const PADJ_COLUMNS = [
  ['tackles', 'tackles_padj'],
  ['interceptions', 'interceptions_padj'],
  ['clearances', 'clearances_padj'],
  ['shots_blocked', 'shots_blocked_padj'],
  ['ball_recoveries', 'ball_recoveries_padj'],
] as const satisfies readonly (readonly [CountingColumn, CountingColumn])[];

/** Opponent possession below this (in %) is read as this, so a match without opponent passes stays finite. */
export const PADJ_MIN_OPPONENT_POSSESSION = 1;

/**
 * The PAdj factor of a team's defensive actions in one match: 50 / (100 − own possession %), so a
 * team that had the ball 40 % of the time (opponent 60 %) has its tackles scaled by 50 / 60 ≈ 0.83.
 * 1 when the possession is unknown.
 * @example padjFactorOf(40) // => 0.8333…
 */
export function padjFactorOf(ownPossession: number | undefined): number {
  if (ownPossession === undefined || !Number.isFinite(ownPossession)) return 1;
  return 50 / Math.max(PADJ_MIN_OPPONENT_POSSESSION, 100 - ownPossession);
}

/**
 * Sets every line's PAdj totals from its raw defensive totals and its team's possession in the
 * match (docs/methodology/event-values.md#padj). Mutates the lines' totals.
 */
export function adjustForPossession(lines: readonly TeamLine[], possession: ReadonlyMap<number, number>): void {
  for (const l of lines) {
    const f = padjFactorOf(possession.get(l.team_id));
    for (const [raw, padj] of PADJ_COLUMNS) l.totals[padj] = l.totals[raw] * f;
  }
}

/**
 * Possession of a match from the seconds each team held the ball, with the PAdj totals set on its
 * lines: what both providers' match summaries call once at the end of a match.
 */
export function possessionAndPadjOf(
  lines: readonly TeamLine[],
  heldSeconds: ReadonlyMap<number, number>,
  teamIds: readonly number[],
): Map<number, number> {
  const possession = possessionOf(heldSeconds, teamIds);
  adjustForPossession(lines, possession);
  return possession;
}

/**
 * Nominal minutes on the pitch (with nothing conceded) that earn a clean sheet, for every event
 * provider (docs/methodology/statsbomb.md#clean-sheets).
 */
export const CLEAN_SHEET_MIN_MINUTES = 60;

/** How every event provider fills the goals-conceded columns (the same rule for all). */
export const CONCEDED_PROVIDER_COLUMNS = {
  goals_conceded: { counted: "the opponents' goals while the player was on the pitch" },
  clean_sheets: { counted: `no goal conceded in ≥ ${CLEAN_SHEET_MIN_MINUTES} minutes on the pitch` },
} as const satisfies Partial<Record<CountingColumn, ProviderColumn>>;

/** How every event provider fills the PAdj columns (the same rule for all). */
export const PADJ_PROVIDER_COLUMNS = recordOf(
  PADJ_COLUMNS.map(([, padj]) => padj),
  (padj) => ({
    counted: `${padj.slice(0, -'_padj'.length).replaceAll('_', ' ')} × 50 / (100 − team possession %) per match, summed`,
  }),
);

/** How every event provider fills the pass-progression columns. */
export const PASS_PROGRESSION_COLUMNS = {
  progressive_passes: {
    counted:
      'completed open-play passes from outside the own 40 % that end ≥ 10 m closer to the goal centre or in the box',
  },
  passes_into_final_third: { counted: 'completed open-play passes from outside the final third into it' },
  passes_into_box: { counted: 'completed open-play passes from outside the penalty area into it' },
} as const satisfies Partial<Record<CountingColumn, ProviderColumn>>;

/** Shot-creating actions credited per shot (docs/methodology/event-values.md#sca). */
export const SCA_ACTIONS_PER_SHOT = 2;

/** How every event provider describes its `sca` column. */
export const SCA_PROVIDER_COLUMN = {
  counted: `the ${SCA_ACTIONS_PER_SHOT} last completed passes, won take-ons and fouls drawn of the shooting team before each shot, within its possession`,
} as const satisfies ProviderColumn;

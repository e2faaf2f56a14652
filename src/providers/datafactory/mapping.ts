/**
 * The DataFactory vocabulary halfspace reads (docs/providers.md#datafactory): incidence type
 * codes mapped onto the Opta vocabulary the shared fold reads (src/providers/opta/mapping.ts),
 * the pitch grid and its one conversion to the engine's frame, positions, and how each counting
 * column is filled.
 */
import type { CountingColumn, PositionCode } from '../../model/schema.js';
import type { ProviderColumn } from '../counting-totals.js';
import type { FeedSource } from '../opta/dataset.js';
import type { PitchPoint } from '../opta/match.js';
import { OPTA_COLUMNS, Q, TYPE } from '../opta/mapping.js';

/** DataFactory incidence type codes halfspace reads. */
export const DF = {
  matchStart: 1,
  matchEnd: 2,
  yellowCard: 3,
  secondYellow: 4,
  redCard: 5,
  substitution: 7,
  firstHalfEnd: 17,
  secondHalfStart: 18,
  clearance: 29,
  clearanceToCorner: 30,
  foulPenalty: 31,
  handPenalty: 32,
  foul: 36,
  hand: 37,
  cornerKick: 28,
  throwIn: 46,
  offside: 47,
  goalKick: 48,
  secondHalfEnd: 49,
  extraFirstStart: 50,
  extraFirstEnd: 51,
  extraSecondStart: 52,
  extraSecondEnd: 53,
  passCorrect: 180,
  passIncorrect: 181,
  stealing: 182,
  nutmeg: 507,
} as const;

/** A shot code → the Opta shot type and the qualifiers it implies. */
interface ShotCode {
  typeId: number;
  qualifiers: readonly number[];
}

/** Shot codes: goals 9–13 (10 an own goal), 33 off target, 34 post, 35 saved, 43–45 penalties missed; 55–57 and 183 are shoot-out kicks. */
export const SHOT_CODES: Readonly<Record<number, ShotCode>> = {
  9: { typeId: TYPE.goal, qualifiers: [] },
  10: { typeId: TYPE.goal, qualifiers: [Q.ownGoal] },
  11: { typeId: TYPE.goal, qualifiers: [Q.head] },
  12: { typeId: TYPE.goal, qualifiers: [Q.directFreeKick] },
  13: { typeId: TYPE.goal, qualifiers: [Q.penalty] },
  33: { typeId: TYPE.miss, qualifiers: [] },
  34: { typeId: TYPE.post, qualifiers: [] },
  35: { typeId: TYPE.attemptSaved, qualifiers: [] },
  43: { typeId: TYPE.attemptSaved, qualifiers: [Q.penalty] },
  44: { typeId: TYPE.miss, qualifiers: [Q.penalty] },
  45: { typeId: TYPE.post, qualifiers: [Q.penalty] },
};

/** Shoot-out kicks, read as period 5 (which the fold counts for nothing). */
export const SHOOTOUT_CODES: ReadonlySet<number> = new Set([55, 56, 57, 183]);

/** Status codes that start a period, and those that end one, by period. */
export const PERIOD_START: Readonly<Record<number, number>> = {
  [DF.matchStart]: 1,
  [DF.secondHalfStart]: 2,
  [DF.extraFirstStart]: 3,
  [DF.extraSecondStart]: 4,
};
export const PERIOD_END: Readonly<Record<number, number>> = {
  [DF.firstHalfEnd]: 1,
  [DF.secondHalfEnd]: 2,
  [DF.extraFirstEnd]: 3,
  [DF.extraSecondEnd]: 4,
};

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);

/**
 * A DataFactory point as fractions of the standard pitch in the acting team's frame.
 * DataFactory's grid runs from −1 to 1 on both axes with the origin on the centre spot, x toward
 * the goal the home team attacks in the first half and y increasing downward as the grid is
 * drawn, so the left touchline of the team attacking toward x = 1 is at y = −1. A team attacking
 * toward x = −1 sees the grid turned half way round.
 * @example dataFactoryPitchPointOf(0, 0, true) // => { x: 0.5, y: 0.5 } (the centre spot)
 */
export function dataFactoryPitchPointOf(x: number, y: number, attacksPositive: boolean): PitchPoint {
  const fx = clamp01((x + 1) / 2);
  const fy = clamp01((y + 1) / 2);
  return attacksPositive ? { x: fx, y: fy } : { x: 1 - fx, y: 1 - fy };
}

const POSITIONS: Readonly<Record<number, PositionCode>> = { 1: 'GK', 2: 'CB', 3: 'CM', 4: 'ST' };

/**
 * The position of a DataFactory `posnId`: 1 goalkeeper, 2 defender, 3 midfielder, 4 forward; the
 * feed gives no side, so defenders are centre-backs and midfielders central. Null for 5 (the
 * coach, listed among the players) and unknown codes.
 * @example positionCodeOfDataFactory(2) // => 'CB'
 */
export function positionCodeOfDataFactory(posnId: number): PositionCode | null {
  return POSITIONS[posnId] ?? null;
}

/** How DataFactory incidences fill each counting column (the Opta fold's rules through the mapping in read.ts). */
export const DATAFACTORY_COLUMNS = {
  ...OPTA_COLUMNS,
  goals: { counted: 'goal incidences 9, 11, 12 and 13 (own goals, 10, go to the other side)' },
  assists: { counted: "the pass of the player a goal names (assBy), his team's last before the goal" },
  shots: { counted: 'shot incidences 9–13 (own goals excluded), 33–35 and 43–45' },
  shots_on_target: { counted: 'goals and shots saved (35, 43) by the goalkeeper (ctchBy a keeper or no one)' },
  big_chances: { counted: 'shots with an xG ≥ 0.3 (the feed has no big-chance flag)' },
  key_passes: { notProvided: 'DataFactory links only goals to a pass (assBy)' },
  passes: { counted: 'correct (180) and incorrect (181) passes' },
  long_balls: { counted: 'counted passes ≥ 32 m long' },
  crosses: { notProvided: 'DataFactory passes carry no cross flag' },
  crosses_completed: { notProvided: 'DataFactory passes carry no cross flag' },
  dribbles: { counted: 'nutmegs (507), the one take-on DataFactory logs' },
  tackles: { notProvided: 'DataFactory logs ball steals (182) without telling tackles from interceptions' },
  interceptions: { notProvided: 'DataFactory logs ball steals (182) without telling tackles from interceptions' },
  tackles_padj: { notProvided: 'DataFactory logs ball steals (182) without telling tackles from interceptions' },
  interceptions_padj: {
    notProvided: 'DataFactory logs ball steals (182) without telling tackles from interceptions',
  },
  clearances: { counted: 'clearances (29, 30)' },
  shots_blocked: { counted: 'the outfield player a saved shot names (ctchBy)' },
  aerials_won: { notProvided: 'DataFactory has no aerial duel incidence' },
  duels_won: { notProvided: 'DataFactory has no duel incidences' },
  ball_recoveries: { counted: 'ball steals (182)' },
  saves: { counted: 'the goalkeeper a saved shot names (ctchBy)' },
  punches: { notProvided: 'DataFactory has no punch incidence' },
  xa: { counted: 'the model xG of each goal credited to the pass of the player it names (assBy)' },
  xt: { counted: 'xT added (xtAddedOf) by completed passes (180), kick-offs excluded' },
  progressive_carries: { notProvided: 'DataFactory has no carries' },
} as const satisfies Record<CountingColumn, ProviderColumn>;

/** What a DataFactory dataset says about its source. */
export const DATAFACTORY_SOURCE: FeedSource = {
  name: 'DataFactory',
  licence:
    'DataFactory data: use follows your data licence with DataFactory; anything published from it must credit DataFactory.',
  credit: 'DataFactory',
  docs: 'docs/providers.md#datafactory',
  columns: DATAFACTORY_COLUMNS,
};

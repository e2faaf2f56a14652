/**
 * The Sportec (DFL) vocabulary halfspace reads (docs/providers.md#sportec): the pitch frame and
 * its one conversion to the engine's, the game sections, positions from DFL's playing-position
 * codes, and how each counting column is filled. Events are mapped onto the Opta vocabulary the
 * shared fold reads (src/providers/opta/mapping.ts), so every definition is the same.
 */
import type { CountingColumn, PositionCode } from '../../model/schema.js';
import type { ProviderColumn } from '../counting-totals.js';
import type { FeedSource } from '../opta/dataset.js';
import type { PitchPoint } from '../opta/match.js';
import { OPTA_COLUMNS } from '../opta/mapping.js';

/**
 * The DFL event frame in metres: origin at the bottom-left corner as the pitch is drawn with the
 * first half's `TeamLeft` defending x = 0, x along the length, y up. The match information's
 * `PitchX` is not used: the sample says 100 while its kick-offs sit at x = 52.5 and its own
 * `DistanceToGoal` values fit a 105 m pitch (docs/providers.md#sportec).
 */
export const SPORTEC_PITCH_M = { length: 105, width: 68 } as const;

const clamp01 = (v: number): number => (v < 0 ? 0 : v > 1 ? 1 : v);

/**
 * A DFL point as fractions of the standard pitch in the acting team's frame. A team attacking
 * toward x = 105 (`attacksRight`) has its left touchline at y = 68, so y is mirrored; a team
 * attacking toward x = 0 sees the pitch turned half way round, so x is mirrored instead.
 * @example sportecPitchPointOf(94, 34, true) // => { x: 0.8952…, y: 0.5 } (the penalty spot)
 */
export function sportecPitchPointOf(x: number, y: number, attacksRight: boolean): PitchPoint {
  const fx = clamp01(x / SPORTEC_PITCH_M.length);
  const fy = clamp01(y / SPORTEC_PITCH_M.width);
  return attacksRight ? { x: fx, y: 1 - fy } : { x: 1 - fx, y: fy };
}

/** DFL game sections → our period numbers. */
export const GAME_SECTION: Readonly<Record<string, number>> = {
  firstHalf: 1,
  secondHalf: 2,
  firstHalfExtra: 3,
  secondHalfExtra: 4,
};

// Long: one line per DFL playing-position code, so a missing code is easy to spot.
const POSITIONS: Readonly<Record<string, PositionCode>> = {
  TW: 'GK',
  IVR: 'CB',
  IVL: 'CB',
  IVZ: 'CB',
  RV: 'RB',
  LV: 'LB',
  DMR: 'DM',
  DML: 'DM',
  DMZ: 'DM',
  DRM: 'RM',
  DLM: 'LM',
  ZD: 'CM',
  ZO: 'AM',
  ORM: 'RM',
  OLM: 'LM',
  RM: 'RM',
  LM: 'LM',
  HR: 'RM',
  HL: 'LM',
  RA: 'RW',
  LA: 'LW',
  STR: 'ST',
  STL: 'ST',
  STZ: 'ST',
  HST: 'CF',
};

/**
 * The detailed position of a DFL playing-position code (`TW` goalkeeper, `IVL` left centre-back,
 * `DMR` right holding midfielder, `ORM` right midfielder, `STZ` centre-forward…), or null for a
 * code it does not know or none (a substitute who did not start has none).
 * @example positionCodeOfSportec('LV') // => 'LB'
 */
export function positionCodeOfSportec(code: string | undefined): PositionCode | null {
  return (code && POSITIONS[code]) || null;
}

/**
 * How Sportec events fill each counting column: the Opta fold's rules (OPTA_COLUMNS) through the
 * mapping in events.ts, except what the DFL event feed does not carry.
 */
export const SPORTEC_COLUMNS = {
  ...OPTA_COLUMNS,
  goals: { counted: 'ShotAtGoal with a SuccessfulShot (OwnGoal events go to the other side)' },
  assists: { counted: "the named player's last pass before a SuccessfulShot that names him (Assist)" },
  big_chances: { counted: 'shots with an xG ≥ 0.3 (the feed has no big-chance flag halfspace reads)' },
  key_passes: { counted: "the named player's last pass before a shot that names him (AssistShotAtGoal)" },
  long_balls: { counted: 'passes the feed rates Distance="long"' },
  dribbles: { counted: 'ground TacklingGames won by the player with the ball' },
  tackles: { counted: 'ground TacklingGames won by the player without the ball' },
  interceptions: { counted: 'BallClaiming of type InterceptedBall' },
  clearances: { notProvided: 'the DFL event feed has no clearance event halfspace reads' },
  clearances_padj: { notProvided: 'the DFL event feed has no clearance event halfspace reads' },
  shots_blocked: { counted: 'the blocker named on a BlockedShot' },
  saves: { counted: 'the keeper named on a SavedShot' },
  ball_recoveries: { counted: 'BallClaiming other than InterceptedBall' },
  punches: { notProvided: 'the DFL event feed has no punch event' },
  progressive_carries: { notProvided: 'the DFL event feed has no carries' },
  progressive_passes: { notProvided: 'DFL passes carry no end location' },
  passes_into_final_third: { notProvided: 'DFL passes carry no end location' },
  passes_into_box: { notProvided: 'DFL passes carry no end location' },
  xa: { counted: "the model xG of each shot credited to the named assistant's or key passer's pass" },
  xt: { notProvided: 'DFL passes carry no end location' },
} as const satisfies Record<CountingColumn, ProviderColumn>;

/** What a Sportec dataset says about its source. */
export const SPORTEC_SOURCE: FeedSource = {
  name: 'Sportec (DFL) event data',
  licence:
    'DFL / Sportec Solutions data: use follows your data licence with DFL Deutsche Fußball Liga; anything published from it must credit Sportec Solutions.',
  credit: 'Sportec Solutions / DFL',
  docs: 'docs/providers.md#sportec',
  columns: SPORTEC_COLUMNS,
};

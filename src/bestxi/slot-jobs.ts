/**
 * The job of a Best XI slot (docs/methodology/bestxi.md#slot-jobs): what a balanced XI asks of the
 * player in it beyond how good his season was. The holding midfielder of a 4-3-3 screens the
 * defence and starts the play; a striker is there to score. A vibe with weights states its own
 * style for every slot, so slot jobs apply to a vibe without weights (`balanced`) only.
 */
import type { EngineContext } from '../context.js';
import type { MetricKey } from '../stats/metrics.js';
import { ROLES, type Role } from '../stats/roles.js';
import { fairPercentileOf } from './score.js';
import type { Vibe } from './vibes.js';

/** Kinds of slot; each says which positions may fill it and at what cost (pick.ts). */
export type SlotKind =
  | 'GK'
  | 'CB'
  | 'LB'
  | 'RB'
  | 'LWB'
  | 'RWB'
  | 'DM'
  | 'CM'
  | 'AM'
  | 'LM'
  | 'RM'
  | 'LW'
  | 'RW'
  | 'ST';

/**
 * The slots with a job, the role whose cohort ranks the job's metrics, and the metrics (raw
 * defending read as its PAdj twin). A slot not listed is judged on the rating alone.
 * This is a data table (docs/methodology/bestxi.md#slot-jobs).
 */
export const SLOT_JOBS: Partial<Record<SlotKind, { role: Role; metrics: readonly MetricKey[] }>> = {
  // Screening the back four (winning the ball back) and starting the play (progressive and
  // secure passing): what the one holding midfielder of a 4-3-3 or a 4-2-3-1's pair is for.
  DM: {
    role: 'midfielder',
    metrics: [
      'interceptions_per90',
      'tackles_per90',
      'ball_recovery_per90',
      'progressive_passes_per90',
      'pass_accuracy_pct',
    ],
  },
  // A striker's job is the goals: scored, and the chances he got (non-penalty xG).
  ST: { role: 'striker', metrics: ['goals_per90', 'npxg_per90'] },
};

/** Share of a slot's job in the pick score of a balanced XI: one third, what a vibe's style takes. */
export const SLOT_JOB_SHARE = 1 / 3;

/**
 * The mean of a row's role-cohort percentiles in a slot's job (0–100), or NaN when the slot has no
 * job, the row's role is not the job's (percentiles ranked among another role do not compare) or
 * none of the job's percentiles is known.
 * @example slotJobScoreOf(engine, row, 'ST') // => 97 for a striker at the 99th in goals and 95th in npxG
 */
export function slotJobScoreOf(ctx: Pick<EngineContext, 'derived'>, row: number, kind: SlotKind): number {
  const job = SLOT_JOBS[kind];
  if (!job || ROLES[ctx.derived.role[row]] !== job.role) return Number.NaN;
  let sum = 0;
  let n = 0;
  for (const key of job.metrics) {
    const p = fairPercentileOf(ctx, row, key);
    if (Number.isNaN(p)) continue;
    sum += p;
    n++;
  }
  return n > 0 ? sum / n : Number.NaN;
}

/**
 * A pick score in a slot (docs/methodology/bestxi.md#slot-jobs): for a vibe without weights, two
 * thirds the candidate's pick score and one third his job score in the slot when he has one
 * ({@link slotJobScoreOf}); otherwise the pick score as it is. The slot's cost comes off after.
 * @example slotScoreOf(80, 95, balanced) // => 85
 */
export function slotScoreOf(pickScore: number, jobScore: number, vibe: Vibe): number {
  if (Number.isNaN(jobScore) || Object.keys(vibe.weights).length > 0) return pickScore;
  return (1 - SLOT_JOB_SHARE) * pickScore + SLOT_JOB_SHARE * jobScore;
}

/**
 * `bestxi pick` (docs/methodology/bestxi.md#picking-an-xi): the best eleven of a vibe in a
 * formation's slots, keeping the vibe's per-club cap, with the lineup aggregates of the XI. A
 * slot's job (docs/methodology/bestxi.md#slot-jobs) is what a balanced XI asks of the player in it
 * beyond how good his season was: the holding midfielder of a 4-3-3 screens the defence and starts
 * the play; a striker is there to score. A vibe with weights states its own style for every slot,
 * so slot jobs apply to a vibe without weights (`balanced`) only.
 */
import * as z from 'zod';
import type { EngineContext } from '../context.js';
import { POSITION_CODES, type PositionCode } from '../model/schema.js';
import { positionCodeOf } from '../model/positions.js';
import { assert, fail, ok, type Result } from '../errors.js';
import { METRIC_KEYS, type MetricKey } from '../stats/metrics.js';
import { ROLES, type Role } from '../stats/roles.js';
import { bestXiLineupOfParsed, type BestXiLineupResponse } from './lineup.js';
import { bonusOf, fairPercentileOf } from './score.js';
import { BestXiPoolRequest, coverageNoteOf, poolCandidatesOf, type PoolEntry } from './pool.js';
import { Vibe, vibeOrFail } from './vibes.js';

/** The formations `bestxi pick` fills. */
export const FORMATIONS = ['4-3-3', '4-4-2', '3-5-2', '4-2-3-1'] as const;
export type Formation = (typeof FORMATIONS)[number];

// Kept literal (satisfies, not an annotation): its keys are the kinds of slot.
const ELIGIBILITY = {
  GK: { GK: 0 },
  CB: { CB: 0, DM: 8, LB: 10, RB: 10 },
  LB: { LB: 0, LWB: 0, RB: 6, RWB: 6, CB: 12 },
  RB: { RB: 0, RWB: 0, LB: 6, LWB: 6, CB: 12 },
  LWB: { LWB: 0, LB: 0, LM: 4, RWB: 6, RB: 6, LW: 8 },
  RWB: { RWB: 0, RB: 0, RM: 4, LWB: 6, LB: 6, RW: 8 },
  DM: { DM: 0, CM: 3, CB: 8 },
  CM: { CM: 0, DM: 2, AM: 3 },
  AM: { AM: 0, CM: 4, LW: 6, RW: 6, CF: 6, LM: 8, RM: 8 },
  LM: { LM: 0, LW: 2, RM: 5, RW: 6, LWB: 6, AM: 8 },
  RM: { RM: 0, RW: 2, LM: 5, LW: 6, RWB: 6, AM: 8 },
  // A wide forward's flank is where he played this season (inferred from his events), not where he
  // can play: inverted wingers switch sides routinely, so the other side costs what the wide
  // midfield position on his own side does.
  LW: { LW: 0, LM: 2, RW: 2, RM: 5, AM: 6, ST: 8, CF: 8 },
  RW: { RW: 0, RM: 2, LW: 2, LM: 5, AM: 6, ST: 8, CF: 8 },
  ST: { ST: 0, CF: 0, LW: 8, RW: 8, AM: 8 },
} as const satisfies Record<string, Partial<Record<PositionCode, number>>>;
/**
 * Slot eligibility and cost in score points (docs/methodology/bestxi.md#slot-eligibility): 0 for the
 * natural position, a few points for a neighbour, more for the other side or a line further away.
 * A position not listed may not fill the slot. This is a data table.
 */
export const SLOT_ELIGIBILITY: Record<SlotKind, Partial<Record<PositionCode, number>>> = ELIGIBILITY;

/** Kinds of slot, each with the positions that may fill it and at what cost ({@link SLOT_ELIGIBILITY}). */
type SlotKind = keyof typeof ELIGIBILITY;

/**
 * The slots of each formation: [slot name, slot kind], goalkeeper first. This is a data table, one
 * formation a line: a slot is written by its name, `NAME/KIND` where the name is not its kind.
 */
export const FORMATION_SLOTS: Record<Formation, readonly (readonly [string, SlotKind])[]> = {
  '4-3-3': slotsOf('GK LB LCB/CB RCB/CB RB LCM/CM DM RCM/CM LW ST RW'),
  '4-4-2': slotsOf('GK LB LCB/CB RCB/CB RB LM LCM/CM RCM/CM RM LST/ST RST/ST'),
  '3-5-2': slotsOf('GK LCB/CB CB RCB/CB LWB LCM/CM DM RCM/CM RWB LST/ST RST/ST'),
  '4-2-3-1': slotsOf('GK LB LCB/CB RCB/CB RB LDM/DM RDM/DM LW AM RW ST'),
};

function isSlotKind(kind: string): kind is SlotKind {
  return Object.hasOwn(SLOT_ELIGIBILITY, kind);
}

function slotsOf(spec: string): (readonly [string, SlotKind])[] {
  return spec.split(' ').map((slot) => {
    const [name, kind = name] = slot.split('/');
    assert(isSlotKind(kind), `unknown slot kind ${kind}`);
    return [name, kind];
  });
}

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

export const BestXiPickRequest = z
  .object({
    vibe_id: z.string().min(1).default('balanced'),
    formation: z.enum(FORMATIONS).default('4-3-3'),
    /** A league's name or id: the XI of that league alone (a dataset may hold several). Default: all leagues. */
    league: z.string().min(1).optional(),
  })
  .strict();
export type BestXiPickRequest = z.input<typeof BestXiPickRequest>;

export const BestXiPickSlot = z.object({
  slot: z.string(),
  player_id: z.number().int(),
  display_name: z.string(),
  position: z.enum(POSITION_CODES),
  team: z.string().nullable(),
  /** The vibe score minus the slot's cost for his position. */
  score: z.number(),
  top_metrics: z.array(z.object({ metric: z.enum(METRIC_KEYS), percentile: z.number() })),
});

export const BestXiPickResponse = z.object({
  formation: z.enum(FORMATIONS),
  vibe_meta: Vibe,
  xi: z.array(BestXiPickSlot),
  /** The lineup aggregates of the XI (the `bestxi lineup` response). */
  lineup: z.custom<BestXiLineupResponse>((v) => typeof v === 'object' && v !== null),
  /** Slots no eligible candidate could fill (filters, cap or a small dataset), or empty. */
  unfilled: z.array(z.string()),
  meta: z.object({ candidates_considered: z.number().int(), coverage_note: z.string().nullable() }),
});
export type BestXiPickResponse = z.infer<typeof BestXiPickResponse>;

/**
 * Share of the season a pick candidate must have played: his minutes against the most minutes any
 * player of that season played (docs/methodology/bestxi.md#picking-an-xi). 0.5 is 1,710 of 3,420
 * minutes in a 38-round league: less than half a season (a winter transfer) does not make a team of
 * the season.
 */
export const PICK_MINUTES_SHARE = 0.5;

/** The candidates who played at least PICK_MINUTES_SHARE of their season. */
function regularsOf(ctx: EngineContext, candidates: readonly PoolEntry[]): PoolEntry[] {
  // The most minutes any player of each season played (derived rows), by season id.
  const max = new Map<number, number>();
  for (let i = 0; i < ctx.derived.n; i++) {
    const s = ctx.derived.season_id[i];
    max.set(s, Math.max(max.get(s) ?? 0, ctx.derived.minutes[i]));
  }
  return candidates.filter((e) => {
    const row = ctx.latestRowOf(e.player_id);
    return row >= 0 && ctx.derived.minutes[row] >= PICK_MINUTES_SHARE * (max.get(ctx.derived.season_id[row]) ?? 0);
  });
}

/**
 * A candidate's pick score: his season score (the rating on 0–100, blended with the vibe's metrics;
 * score.ts) plus the vibe's youth or cheapness bonus. Recent form does not enter, unlike the pool's
 * score: the XI judges the season, so a star rested in the last rounds keeps his place.
 */
function pickScoreOf(entry: PoolEntry, vibe: Vibe): number {
  return (entry.season_score ?? 0) + bonusOf(vibe, entry.age, entry.fee_tier);
}

/**
 * Fills the slots greedily: of all (slot, candidate) pairs still open, the one with the highest
 * score in the slot − cost goes first, skipping a candidate whose club already has `cap` players in
 * the XI. Ties by slot order, then player id, so the same data always gives the same XI.
 * `scoreIn` is a candidate's score in a kind of slot; by default his pick score whatever the slot.
 */
export function assignSlots(
  slots: readonly (readonly [string, SlotKind])[],
  candidates: readonly PoolEntry[],
  vibe: Vibe,
  scoreIn: (entry: PoolEntry, kind: SlotKind) => number = (entry) => pickScoreOf(entry, vibe),
): Map<number, { entry: PoolEntry; score: number }> {
  const cap = vibe.constraints.per_club_cap ?? null;
  const pairs: { slot: number; entry: PoolEntry; score: number }[] = [];
  slots.forEach(([, kind], slot) => {
    for (const entry of candidates) {
      const cost = SLOT_ELIGIBILITY[kind][positionCodeOf(entry.position)];
      if (cost !== undefined) pairs.push({ slot, entry, score: scoreIn(entry, kind) - cost });
    }
  });
  pairs.sort((a, b) => b.score - a.score || a.slot - b.slot || a.entry.player_id - b.entry.player_id);
  const filled = new Map<number, { entry: PoolEntry; score: number }>();
  const used = new Set<number>();
  const perClub = new Map<number, number>();
  for (const p of pairs) {
    if (filled.has(p.slot) || used.has(p.entry.player_id)) continue;
    const club = p.entry.team?.team_id;
    if (cap !== null && club !== undefined && (perClub.get(club) ?? 0) >= cap) continue;
    filled.set(p.slot, { entry: p.entry, score: p.score });
    used.add(p.entry.player_id);
    if (club !== undefined) perClub.set(club, (perClub.get(club) ?? 0) + 1);
    if (filled.size === slots.length) break;
  }
  return filled;
}

/**
 * A candidate's score in a kind of slot: his pick score, with the slot's job blended in for a
 * balanced XI (docs/methodology/bestxi.md#slot-jobs).
 */
function slotScorerOf(ctx: EngineContext, vibe: Vibe): (entry: PoolEntry, kind: SlotKind) => number {
  return (entry, kind) =>
    slotScoreOf(pickScoreOf(entry, vibe), slotJobScoreOf(ctx, ctx.latestRowOf(entry.player_id), kind), vibe);
}

/**
 * The league a `league` request field names: its id (digits) or its name, case and accents aside;
 * `league_not_found` listing the dataset's leagues otherwise.
 */
function leagueOf(ctx: EngineContext, query: string): Result<number> {
  const fold = (x: string) => x.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
  const ids = [...new Set(Array.from(ctx.derived.league_id))];
  const leagues = ids.map((id) => ctx.leagueById(id)).filter((l) => l !== undefined);
  const hit = leagues.find((l) => String(l.league_id) === query.trim() || fold(l.name) === fold(query));
  if (hit) return ok(hit.league_id);
  return fail(
    'league_not_found',
    `no league "${query}" in this dataset (one of ${leagues.map((l) => l.name).join(', ')})`,
    { param: 'league' },
  );
}

/**
 * The failure for a vibe whose filters need data the dataset has for no player (market values for
 * a fee-tier filter, birth dates for an age filter, 2026 squads): it names what is missing and how
 * to add it, instead of an empty XI. Null when the dataset can answer.
 */
function missingDataOf(ctx: EngineContext, vibe: Vibe): Result<never> | null {
  const f = vibe.filters;
  const needs = (what: string, how: string) =>
    fail('invalid_request', `vibe "${vibe.id}" ${what}; ${how}`, { param: 'vibe_id', needs: what });
  if ((f.min_fee_tier || f.max_fee_tier) && !ctx.players.some((p) => p.market_value_eur !== null))
    return needs(
      'needs market values (it filters by fee tier) and no player in this dataset has one',
      'join your own values with `halfspace enrich DATASET --values values.csv --out DIR` (docs/enrich.md), then pick from DIR',
    );
  if ((f.min_age !== undefined || f.max_age !== undefined) && !ctx.players.some((p) => p.birth_date))
    return needs(
      'needs birth dates (it filters by age) and no player in this dataset has one',
      'use a dataset with birth dates (docs/enrich.md)',
    );
  if (f.wc2026_only && !ctx.players.some((p) => p.wc2026_nation))
    return needs(
      'needs 2026 World Cup squads and no player in this dataset is in one',
      'join squads with `halfspace enrich` (docs/enrich.md)',
    );
  return null;
}

/**
 * Picks the XI: an unknown vibe or formation, or a vibe needing data the dataset lacks, is
 * `invalid_request`; an unknown league `league_not_found`; no fitting candidate at all `not_found`.
 * Takes a request its schema has parsed (`engine.bestXiPick` in the public API parses first).
 * @example bestXiPickOfParsed(engine, BestXiPickRequest.parse({ formation: '4-4-2' })).ok // => true
 */
export function bestXiPickOfParsed(
  ctx: EngineContext,
  req: z.output<typeof BestXiPickRequest>,
): Result<BestXiPickResponse> {
  const found = vibeOrFail(req.vibe_id);
  if (!found.ok) return found;
  const vibe = found.value;
  const poolReq = BestXiPoolRequest.parse({ vibe_id: vibe.id });
  const missing = missingDataOf(ctx, vibe);
  if (missing) return missing;
  let leagueId: number | null = null;
  if (req.league !== undefined) {
    const league = leagueOf(ctx, req.league);
    if (!league.ok) return league;
    leagueId = league.value;
  }
  const candidates = regularsOf(ctx, poolCandidatesOf(ctx, vibe, poolReq)).filter(
    (e) => leagueId === null || e.league?.league_id === leagueId,
  );
  const slots = FORMATION_SLOTS[req.formation];
  const filled = assignSlots(slots, candidates, vibe, slotScorerOf(ctx, vibe));
  const xi = slots.flatMap(([slot], i) => {
    const f = filled.get(i);
    if (!f) return [];
    const e = f.entry;
    return [
      {
        slot,
        player_id: e.player_id,
        display_name: e.name,
        position: positionCodeOf(e.position),
        team: e.team?.name ?? null,
        score: Math.round(f.score * 10) / 10,
        top_metrics: e.top_metrics,
      },
    ];
  });
  const unfilled = slots.filter((_, i) => !filled.has(i)).map(([slot]) => slot);
  if (xi.length === 0) {
    return fail('not_found', `no candidate fits any slot of ${req.formation} for vibe "${vibe.id}"`, {
      param: 'vibe_id',
    });
  }
  const lineup = bestXiLineupOfParsed(ctx, { player_ids: xi.map((s) => s.player_id), vibe_id: vibe.id });
  if (!lineup.ok) return lineup;
  return ok({
    formation: req.formation,
    vibe_meta: vibe,
    xi,
    lineup: lineup.value,
    unfilled,
    meta: { candidates_considered: candidates.length, coverage_note: coverageNoteOf(ctx, vibe, poolReq) },
  });
}

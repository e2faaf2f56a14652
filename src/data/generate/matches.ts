/**
 * Match simulation: line-ups from squad, form and injuries; substitutions; goals from team
 * strengths (Poisson, home advantage); goal minutes, so that goals conceded and clean sheets are
 * known for every player on the pitch. Scorers and assisters are chosen later by stats.ts, which
 * calibrates who scores against the reference distributions.
 */
import { POSITION_CODES, positionGroupOf, type PositionCode } from '../schema.js';
import { FORMATIONS, type Club } from './clubs.js';
import type { Player } from './players.js';
import type { Rng } from './rng.js';

/** Log of the median team's goals per match; with strength spread and home advantage the mean is ≈ 1.34 (METHOD.md team table). */
export const GOAL_LOG_MEAN = Math.log(1.34);
/** Log home advantage: home sides score exp(2 × 0.13) ≈ 1.3 times as many goals as away sides. */
export const HOME_ADVANTAGE = 0.13;
/** Sensitivity of goals to the strength gap between attack and defence (docs/methodology/demo-data.md#matches). */
export const STRENGTH_EFFECT = 0.45;
/** Share of goals that are own goals (credited to nobody). */
export const OWN_GOAL_SHARE = 0.03;
/** Chance per appearance of an outfield knock that rules a player out for 1–8 rounds. */
export const INJURY_RATE = 0.02;
/** Chance per appearance that a goalkeeper is ruled out (1–8 rounds), which gives deputies their games. */
export const KEEPER_INJURY_RATE = 0.03;
/** Chance that a club rests its first-choice goalkeeper for a match (rotation gives deputies games). */
export const KEEPER_REST_RATE = 0.05;
/** Fewest players a club names for a match (11 starters and at least five on the bench). */
export const MATCHDAY_SQUAD_MIN = 16;
/** Minimum minutes on the pitch for a clean sheet (METHOD.md). */
export const CLEAN_SHEET_MINUTES = 60;

/** A player's season-level line: one per (player, season); all aggregates come from appearances. */
export interface SeasonRow {
  player: number;
  season: number;
  club: number;
  league: number;
  appearances: number;
  starts: number;
  minutes: number;
  goalsConceded: number;
  cleanSheets: number;
}

/** A goal as the stats calibration needs it: who was on the pitch for the scoring side, and its fixed uniforms. */
export interface GoalEvent {
  fixture: number;
  scoringClub: number;
  ownGoal: boolean;
  /** Row indices of the scoring side's players on the pitch at the goal's minute. */
  onPitch: number[];
  uScorer: number;
  uAssisted: number;
  uAssister: number;
}

/** One appearance row (ids are the output ids). */
export interface AppearanceRec {
  fixtureId: number;
  playerId: number;
  teamId: number;
  started: boolean;
  minutes: number;
  position: PositionCode;
}

/** A simulated fixture (goals null when not yet played). */
export interface FixtureRec {
  fixtureId: number;
  season: number;
  league: number;
  round: number;
  kickoffMs: number;
  home: number;
  away: number;
  homeGoals: number | null;
  awayGoals: number | null;
}

/** Mutable output collected across all league-seasons. */
export interface MatchLog {
  rows: SeasonRow[];
  rowOf: Map<number, number>;
  goals: GoalEvent[];
  appearances: AppearanceRec[];
  fixtures: FixtureRec[];
}

/** An empty log. @example emptyLog().rows.length // => 0 */
export const emptyLog = (): MatchLog => ({ rows: [], rowOf: new Map(), goals: [], appearances: [], fixtures: [] });

const COMPAT: Partial<Record<PositionCode, Partial<Record<PositionCode, number>>>> = {
  CB: { DM: 0.4, LB: 0.5, RB: 0.5 },
  LB: { LWB: 0.1, LM: 0.4, RB: 0.5, CB: 0.5 },
  RB: { RWB: 0.1, RM: 0.4, LB: 0.5, CB: 0.5 },
  LWB: { LB: 0.1, LM: 0.3, LW: 0.5 },
  RWB: { RB: 0.1, RM: 0.3, RW: 0.5 },
  DM: { CM: 0.2, CB: 0.5 },
  CM: { DM: 0.2, AM: 0.2, LM: 0.4, RM: 0.4 },
  AM: { CM: 0.2, CF: 0.3, LW: 0.3, RW: 0.3 },
  LM: { LW: 0.2, LWB: 0.4, LB: 0.5, CM: 0.4 },
  RM: { RW: 0.2, RWB: 0.4, RB: 0.5, CM: 0.4 },
  LW: { LM: 0.2, RW: 0.3, AM: 0.4, ST: 0.5 },
  RW: { RM: 0.2, LW: 0.3, AM: 0.4, ST: 0.5 },
  ST: { CF: 0.1, LW: 0.5, RW: 0.5, AM: 0.6 },
  CF: { ST: 0.1, AM: 0.4 },
};

/** How badly a player of position `pos` fits slot `slot` (0 = natural; Infinity = never). */
function misfitOf(slot: PositionCode, pos: PositionCode): number {
  if (slot === pos) return 0;
  if (slot === 'GK' || pos === 'GK') return Number.POSITIVE_INFINITY;
  const c = COMPAT[slot]?.[pos];
  if (c !== undefined) return c;
  return positionGroupOf(slot) === positionGroupOf(pos) ? 0.8 : 2;
}
const CODE_INDEX: ReadonlyMap<PositionCode, number> = new Map(POSITION_CODES.map((c, i) => [c, i]));
/** misfitOf for every (slot, position) pair, row-major by slot index. */
const MISFIT = Float64Array.from(POSITION_CODES.flatMap((slot) => POSITION_CODES.map((pos) => misfitOf(slot, pos))));

interface Spell {
  player: number;
  slot: PositionCode;
  on: number;
  off: number;
  started: boolean;
}

/** Context of one league-season simulation. */
export interface LeagueSeason {
  season: number;
  league: number;
  /** Club indices of the league in this season. */
  clubs: number[];
  /** Club index → player indices in its squad this season (eligible seniors only). */
  squads: Map<number, number[]>;
  /** Player index → ability this season (quality + age curve). */
  ability: Float64Array;
  /** Club index → [attack, defence] strength this season. */
  strength: Map<number, [number, number]>;
}

function lineup(
  rng: Rng,
  squad: number[],
  players: readonly Player[],
  ability: Float64Array,
  club: Club,
  injured: Map<number, number>,
  round: number,
): Spell[] {
  let available = squad.filter((p) => (injured.get(p) ?? 0) < round);
  // A thin squad plays its carrying knocks rather than name fewer than 16 (docs/methodology/demo-data.md#matches).
  if (available.length < MATCHDAY_SQUAD_MIN) {
    const back = squad
      .filter((p) => !available.includes(p))
      .sort((a, b) => (injured.get(a) ?? 0) - (injured.get(b) ?? 0) || a - b);
    available = [...available, ...back.slice(0, MATCHDAY_SQUAD_MIN - available.length)];
  }
  let score = available.map((p) => ability[p] + rng.normal(0, players[p].group === 'goalkeeper' ? 0.08 : 0.22));
  const keepers = available.map((_p, i) => i).filter((i) => players[available[i]].group === 'goalkeeper');
  if (keepers.length > 1 && rng.chance(KEEPER_REST_RATE)) {
    const first = keepers.reduce((a, b) => (score[b] > score[a] ? b : a));
    available = available.filter((_, i) => i !== first);
    score = score.filter((_, i) => i !== first);
  }
  const n = available.length;
  const pos = available.map((p) => CODE_INDEX.get(players[p].position)!);
  const used = new Uint8Array(n);
  /** Index (into `available`) of the best unused player for `slot` among `candidates`, or -1. */
  const bestFor = (slot: PositionCode, candidates: readonly number[]): number => {
    const row = CODE_INDEX.get(slot)! * POSITION_CODES.length;
    let best = -1;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (const i of candidates) {
      if (used[i]) continue;
      const s = score[i] - MISFIT[row + pos[i]];
      if (s > bestScore) {
        bestScore = s;
        best = i;
      }
    }
    return best;
  };
  const everyone = available.map((_, i) => i);
  const spells: Spell[] = [];
  for (const slot of FORMATIONS[club.formation]) {
    const best = bestFor(slot, everyone);
    if (best < 0) continue;
    used[best] = 1;
    spells.push({ player: available[best], slot, on: 0, off: 90, started: true });
  }
  const bench = everyone
    .filter((i) => !used[i])
    .sort((a, b) => score[b] - score[a])
    .slice(0, 9);
  const subs = Math.min(bench.length, [3, 4, 4, 5, 5, 5][rng.int(0, 5)]);
  let minute = rng.chance(0.12) ? 46 : rng.int(55, 72);
  const starters = spells.slice();
  for (let k = 0; k < subs; k++) {
    const keeperOff = bench.some((i) => !used[i] && players[available[i]].group === 'goalkeeper') && rng.chance(0.01);
    const weights = starters.map((sp) => {
      if (sp.off < 90) return 0;
      const g = players[sp.player].group;
      if (g === 'goalkeeper') return keeperOff ? 100 : 0;
      return g === 'attacker' ? 1.6 : g === 'midfielder' ? 1.3 : 0.6;
    });
    if (weights.every((w) => w === 0)) break;
    const out = starters[rng.weightedIndex(weights)];
    const best = bestFor(out.slot, bench);
    if (best < 0 || !Number.isFinite(MISFIT[CODE_INDEX.get(out.slot)! * POSITION_CODES.length + pos[best]])) continue;
    used[best] = 1;
    out.off = minute;
    spells.push({ player: available[best], slot: out.slot, on: minute, off: 90, started: false });
    minute = Math.min(89, minute + rng.int(0, 12));
  }
  return spells;
}

function rowIndex(log: MatchLog, player: number, ls: LeagueSeason, club: number): number {
  const key = player * 8 + ls.season;
  let r = log.rowOf.get(key);
  if (r === undefined) {
    r = log.rows.length;
    log.rows.push({
      player,
      season: ls.season,
      club,
      league: ls.league,
      appearances: 0,
      starts: 0,
      minutes: 0,
      goalsConceded: 0,
      cleanSheets: 0,
    });
    log.rowOf.set(key, r);
  }
  return r;
}

/**
 * Plays one league-season's fixtures up to `asOfMs` (later ones stay scheduled), appending
 * fixtures, appearances, season rows and goal events to `log`. Returns the final points table
 * (club indices, best first: points, goal difference, goals for, then club id) over the games played.
 * @example playLeagueSeason(rng, ls, schedule, players, clubs, asOfMs, log).length === ls.clubs.length // => true
 */
export function playLeagueSeason(
  rng: Rng,
  ls: LeagueSeason,
  schedule: ReadonlyArray<{ round: number; home: number; away: number; kickoffMs: number }>,
  players: readonly Player[],
  clubs: readonly Club[],
  asOfMs: number,
  log: MatchLog,
): number[] {
  const injured = new Map<number, number>();
  const table = new Map<number, { pts: number; gd: number; gf: number }>();
  for (const c of ls.clubs) table.set(c, { pts: 0, gd: 0, gf: 0 });
  for (const m of schedule) {
    const home = ls.clubs[m.home];
    const away = ls.clubs[m.away];
    const fixtureId = log.fixtures.length + 1;
    const fx: FixtureRec = {
      fixtureId,
      season: ls.season,
      league: ls.league,
      round: m.round,
      kickoffMs: m.kickoffMs,
      home,
      away,
      homeGoals: null,
      awayGoals: null,
    };
    log.fixtures.push(fx);
    if (m.kickoffMs >= asOfMs) continue;
    const [ha, hd] = ls.strength.get(home)!;
    const [aa, ad] = ls.strength.get(away)!;
    const sides = [
      { club: home, goals: poisson(rng, Math.exp(GOAL_LOG_MEAN + HOME_ADVANTAGE + STRENGTH_EFFECT * (ha - ad))) },
      { club: away, goals: poisson(rng, Math.exp(GOAL_LOG_MEAN - HOME_ADVANTAGE + STRENGTH_EFFECT * (aa - hd))) },
    ];
    fx.homeGoals = sides[0].goals;
    fx.awayGoals = sides[1].goals;
    const spells = sides.map((s) =>
      lineup(rng, ls.squads.get(s.club)!, players, ls.ability, clubs[s.club], injured, m.round),
    );
    const rows = spells.map((list, i) => list.map((sp) => rowIndex(log, sp.player, ls, sides[i].club)));
    const conceded = spells.map((list) => new Int32Array(list.length));
    for (let side = 0; side < 2; side++) {
      for (let g = 0; g < sides[side].goals; g++) {
        const t = rng.int(1, 90);
        const onPitch: number[] = [];
        spells[side].forEach((sp, i) => {
          if (sp.on < t && t <= sp.off) onPitch.push(rows[side][i]);
        });
        spells[1 - side].forEach((sp, i) => {
          if (sp.on < t && t <= sp.off) conceded[1 - side][i]++;
        });
        log.goals.push({
          fixture: fixtureId,
          scoringClub: sides[side].club,
          ownGoal: rng.chance(OWN_GOAL_SHARE),
          onPitch,
          uScorer: rng.open(),
          uAssisted: rng.next(),
          uAssister: rng.open(),
        });
      }
    }
    for (let side = 0; side < 2; side++) {
      spells[side].forEach((sp, i) => {
        const row = log.rows[rows[side][i]];
        const minutes = sp.off - sp.on;
        row.appearances++;
        if (sp.started) row.starts++;
        row.minutes += minutes;
        row.goalsConceded += conceded[side][i];
        if (minutes >= CLEAN_SHEET_MINUTES && conceded[side][i] === 0) row.cleanSheets++;
        log.appearances.push({
          fixtureId,
          playerId: players[sp.player].id,
          teamId: clubs[sides[side].club].id,
          started: sp.started,
          minutes,
          position: sp.slot,
        });
        // Knocks keep a player out for 1–8 rounds; a goalkeeper only when a fit deputy remains.
        const keeper = players[sp.player].group === 'goalkeeper';
        if (rng.chance(keeper ? KEEPER_INJURY_RATE : INJURY_RATE)) {
          const deputies = keeper
            ? ls.squads
                .get(sides[side].club)!
                .filter((p) => p !== sp.player && players[p].group === 'goalkeeper' && (injured.get(p) ?? 0) <= m.round)
            : [];
          if (!keeper || deputies.length > 0) injured.set(sp.player, m.round + rng.int(1, 8));
        }
      });
    }
    const [hg, ag] = [sides[0].goals, sides[1].goals];
    const th = table.get(home)!;
    const ta = table.get(away)!;
    th.gf += hg;
    th.gd += hg - ag;
    ta.gf += ag;
    ta.gd += ag - hg;
    if (hg > ag) th.pts += 3;
    else if (hg < ag) ta.pts += 3;
    else {
      th.pts++;
      ta.pts++;
    }
  }
  return ls.clubs.slice().sort((a, b) => {
    const x = table.get(a)!;
    const y = table.get(b)!;
    return y.pts - x.pts || y.gd - x.gd || y.gf - x.gf || clubs[a].id - clubs[b].id;
  });
}

function poisson(rng: Rng, lambda: number): number {
  let k = 0;
  let p = Math.exp(-lambda);
  let cdf = p;
  const u = rng.next();
  while (u > cdf && k < 20) {
    k++;
    p *= lambda / k;
    cdf += p;
  }
  return k;
}

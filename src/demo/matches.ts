/**
 * Match simulation: line-ups from squad, form and injuries, with substitutions (lineups.ts); goals
 * from team strengths (Poisson, home advantage); goal minutes, so that goals conceded and clean
 * sheets are known for every player on the pitch. Scorers and assisters are chosen later by stats.ts, which
 * calibrates who scores against the reference distributions.
 */
import type { PositionCode } from '../model/schema.js';
import type { Club } from './clubs.js';
import { poissonQuantile } from './distributions.js';
import { lineup, type Spell } from './lineups.js';
import type { Player } from './players.js';
import type { Rng } from './rng.js';

/** Log of the median team's goals per match; with strength spread and home advantage the mean is ≈ 1.34 (docs/methodology/demo-data.md). */
export const GOAL_LOG_MEAN = Math.log(1.34);
/** Log home advantage: home sides score exp(2 × 0.13) ≈ 1.3 times as many goals as away sides. */
export const HOME_ADVANTAGE = 0.13;
/** Sensitivity of goals to the strength gap between attack and defence (docs/methodology/demo-data.md#matches). */
export const STRENGTH_EFFECT = 0.45;
/** Share of goals that are own goals (credited to nobody). */
const OWN_GOAL_SHARE = 0.03;
/** Chance per appearance of an outfield knock that rules a player out for 1–8 rounds. */
const INJURY_RATE = 0.02;
/** Chance per appearance that a goalkeeper is ruled out (1–8 rounds), which gives deputies their games. */
const KEEPER_INJURY_RATE = 0.03;
/** Minimum minutes on the pitch for a clean sheet (docs/methodology/demo-data.md). */
const CLEAN_SHEET_MINUTES = 60;

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
interface AppearanceRec {
  fixtureId: number;
  playerId: number;
  teamId: number;
  started: boolean;
  minutes: number;
  position: PositionCode;
}

/** A simulated fixture (goals null when not yet played). */
interface FixtureRec {
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
  const play: SeasonPlay = { rng, ls, players, clubs, log, injured: new Map() };
  const table = new Map<number, { pts: number; gd: number; gf: number }>();
  for (const c of ls.clubs) table.set(c, { pts: 0, gd: 0, gf: 0 });
  for (const m of schedule) {
    const home = ls.clubs[m.home];
    const away = ls.clubs[m.away];
    const fx: FixtureRec = {
      fixtureId: log.fixtures.length + 1,
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
    const [hg, ag] = playFixture(play, fx);
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

/** One league-season being played: its random stream, context, log and who is injured until which round. */
interface SeasonPlay {
  rng: Rng;
  ls: LeagueSeason;
  players: readonly Player[];
  clubs: readonly Club[];
  log: MatchLog;
  /** Player index → first round he is fit again. */
  injured: Map<number, number>;
}

/** One played fixture: both sides' goals, line-ups (spells), season rows and goals conceded per spell. */
interface PlayedFixture {
  fixtureId: number;
  round: number;
  sides: { club: number; goals: number }[];
  spells: Spell[][];
  rows: number[][];
  conceded: Int32Array[];
}

/** Plays one fixture: goals, line-ups, goal minutes and appearances; returns [home goals, away goals]. */
function playFixture(play: SeasonPlay, fx: FixtureRec): [number, number] {
  const { rng, ls, players, clubs, log, injured } = play;
  const [ha, hd] = ls.strength.get(fx.home)!;
  const [aa, ad] = ls.strength.get(fx.away)!;
  // Home side ±1: the home advantage raises one side's goal rate and lowers the other's.
  const goals = (attack: number, defence: number, side: 1 | -1) =>
    poissonQuantile(Math.exp(GOAL_LOG_MEAN + side * HOME_ADVANTAGE + STRENGTH_EFFECT * (attack - defence)), rng.next());
  const sides = [
    { club: fx.home, goals: goals(ha, ad, 1) },
    { club: fx.away, goals: goals(aa, hd, -1) },
  ];
  fx.homeGoals = sides[0].goals;
  fx.awayGoals = sides[1].goals;
  const spells = sides.map((s) =>
    lineup(rng, ls.squads.get(s.club)!, players, ls.ability, clubs[s.club], injured, fx.round),
  );
  const rows = spells.map((list, i) => list.map((sp) => rowIndex(log, sp.player, ls, sides[i].club)));
  const conceded = spells.map((list) => new Int32Array(list.length));
  const played: PlayedFixture = { fixtureId: fx.fixtureId, round: fx.round, sides, spells, rows, conceded };
  logGoals(play, played);
  logAppearances(play, played);
  return [sides[0].goals, sides[1].goals];
}

/** Draws each goal's minute and logs who was on the pitch; counts goals conceded per spell of the other side. */
function logGoals(play: SeasonPlay, f: PlayedFixture): void {
  const { rng, log } = play;
  const { sides, spells, rows, conceded } = f;
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
        fixture: f.fixtureId,
        scoringClub: sides[side].club,
        ownGoal: rng.chance(OWN_GOAL_SHARE),
        onPitch,
        uScorer: rng.open(),
        uAssisted: rng.next(),
        uAssister: rng.open(),
      });
    }
  }
}

/** Adds every spell to its season row and the appearances log, and draws knocks. */
function logAppearances(play: SeasonPlay, f: PlayedFixture): void {
  const { players, clubs, log } = play;
  const { sides, spells, rows, conceded } = f;
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
        fixtureId: f.fixtureId,
        playerId: players[sp.player].id,
        teamId: clubs[sides[side].club].id,
        started: sp.started,
        minutes,
        position: sp.slot,
      });
      drawKnock(play, sp.player, sides[side].club, f.round);
    });
  }
}

/** Knocks keep a player out for 1–8 rounds; a goalkeeper only when a fit deputy remains. */
function drawKnock(play: SeasonPlay, player: number, club: number, round: number): void {
  const { rng, ls, players, injured } = play;
  const keeper = players[player].group === 'goalkeeper';
  if (rng.chance(keeper ? KEEPER_INJURY_RATE : INJURY_RATE)) {
    const deputies = keeper
      ? ls.squads
          .get(club)!
          .filter((p) => p !== player && players[p].group === 'goalkeeper' && (injured.get(p) ?? 0) <= round)
      : [];
    if (!keeper || deputies.length > 0) injured.set(player, round + rng.int(1, 8));
  }
}

/**
 * @module The demo universe: a seeded, deterministic generator of a complete synthetic dataset
 * (leagues, clubs, players, three seasons of fixtures, appearances and season stats) calibrated to
 * real per-90 distributions. Everything in it is fictional.
 */
import {
  COUNTING_COLUMNS,
  tableFromRows,
  type CountingColumn,
  type Dataset,
  type DatasetMeta,
  type PositionGroup,
  type RowOf,
} from '../model/schema.js';
import type { CalibratedMetric, Triple } from './calibration-targets.js';
import { buildClubs, type Club } from './clubs.js';
import { scheduleSeason } from './fixtures.js';
import { marketValueOf, providerRatingOf } from './market-values.js';
import { emptyLog, playLeagueSeason, type LeagueSeason, type MatchLog } from './matches.js';
import { buildPlayers, type Player } from './players.js';
import { Rng } from './rng.js';
import { seasonStats, type SeasonStats } from './stats.js';
import { ageCurve, fractionalAgeOn, buildSquadHistory, buildWorldCupSquads, MIN_SENIOR_AGE } from './squads.js';
import { COUNTRIES, DEMO_AS_OF, PROMOTION_PLACES, SEASON_FRAMES, type SeasonFrame } from './world.js';

/** Seed of the committed `data/demo/`. */
export const DEFAULT_SEED = 20260304;
/** Version of the generator; bump it whenever the output for a seed changes. */
const GENERATOR_VERSION = '1.0.0';
/** Name recorded in `dataset.json` → `generator.name`. */
const GENERATOR_NAME = 'halfspace-demo-generator';

/** Options of {@link generateDemo}. */
export interface DemoOptions {
  /** Seed of every random choice (default {@link DEFAULT_SEED}); the same seed gives byte-identical files. */
  seed?: number;
}

/** The generated dataset and the calibration it achieved (per group and metric). */
export interface DemoGeneration {
  dataset: Dataset;
  calibration: Record<PositionGroup, Record<CalibratedMetric, Triple | null>>;
}

const CURRENT_SEASON = SEASON_FRAMES.length - 1;

/**
 * Generates the synthetic demo universe.
 * @example generateDemo({ seed: 7 }).meta.synthetic // => true
 */
export function generateDemo(options: DemoOptions = {}): Dataset {
  return generateDemoWithReport(options).dataset;
}

/**
 * Generates the demo universe and reports the per-90 quantiles it achieved against its calibration
 * targets (docs/methodology/demo-data.md#calibration).
 * @example generateDemoWithReport().calibration.attacker.goals_per90?.length // => 3
 */
export function generateDemoWithReport(options: DemoOptions = {}): DemoGeneration {
  const seed = options.seed ?? DEFAULT_SEED;
  const rng = new Rng(seed);
  const { clubs, rivalries } = buildClubs(rng.fork('clubs'));
  const players = buildPlayers(rng, clubs, CURRENT_SEASON);
  buildSquadHistory(rng.fork('squads'), players, CURRENT_SEASON);
  const { tierOf, log, seasonDates } = playSeasons(rng, clubs, players);
  const rowAge = Float64Array.from(log.rows, (r) =>
    fractionalAgeOn(players[r.player].birthDate, SEASON_FRAMES[r.season].firstFriday),
  );
  const stats = seasonStats(rng, { players, rows: log.rows, goals: log.goals, rowAge });
  const { leagueRows, seasonRows } = leagueAndSeasonRows(seasonDates);
  const teamRows = clubs.map((c, i) => ({
    team_id: c.id,
    name: c.name,
    short_name: c.shortName,
    league_id: 2 * c.countryIndex + tierOf[i][CURRENT_SEASON],
    city: c.city,
    region: c.region,
    primary_color: c.primaryColor,
    secondary_color: c.secondaryColor,
  }));
  const playerRows = playerRowsOf(rng.fork('values'), players, clubs, tierOf);
  const psRows = playerSeasonRowsOf(rng.fork('ratings'), log, players, clubs, stats.counts);
  const dataset: Dataset = {
    meta: demoMetaOf(seed, clubs.length, players.length),
    tables: {
      leagues: tableFromRows('leagues', leagueRows),
      seasons: tableFromRows('seasons', seasonRows),
      teams: tableFromRows('teams', teamRows),
      rivalries: tableFromRows(
        'rivalries',
        rivalries.map((r) => ({ team_a: r.teamA, team_b: r.teamB, kind: r.kind })),
      ),
      players: tableFromRows('players', playerRows),
      player_seasons: tableFromRows('player_seasons', psRows),
      fixtures: tableFromRows('fixtures', fixtureRowsOf(log, clubs)),
      appearances: tableFromRows('appearances', appearanceRowsOf(log)),
    },
  };
  return { dataset, calibration: stats.achieved };
}

/** What playing every season leaves: each club's tier per season, the match log and each league-season's first and last match day. */
interface PlayedSeasons {
  /** Club index → tier (1 or 2) per season index. */
  tierOf: number[][];
  log: MatchLog;
  seasonDates: Map<number, [string, string]>;
}

/** Plays every league-season in order, moving clubs up and down between seasons. */
function playSeasons(rng: Rng, clubs: readonly Club[], players: readonly Player[]): PlayedSeasons {
  const asOfMs = Date.parse(`${DEMO_AS_OF}T00:00:00Z`);
  // League index = 2 × country + (tier − 1); ids are index + 1.
  const played: PlayedSeasons = { tierOf: clubs.map((c) => [c.initialTier]), log: emptyLog(), seasonDates: new Map() };
  const srng = rng.fork('strength');
  const attDef = clubs.map(() => [srng.normal(0, 0.1), srng.normal(0, 0.1)]);
  for (let s = 0; s < SEASON_FRAMES.length; s++) {
    const frame = SEASON_FRAMES[s];
    const ability = new Float64Array(players.length);
    const arng = rng.fork(`ability:${s}`);
    players.forEach((p, i) => {
      ability[i] = p.quality + ageCurve(fractionalAgeOn(p.birthDate, frame.firstFriday)) + arng.normal(0, 0.05);
    });
    const squads = seasonSquadsOf(players, clubs, s, frame);
    const strength = new Map<number, [number, number]>();
    clubs.forEach((c, i) => {
      const sS = c.strength + srng.normal(0, 0.07);
      strength.set(i, [sS + attDef[i][0], sS + attDef[i][1]]);
    });
    const season = { s, frame, squads, ability, strength, asOfMs };
    for (let ci = 0; ci < COUNTRIES.length; ci++) playCountrySeason(rng, ci, season, clubs, players, played);
  }
  return played;
}

/** Club index → the players of its squad in season `s` (seniors only, plus a goalkeeper if it has no senior one). */
function seasonSquadsOf(
  players: readonly Player[],
  clubs: readonly Club[],
  s: number,
  frame: SeasonFrame,
): Map<number, number[]> {
  const squads = new Map<number, number[]>();
  players.forEach((p, i) => {
    const c = p.clubBySeason[s];
    if (fractionalAgeOn(p.birthDate, frame.firstFriday) >= MIN_SENIOR_AGE) squads.set(c, [...(squads.get(c) ?? []), i]);
  });
  // A club always has a goalkeeper, even if its only senior ones are still teenagers.
  clubs.forEach((_, c) => {
    const squad = squads.get(c) ?? [];
    if (!squad.some((i) => players[i].group === 'goalkeeper')) {
      const gk = players.findIndex((p) => p.clubBySeason[s] === c && p.group === 'goalkeeper');
      squad.push(gk);
    }
    squads.set(c, squad);
  });
  return squads;
}

/** One season of the simulation, shared by the leagues of every country. */
interface SeasonRun {
  s: number;
  frame: SeasonFrame;
  squads: Map<number, number[]>;
  ability: Float64Array;
  strength: Map<number, [number, number]>;
  asOfMs: number;
}

/** Plays both tiers of country `ci` in one season, then promotes and relegates for the next. */
function playCountrySeason(
  rng: Rng,
  ci: number,
  season: SeasonRun,
  clubs: readonly Club[],
  players: readonly Player[],
  played: PlayedSeasons,
): void {
  const { s, frame, squads, ability, strength, asOfMs } = season;
  const { tierOf, log, seasonDates } = played;
  const tables: number[][] = [];
  for (const tier of [1, 2]) {
    const league = 2 * ci + tier - 1;
    const members = clubs
      .map((c, i) => ({ c, i }))
      .filter((x) => x.c.countryIndex === ci && tierOf[x.i][s] === tier)
      .map((x) => x.i);
    const schedule = scheduleSeason(rng.fork(`schedule:${s}:${league}`), members.length, frame.firstFriday);
    seasonDates.set(seasonIdOf(s, league), [
      isoDate(schedule[0].kickoffMs),
      isoDate(schedule[schedule.length - 1].kickoffMs),
    ]);
    const ls: LeagueSeason = { season: s, league, clubs: members, squads, ability, strength };
    tables.push(playLeagueSeason(rng.fork(`match:${s}:${league}`), ls, schedule, players, clubs, asOfMs, log));
  }
  if (s + 1 < SEASON_FRAMES.length) {
    const [top, second] = tables;
    for (const i of [...top, ...second]) tierOf[i][s + 1] = tierOf[i][s];
    for (const i of top.slice(-PROMOTION_PLACES)) tierOf[i][s + 1] = 2;
    for (const i of second.slice(0, PROMOTION_PLACES)) tierOf[i][s + 1] = 1;
  }
}

/** The league rows (two tiers per country) and one season row per league and season frame. */
function leagueAndSeasonRows(seasonDates: ReadonlyMap<number, [string, string]>) {
  const leagueRows = COUNTRIES.flatMap((country, ci) =>
    [1, 2].map((tier) => ({
      league_id: 2 * ci + tier,
      name: country.leagueNames[tier - 1],
      country: country.name,
      tier,
      kind: 'league' as const,
    })),
  );
  const seasonRows = SEASON_FRAMES.flatMap((frame, s) =>
    leagueRows.map((l) => {
      const id = seasonIdOf(s, l.league_id - 1);
      const [start, end] = seasonDates.get(id)!;
      return { season_id: id, league_id: l.league_id, name: frame.name, start_date: start, end_date: end };
    }),
  );
  return { leagueRows, seasonRows };
}

/** The player rows as of the demo date, market values drawn from `vrng`. */
function playerRowsOf(vrng: Rng, players: readonly Player[], clubs: readonly Club[], tierOf: number[][]) {
  const wc = buildWorldCupSquads(players);
  return players.map((p, i) => {
    const club = p.clubBySeason[CURRENT_SEASON];
    const age = fractionalAgeOn(p.birthDate, DEMO_AS_OF);
    return {
      player_id: p.id,
      name: p.name,
      known_as: p.knownAs,
      birth_date: p.birthDate,
      nationality: p.nation.name,
      position: p.position,
      team_id: clubs[club].id,
      market_value_eur: marketValueOf(vrng, p.quality + ageCurve(age), age, tierOf[club][CURRENT_SEASON], p.group),
      preferred_foot: p.foot,
      height_cm: p.heightCm,
      wc2026_nation: wc.get(i) ?? null,
    };
  });
}

/**
 * The player_seasons rows, ordered by season, league, club id and player id; top-tier rows carry
 * a provider rating drawn from `rrng`.
 */
function playerSeasonRowsOf(
  rrng: Rng,
  log: MatchLog,
  players: readonly Player[],
  clubs: readonly Club[],
  c: SeasonStats['counts'],
): Array<Partial<RowOf<'player_seasons'>>> {
  const qualities = players.map((p) => p.quality);
  const qMean = qualities.reduce((a, b) => a + b, 0) / qualities.length;
  const qSd = Math.sqrt(qualities.reduce((a, b) => a + (b - qMean) ** 2, 0) / qualities.length);
  const order = log.rows
    .map((_, r) => r)
    .sort((a, b) => {
      const x = log.rows[a];
      const y = log.rows[b];
      return (
        x.season - y.season ||
        x.league - y.league ||
        clubs[x.club].id - clubs[y.club].id ||
        players[x.player].id - players[y.player].id
      );
    });
  return order.map((r) => {
    const row = log.rows[r];
    const p = players[row.player];
    const leagueTier = (row.league % 2) + 1;
    const per90 = (k: number): number => (k * 90) / row.minutes;
    const rating =
      leagueTier === 1
        ? providerRatingOf(
            rrng,
            (p.quality - qMean) / qSd,
            per90(c.goals[r] + c.assists[r]),
            p.group === 'goalkeeper' || p.group === 'defender' ? per90(c.clean_sheets[r]) : 0,
          )
        : null;
    const totals: Partial<Record<CountingColumn, number>> = {};
    // A column the demo does not generate stays undefined, which its table stores as null.
    for (const col of COUNTING_COLUMNS) totals[col] = c[col]?.[r];
    return {
      player_id: p.id,
      season_id: seasonIdOf(row.season, row.league),
      team_id: clubs[row.club].id,
      league_id: row.league + 1,
      appearances: row.appearances,
      starts: row.starts,
      minutes: row.minutes,
      rating,
      ...totals,
    };
  });
}

function fixtureRowsOf(log: MatchLog, clubs: readonly Club[]) {
  return log.fixtures.map((f) => ({
    fixture_id: f.fixtureId,
    season_id: seasonIdOf(f.season, f.league),
    league_id: f.league + 1,
    round: `Round ${f.round}`,
    kickoff: f.kickoffMs,
    home_team_id: clubs[f.home].id,
    away_team_id: clubs[f.away].id,
    home_goals: f.homeGoals,
    away_goals: f.awayGoals,
    status: f.homeGoals === null ? ('scheduled' as const) : ('finished' as const),
    venue: clubs[f.home].venue,
  }));
}

function appearanceRowsOf(log: MatchLog) {
  return log.appearances.map((a) => ({
    fixture_id: a.fixtureId,
    player_id: a.playerId,
    team_id: a.teamId,
    started: a.started,
    minutes: a.minutes,
    position: a.position,
  }));
}

/** The demo dataset's metadata. */
function demoMetaOf(seed: number, clubCount: number, playerCount: number): DatasetMeta {
  return {
    name: 'halfspace demo universe',
    as_of: DEMO_AS_OF,
    source:
      "Synthetic: generated by halfspace's seeded demo-universe generator (src/demo). All players, clubs, leagues, cities and results are fictional.",
    synthetic: true,
    licence: 'MIT',
    attribution:
      'Per-90 distributions calibrated to quantiles computed from StatsBomb open data (Premier League 2015/16); no StatsBomb data is included.',
    description: `${COUNTRIES.length * 2} leagues (${COUNTRIES.length} countries × 2 tiers), ${clubCount} clubs, ${playerCount} players, seasons ${SEASON_FRAMES.map((f) => f.name).join(', ')} (the last played up to ${DEMO_AS_OF}), 2026 World Cup squads for 48 nations.`,
    generator: { name: GENERATOR_NAME, version: GENERATOR_VERSION, seed },
  };
}

const isoDate = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Season id of (season index, league index): seasons of one year are numbered together, oldest first. */
function seasonIdOf(season: number, league: number): number {
  return season * COUNTRIES.length * 2 + league + 1;
}

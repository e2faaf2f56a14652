/**
 * Players of the demo universe: each club's current squad (positions shaped by its formation),
 * then nationality, name, birth date, height, foot, a latent quality and three style factors.
 */
import { positionGroupOf, type PositionCode, type PositionGroup } from '../model/schema.js';
import type { Club, Formation } from './clubs.js';
import { drawName } from './names.js';
import { DOMESTIC_NATIONS, FOREIGN_NATIONS, type Nation } from './nations.js';
import type { Rng } from './rng.js';
import { COUNTRIES, DEMO_AS_OF } from './world.js';

/** A generated player. `clubBySeason` holds club indices (into the clubs array) per season, or -1. */
export interface Player {
  id: number;
  name: string;
  knownAs: string | null;
  nation: Nation;
  position: PositionCode;
  group: PositionGroup;
  birthDate: string;
  /** Age in years (fractional) on the as-of date. */
  ageAsOf: number;
  heightCm: number;
  foot: 'left' | 'right' | 'both';
  /** Latent quality on the clubs' strength scale (before the age curve). */
  quality: number;
  /** Style factors (standard normal); their meaning depends on the position group (stats.ts). */
  style: [number, number, number];
  clubBySeason: number[];
}

/** Squad shape per formation: every slot covered about twice, three goalkeepers. */
// biome-ignore format: one formation per line reads as a squad sheet
const SQUAD_TEMPLATES: Record<Formation, PositionCode[]> = {
  '4-3-3': ['GK', 'GK', 'GK', 'LB', 'LB', 'CB', 'CB', 'CB', 'CB', 'RB', 'RB', 'DM', 'DM', 'CM', 'CM', 'CM', 'CM', 'AM', 'LW', 'LW', 'RW', 'RW', 'ST', 'ST', 'CF'],
  '4-2-3-1': ['GK', 'GK', 'GK', 'LB', 'LB', 'CB', 'CB', 'CB', 'CB', 'RB', 'RB', 'DM', 'DM', 'DM', 'CM', 'CM', 'AM', 'AM', 'LW', 'LW', 'RW', 'RW', 'ST', 'ST', 'RM'],
  '4-4-2': ['GK', 'GK', 'GK', 'LB', 'LB', 'CB', 'CB', 'CB', 'CB', 'RB', 'RB', 'DM', 'LM', 'LM', 'CM', 'CM', 'CM', 'CM', 'RM', 'RM', 'LW', 'ST', 'ST', 'ST', 'CF'],
  '3-5-2': ['GK', 'GK', 'GK', 'CB', 'CB', 'CB', 'CB', 'CB', 'LWB', 'LWB', 'RWB', 'RWB', 'LB', 'RB', 'DM', 'DM', 'CM', 'CM', 'CM', 'AM', 'AM', 'ST', 'ST', 'CF', 'CF'],
};
const EXTRA_POSITIONS: PositionCode[] = ['CB', 'CM', 'ST', 'DM', 'LW', 'RW', 'AM', 'LB', 'RB', 'RM', 'LM', 'CB', 'CM'];

/** Share of clubs carrying only two goalkeepers (docs/methodology/demo-data.md#squads). */
const TWO_KEEPER_SHARE = 0.15;
/** Every foreign nation gets at least this many players, so each can name a 26-man World Cup squad. */
const MIN_PLAYERS_PER_NATION = 30;

const HEIGHT: Record<PositionGroup | 'CB' | 'FB' | 'W', [number, number]> = {
  goalkeeper: [190, 4.5],
  CB: [187, 4.5],
  FB: [178, 5],
  defender: [182, 5],
  midfielder: [179, 5.5],
  W: [176, 5.5],
  attacker: [182, 6.5],
};

function heightOf(rng: Rng, pos: PositionCode): number {
  const g = positionGroupOf(pos);
  const k =
    pos === 'CB'
      ? 'CB'
      : ['LB', 'RB', 'LWB', 'RWB'].includes(pos)
        ? 'FB'
        : ['LW', 'RW', 'LM', 'RM'].includes(pos)
          ? 'W'
          : g;
  const [m, sd] = HEIGHT[k];
  return Math.round(Math.min(204, Math.max(163, rng.normal(m, sd))));
}

function footOf(rng: Rng, pos: PositionCode): 'left' | 'right' | 'both' {
  if (rng.chance(0.04)) return 'both';
  const left = ['LB', 'LWB', 'LM'].includes(pos) ? 0.7 : pos === 'RW' ? 0.45 : pos === 'LW' ? 0.3 : 0.18;
  return rng.chance(left) ? 'left' : 'right';
}

const DAY_MS = 86_400_000;
const AS_OF_MS = Date.parse(`${DEMO_AS_OF}T00:00:00Z`);

function ageOf(rng: Rng, pos: PositionCode, youth: boolean): number {
  if (youth) return 17 + rng.next() * 2.5;
  const mean = pos === 'GK' ? 28 : 26;
  return Math.min(38.5, Math.max(17.2, rng.normal(mean, 4.3)));
}

/**
 * Builds every club's current squad (`clubBySeason` filled for the current season only; history is
 * added by squads.ts), with nationalities that keep at least {@link MIN_PLAYERS_PER_NATION} per foreign nation.
 * @example buildPlayers(new Rng(1), clubs, 2).length > 4000 // => true
 */
export function buildPlayers(rng: Rng, clubs: readonly Club[], currentSeason: number): Player[] {
  const prng = rng.fork('players');
  const players: Player[] = [];
  clubs.forEach((club, clubIndex) => {
    const positions = SQUAD_TEMPLATES[club.formation].slice();
    if (prng.chance(TWO_KEEPER_SHARE)) positions.splice(positions.indexOf('GK'), 1);
    const extras = prng.int(2, 5);
    for (let i = 0; i < extras; i++) positions.push(prng.pick(EXTRA_POSITIONS));
    // Two or three academy players per squad: the youngest faces of the dataset.
    const youth = new Set(
      prng.shuffled(positions.map((_, i) => i).filter((i) => positions[i] !== 'GK')).slice(0, prng.int(2, 3)),
    );
    positions.forEach((pos, i) => {
      const age = ageOf(prng, pos, youth.has(i));
      const birthMs = AS_OF_MS - Math.round(age * 365.2425) * DAY_MS;
      const clubBySeason = [-1, -1, -1];
      clubBySeason[currentSeason] = clubIndex;
      players.push({
        id: 0,
        name: '',
        knownAs: null,
        nation: DOMESTIC_NATIONS[0],
        position: pos,
        group: positionGroupOf(pos),
        birthDate: new Date(birthMs).toISOString().slice(0, 10),
        ageAsOf: age,
        heightCm: heightOf(prng, pos),
        foot: footOf(prng, pos),
        quality: club.strength + prng.normal(0, 0.38) - (youth.has(i) ? 0.15 : 0),
        style: [prng.normal(), prng.normal(), prng.normal()],
        clubBySeason,
      });
    });
  });
  assignNationalities(prng.fork('nationality'), players, clubs, currentSeason);
  const taken = new Map<string, number>();
  const nrng = prng.fork('names');
  players.forEach((p, i) => {
    p.id = 10_001 + i;
    const cultures = p.nation.cultures;
    const culture = cultures[nrng.weightedIndex(cultures.map((c) => c[1]))][0];
    const person = drawName(nrng, culture, taken);
    p.name = person.name;
    p.knownAs = person.knownAs;
  });
  return players;
}

function assignNationalities(rng: Rng, players: Player[], clubs: readonly Club[], season: number): void {
  const foreign: Player[] = [];
  for (const p of players) {
    const club = clubs[p.clubBySeason[season]];
    // Stronger clubs recruit abroad more (docs/methodology/demo-data.md#players).
    const domesticShare = club.strength > 0 ? 0.5 : club.strength > -0.45 ? 0.66 : 0.8;
    if (rng.chance(domesticShare))
      p.nation = DOMESTIC_NATIONS.find((n) => n.name === COUNTRIES[club.countryIndex].name)!;
    else foreign.push(p);
  }
  // Three goalkeepers per foreign nation first, so every World Cup squad has its keepers.
  const keepers = rng.shuffled(foreign.filter((p) => p.group === 'goalkeeper'));
  const reserved = new Set<Player>();
  const quota = new Map<Nation, number>();
  FOREIGN_NATIONS.forEach((nation, i) => {
    for (const p of keepers.slice(3 * i, 3 * i + 3)) {
      p.nation = nation;
      reserved.add(p);
      quota.set(nation, (quota.get(nation) ?? 0) + 1);
    }
  });
  // The quotas of the smallest football nations are filled first and from the weaker players, so
  // the stars of the universe mostly come from the big exporting nations (docs/methodology/demo-data.md#players).
  const shuffled = foreign
    .filter((p) => !reserved.has(p))
    .map((p) => ({ p, key: p.quality + rng.normal(0, 0.35) }))
    .sort((a, b) => a.key - b.key)
    .map((x) => x.p);
  const byWeight = FOREIGN_NATIONS.map((nation, i) => ({ nation, i })).sort(
    (a, b) => a.nation.exportWeight - b.nation.exportWeight || a.i - b.i,
  );
  let k = 0;
  for (const { nation } of byWeight)
    for (let i = quota.get(nation) ?? 0; i < MIN_PLAYERS_PER_NATION && k < shuffled.length; i++)
      shuffled[k++].nation = nation;
  // The rest of the foreign players follow each nation's export weight, domestic nations of other countries included.
  const pool: Nation[] = [...FOREIGN_NATIONS, ...DOMESTIC_NATIONS];
  const weights = pool.map((n) => n.exportWeight);
  for (; k < shuffled.length; k++) {
    const club = clubs[shuffled[k].clubBySeason[season]];
    let nation = pool[rng.weightedIndex(weights)];
    while (nation.name === COUNTRIES[club.countryIndex].name) nation = pool[rng.weightedIndex(weights)];
    shuffled[k].nation = nation;
  }
}

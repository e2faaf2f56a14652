/**
 * Clubs of the demo universe: names from each country's patterns, cities (some shared, which makes
 * city derbies), regions, colours, venues, a playing strength and a formation; plus rivalries.
 */
import type { Rng } from './rng.js';
import { wordList } from './word-list.js';
import { COUNTRIES, type Country } from './world.js';

/** The four formations clubs play, as detailed position slots (goalkeeper first). */
export const FORMATIONS = {
  '4-3-3': ['GK', 'LB', 'CB', 'CB', 'RB', 'DM', 'CM', 'CM', 'LW', 'ST', 'RW'],
  '4-2-3-1': ['GK', 'LB', 'CB', 'CB', 'RB', 'DM', 'CM', 'AM', 'LW', 'RW', 'ST'],
  '4-4-2': ['GK', 'LB', 'CB', 'CB', 'RB', 'LM', 'CM', 'CM', 'RM', 'ST', 'CF'],
  '3-5-2': ['GK', 'CB', 'CB', 'CB', 'LWB', 'RWB', 'DM', 'CM', 'AM', 'ST', 'CF'],
} as const;
/** A formation's name, e.g. `'4-3-3'`. */
export type Formation = keyof typeof FORMATIONS;

/** A generated club (ids are assigned in order, from 1). */
export interface Club {
  id: number;
  countryIndex: number;
  name: string;
  shortName: string;
  city: string;
  region: string;
  primaryColor: string;
  secondaryColor: string;
  venue: string;
  /** Playing strength on a log-goal scale; tier-1 clubs sit around +0.45, tier-2 around −0.5. */
  strength: number;
  /** Tier in the first season (1 or 2); later tiers follow promotion and relegation. */
  initialTier: 1 | 2;
  formation: Formation;
}

/** A rivalry between two clubs (team_a < team_b). */
export interface Rivalry {
  teamA: number;
  teamB: number;
  kind: 'city' | 'regional' | 'historic';
}

const COLORS = wordList(`#C8102E #034694 #FDB913 #FFFFFF #000000 #6CABDD #7A263A #1B458F #00A650 #F47920
  #5B2C6F #E30613 #0A2240 #8DB9E2 #FFD700 #2E7D32 #B0B7BC #E6007E #004D98 #A50044`);

/** Strength bonus of the two biggest clubs of each country, so every league has its giants. */
const GIANT_BONUS = 0.1;

/**
 * Builds every club of every country, strongest first within a country.
 * @example buildClubs(new Rng(1)).clubs.length // => 156
 */
export function buildClubs(rng: Rng): { clubs: Club[]; rivalries: Rivalry[] } {
  const clubs: Club[] = [];
  const rivalries: Rivalry[] = [];
  COUNTRIES.forEach((country, countryIndex) => {
    const crng = rng.fork(`clubs:${country.name}`);
    const first = clubs.length;
    const byCity = addCountryClubs(crng, country, countryIndex, clubs);
    addCityRivalries(crng, clubs, byCity, rivalries);
    addRegionalAndHistoricRivalries(crng, country, clubs.slice(first), rivalries);
  });
  return { clubs, rivalries };
}

/** Appends the clubs of one country to `clubs` (strongest first); returns city → indices of its clubs. */
function addCountryClubs(crng: Rng, country: Country, countryIndex: number, clubs: Club[]): Map<string, number[]> {
  const total = country.clubsPerTier * 2;
  const cities = crng.shuffled(country.cities);
  // One city hosts three clubs, `twoClub` cities host two, the rest one each.
  const twoClub = total - cities.length - 2;
  const hosts: string[] = [cities[0], cities[0], cities[0]];
  for (let i = 1; i < cities.length; i++) hosts.push(cities[i]);
  for (let i = 1; i <= twoClub; i++) hosts.push(cities[i]);
  const regionOf = new Map(cities.map((c, i) => [c, country.regions[i % country.regions.length]]));
  const byCity = new Map<string, number[]>();
  const strengths = Array.from(
    { length: total },
    (_, rank) => 0.95 - (1.95 * rank) / (total - 1) + crng.normal(0, 0.08) + (rank < 2 ? GIANT_BONUS : 0),
  );
  const order = crng.shuffled(hosts.map((_, i) => i));
  order.forEach((hostIndex, k) => {
    const city = hosts[hostIndex];
    const used = (byCity.get(city) ?? []).map((ci) => clubs[ci].name);
    let patternIndex = crng.int(0, country.patterns.length - 1);
    while (used.includes(country.patterns[patternIndex].name.replace('{c}', city)))
      patternIndex = (patternIndex + 1) % country.patterns.length;
    const shared = hosts.filter((h) => h === city).length > 1;
    const primary = crng.pick(COLORS);
    let secondary = crng.pick(COLORS);
    while (secondary === primary) secondary = crng.pick(COLORS);
    clubs.push({
      id: clubs.length + 1,
      countryIndex,
      name: country.patterns[patternIndex].name.replace('{c}', city),
      shortName: shared ? country.patterns[patternIndex].short.replace('{c}', city) : city,
      city,
      region: regionOf.get(city)!,
      primaryColor: primary,
      secondaryColor: secondary,
      venue: crng.pick(country.venues).replace('{c}', city),
      strength: strengths[k],
      initialTier: k < country.clubsPerTier ? 1 : 2,
      formation: crng.pick(['4-3-3', '4-3-3', '4-2-3-1', '4-2-3-1', '4-4-2', '3-5-2'] as const),
    });
    byCity.set(city, [...(byCity.get(city) ?? []), clubs.length - 1]);
  });
  return byCity;
}

/** City rivalries between clubs of one city; city rivals cannot share a primary colour: a derby needs two kits. */
function addCityRivalries(crng: Rng, clubs: Club[], byCity: ReadonlyMap<string, number[]>, rivalries: Rivalry[]): void {
  for (const members of byCity.values()) {
    for (let i = 1; i < members.length; i++) {
      const taken = members.slice(0, i).map((m) => clubs[m].primaryColor);
      while (taken.includes(clubs[members[i]].primaryColor)) clubs[members[i]].primaryColor = crng.pick(COLORS);
      if (clubs[members[i]].secondaryColor === clubs[members[i]].primaryColor)
        clubs[members[i]].secondaryColor = '#FFFFFF';
    }
    for (let i = 0; i < members.length; i++)
      for (let j = i + 1; j < members.length; j++)
        rivalries.push(pair(clubs[members[i]].id, clubs[members[j]].id, 'city'));
  }
}

/** Regional rivalries of one country's clubs (`mine`), then a few historic ones between its big clubs. */
function addRegionalAndHistoricRivalries(
  crng: Rng,
  country: Country,
  mine: readonly Club[],
  rivalries: Rivalry[],
): void {
  const linked = new Set(rivalries.map((r) => `${r.teamA}-${r.teamB}`));
  // Regional rivalries: each club at most one, between neighbours of the same region in different cities.
  for (const region of country.regions) {
    const inRegion = crng.shuffled(mine.filter((c) => c.region === region));
    for (let i = 0; i + 1 < inRegion.length; i += 2) {
      const a = inRegion[i];
      const b = inRegion[i + 1];
      if (a.city === b.city) continue;
      rivalries.push(pair(a.id, b.id, 'regional'));
      linked.add(key(a.id, b.id));
    }
  }
  // A few historic rivalries across regions, between big clubs of the first season's top flight.
  const big = mine
    .filter((c) => c.initialTier === 1)
    .sort((x, y) => y.strength - x.strength)
    .slice(0, 8);
  for (let i = 0; i < 3; i++) {
    const a = big[i];
    const b = big[7 - i];
    if (!linked.has(key(a.id, b.id))) rivalries.push(pair(a.id, b.id, 'historic'));
  }
}

const key = (a: number, b: number): string => (a < b ? `${a}-${b}` : `${b}-${a}`);
const pair = (a: number, b: number, kind: Rivalry['kind']): Rivalry => ({
  teamA: Math.min(a, b),
  teamB: Math.max(a, b),
  kind,
});

/**
 * The fixed frame of the demo universe: its four countries (regions, cities, club-name patterns),
 * their two-tier leagues and the three seasons. Cities, regions and league names are invented.
 */
import { wordList } from './word-list.js';

/** A club-name pattern: `{c}` is the city. `short` is the short name used when the city has several clubs. */
interface ClubPattern {
  name: string;
  short: string;
}

/** A domestic football country of the demo. */
export interface Country {
  /** Nationality name of its players (matches a `Nation.name`). */
  name: string;
  leagueNames: readonly [string, string];
  /** Clubs per tier (even: a double round robin needs pairs). */
  clubsPerTier: number;
  regions: readonly string[];
  /** Invented cities; the first hosts three clubs, the next few two each. */
  cities: readonly string[];
  patterns: readonly ClubPattern[];
  venues: readonly string[];
}

/** Club-name patterns written `name` or `name/short`, separated by commas; the short name defaults to the name. */
const patternsOf = (text: string): ClubPattern[] =>
  text.split(',').map((entry) => {
    const [name, short = name] = entry.trim().split('/');
    return { name, short };
  });

/** The four countries, each with a tier-1 and a tier-2 league. */
export const COUNTRIES: readonly Country[] = [
  {
    name: 'England',
    leagueNames: ['Premier Division', 'Championship Division'],
    clubsPerTier: 20,
    regions: ['Northmarch', 'Westvale', 'Eastfen', 'Southdowns', 'Middle Reach'],
    cities:
      wordList(`Kingsmere Ashbury Calderton Redmarsh Oakhurst Pellbridge Brackenford Dunmere Elmstead Fernleigh Galeford
      Kestleby Langmoor Marrowick Stanwick Wexcombe Whitmoor Bramhollow Cressfield Larkhaven Millbourne Ousefield
      Pendlebrook Quarrington Ravensholme Saltmarsh Tidewell Underhill Yarrowby Hollinbury Grayford Ambleworth`),
    patterns: patternsOf(`{c} United/{c} Utd, {c} City, {c} Town, {c} Rovers, {c} Athletic/{c} Ath,
      {c} Wanderers/{c} Wdrs, {c} Albion, {c} County/{c} Co, {c} Rangers/{c} Rgrs, {c} Harriers`),
    venues: [
      '{c} Park',
      'The {c} Ground',
      '{c} Road',
      '{c} Community Stadium',
      'Victoria Park, {c}',
      'The Meadow, {c}',
    ],
  },
  {
    name: 'Spain',
    leagueNames: ['Liga Primera', 'Liga Segunda'],
    clubsPerTier: 20,
    regions: ['Alto Norte', 'Valle Central', 'Levante Sur', 'Meseta Alta', 'Costa Azul'],
    cities:
      wordList(`Valdearenas Puertoalto Castelmar Montesol Almendral Fuentesanta Sierranova Peñaclara Arroyoseco Costaverde
      Villarroja Torremayor Campolargo Aguasclaras Robledal Navalonga Riosalado Peñablanca Olivares Miravalle Losanto
      Cerroalto Lagunilla Brezales Encinar Altozano Salinares Hontanar Bellavista Cañaveral Marbuena Sotoluz`),
    patterns: patternsOf(`Real {c}, Atlético {c}, {c} CF/{c}, Deportivo {c}/Dépor {c}, CD {c}, UD {c}, Racing {c},
      Sporting {c}, SD {c}, Club {c}`),
    venues: ['Estadio {c}', 'Estadio Municipal de {c}', 'Campo de {c}', 'Nuevo Estadio {c}', 'Estadio La Ribera, {c}'],
  },
  {
    name: 'Italy',
    leagueNames: ['Serie Alta', 'Serie Cadetta'],
    clubsPerTier: 20,
    regions: ['Alta Valle', 'Riviera Ovest', 'Piana Centrale', 'Costa Sud', 'Colline Est'],
    cities:
      wordList(`Montecalda Portorosso Valmarina Castelvento Borgoverde Fiumenero Pietralta Roccabella Collefiorito Lagoscuro
      Monteferro Vallombra Belpoggio Ponteluna Serravento Acquachiara Castrovecchio Sanmarcello Torrebruna Villalba
      Campolieto Rivadoro Montesanto Poggiorosa Lucerna Marinella Sassofonte Calabrina Orvieto_Nuova Vignale Falconara_Alta
      Bosconero`),
    patterns: patternsOf(`AC {c}/{c}, {c} Calcio, US {c}, Virtus {c}, Pro {c}, SS {c}, Sporting {c},
      Atletico {c}/Atl. {c}, Polisportiva {c}/Pol. {c}, Unione {c}`),
    venues: ['Stadio {c}', 'Stadio Comunale di {c}', 'Stadio del Mare, {c}', 'Arena {c}', 'Stadio dei Pini, {c}'],
  },
  {
    name: 'Germany',
    leagueNames: ['Erste Liga', 'Zweite Liga'],
    clubsPerTier: 18,
    regions: ['Nordmark', 'Westland', 'Südhöhen', 'Ostauen', 'Mittelgau'],
    cities:
      wordList(`Falkenau Eichstedt Rabenburg Lindenfeld Mühlbach Steinhausen Kaltenbrunn Wolfsheim Grünwalde Hohenfurt
      Bergstadt Weidenau Dornhagen Sonnenberg Auenstadt Rothenfels Kirchdorf Talheim Eschenbach Tannenrode Waldkirchen
      Birkenhain Ulmenhof Moosbrück Seefeld Hasenwinkel Königsau Brunnthal Erlenbach Schwarzach`),
    patterns: patternsOf(`FC {c}, SV {c}, VfB {c}, Borussia {c}, TSV {c}, SC {c}, VfL {c}, Fortuna {c}, Eintracht {c},
      Rot-Weiß {c}/RW {c}`),
    venues: ['Stadion {c}', 'Waldstadion {c}', '{c}-Arena', 'Sportpark {c}', 'Stadion am See, {c}'],
  },
];

/** A season of the demo, the same calendar in every country. */
export interface SeasonFrame {
  name: string;
  /** Friday of the first round, `YYYY-MM-DD`. */
  firstFriday: string;
}

/** The three seasons, oldest first; the last one is in progress on the as-of date. */
export const SEASON_FRAMES: readonly SeasonFrame[] = [
  { name: '2023/24', firstFriday: '2023-08-11' },
  { name: '2024/25', firstFriday: '2024-08-16' },
  { name: '2025/26', firstFriday: '2025-08-15' },
];

/**
 * The dataset's as-of date: a Wednesday in March 2026, mid-way through 2025/26. Rounds are
 * played Friday to Sunday, so no fixture falls on the as-of day itself (docs/methodology/demo-data.md#calendar).
 */
export const DEMO_AS_OF = '2026-03-04';

/** Clubs promoted and relegated between consecutive seasons in each country (docs/methodology/demo-data.md#leagues). */
export const PROMOTION_PLACES = 3;

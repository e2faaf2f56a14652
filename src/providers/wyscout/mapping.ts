/**
 * Wyscout v2's vendor vocabulary mapped onto halfspace's (docs/methodology/wyscout.md): event and
 * sub-event ids, the tags that decide each counting column, the position rule that turns the
 * coarse GK/DF/MD/FW role and a player's average event location into a detailed code, the period
 * names, and the text fixes of the public dataset (doubly escaped names, season names, rounds).
 * A player's common name is his `shortName` when that is the name a fan knows him by ("Isco",
 * "Son Heung-Min"), else its initials spelled out from his first name ("H. Kane" → "Harry Kane";
 * docs/methodology/wyscout.md#names).
 */
import type { CountingColumn, PositionCode } from '../../model/schema.js';
import { PITCH_METRES } from '../../model/location-profile.js';
import type { ProviderColumn } from '../counting-totals.js';
import {
  BIG_CHANCE_MIN_XG,
  LONG_BALL_MIN_M,
  PADJ_PROVIDER_COLUMNS,
  PASS_PROGRESSION_COLUMNS,
  SCA_PROVIDER_COLUMN,
  CONCEDED_PROVIDER_COLUMNS,
} from '../event-values.js';

/** Wyscout v2 `eventId`s read by halfspace. */
export const EVENT = {
  duel: 1,
  foul: 2,
  freeKick: 3,
  goalkeeperLeavingLine: 4,
  interruption: 5,
  offside: 6,
  othersOnTheBall: 7,
  pass: 8,
  saveAttempt: 9,
  shot: 10,
} as const;

/** Wyscout v2 `subEventId`s read by halfspace. */
export const SUB_EVENT = {
  airDuel: 10,
  groundAttackingDuel: 11,
  groundDefendingDuel: 12,
  groundLooseBallDuel: 13,
  corner: 30,
  freeKick: 31,
  freeKickCross: 32,
  freeKickShot: 33,
  goalKick: 34,
  penalty: 35,
  throwIn: 36,
  clearance: 71,
  cross: 80,
  handPass: 81,
} as const;

/** Wyscout v2 tag ids read by halfspace (the tag table of Wyscout's API docs and Pappalardo et al. 2019). */
export const TAG = {
  goal: 101,
  ownGoal: 102,
  assist: 301,
  keyPass: 302,
  takeOnLeft: 503,
  takeOnRight: 504,
  lost: 701,
  neutral: 702,
  won: 703,
  interception: 1401,
  slidingTackle: 1601,
  redCard: 1701,
  yellowCard: 1702,
  secondYellow: 1703,
  accurate: 1801,
  notAccurate: 1802,
  blocked: 2101,
} as const;

/** The periods that count, in order: two halves and two halves of extra time. `P` (shoot-out) counts for nothing. */
export const COUNTED_PERIODS = ['1H', '2H', 'E1', 'E2'] as const;
type CountedPeriod = (typeof COUNTED_PERIODS)[number];

/** Nominal start of each counted period on the match clock, in minutes (how Wyscout numbers substitution minutes). */
export const PERIOD_START_MINUTE: Readonly<Record<CountedPeriod, number>> = { '1H': 0, '2H': 45, E1: 90, E2: 105 };

/** Nominal length of each counted period in seconds; time past it (stoppage) is not counted in `minutes`. */
export const PERIOD_NOMINAL_SECONDS: Readonly<Record<CountedPeriod, number>> = {
  '1H': 45 * 60,
  '2H': 45 * 60,
  E1: 15 * 60,
  E2: 15 * 60,
};

/** Index of a counted period (0–3), or -1 for the shoot-out or an unknown name. @example periodIndexOf('E1') // => 2 */
export function periodIndexOf(period: string): number {
  for (let i = 0; i < COUNTED_PERIODS.length; i++) if (COUNTED_PERIODS[i] === period) return i;
  return -1;
}

/** A goalkeeper's clearance inside this box (his own penalty area) counts as a punch (docs: "punches"). */
export const OWN_BOX = { maxX: 16.5, minY: 19, maxY: 81 } as const;

/** A blocked shot is credited to the first defending player with an event within this many seconds after it. */
export const BLOCK_WINDOW_SECONDS = 3;

/**
 * Thresholds of the position rule, on Wyscout's 0–100 coordinates of the player's own events
 * (x from his own goal to the opponent's, y from his left touchline to his right): the
 * average location of a player's open-play events decides the detailed code within his Wyscout
 * role (docs/methodology/wyscout.md#positions).
 */
export const POSITION_RULE = {
  /** A defender this far from the centre line (y ≤ 25 or y ≥ 75) is a full-back; nearer, a centre-back (a back three's outside centre-backs average y ≈ 28–35). */
  fullBackMinOffset: 25,
  /** A wide defender whose average x is at least this high is a wing-back. */
  wingBackMinX: 54,
  /** A midfielder this far from the centre line is a wide midfielder (LM/RM). */
  wideMidfielderMinOffset: 14,
  /** A central midfielder below this x is a defensive midfielder. */
  defensiveMidfielderMaxX: 50,
  /** A central midfielder at or above this x is an attacking midfielder. */
  attackingMidfielderMinX: 58,
  /** A forward this far from the centre line is a winger (LW/RW); nearer, a striker. */
  wingerMinOffset: 12,
} as const;

/** The coarse Wyscout role codes (`role.code2`). */
export type WyscoutRole = 'GK' | 'DF' | 'MD' | 'FW';

/**
 * The detailed position code of a player with Wyscout role `role` whose open-play events average
 * at (`x`, `y`); `null` location (no events) gives the role's central code.
 * @example positionCodeOf('DF', 40, 85) // => 'RB'
 */
export function positionCodeOf(role: WyscoutRole, x: number | null, y: number | null): PositionCode {
  const R = POSITION_RULE;
  if (role === 'GK') return 'GK';
  if (x === null || y === null) return role === 'DF' ? 'CB' : role === 'MD' ? 'CM' : 'ST';
  const offset = y - 50;
  const side = (left: PositionCode, right: PositionCode): PositionCode => (offset < 0 ? left : right);
  switch (role) {
    case 'DF':
      if (Math.abs(offset) < R.fullBackMinOffset) return 'CB';
      return x >= R.wingBackMinX ? side('LWB', 'RWB') : side('LB', 'RB');
    case 'MD':
      if (Math.abs(offset) >= R.wideMidfielderMinOffset) return side('LM', 'RM');
      if (x < R.defensiveMidfielderMaxX) return 'DM';
      return x >= R.attackingMidfielderMinX ? 'AM' : 'CM';
    case 'FW':
      return Math.abs(offset) >= R.wingerMinOffset ? side('LW', 'RW') : 'ST';
  }
}

/**
 * A name from the public dataset with its doubly escaped characters decoded (the JSON string holds
 * the six characters `\u00fc`, not `ü`), soft hyphens dropped, surrounding spaces trimmed and
 * inner runs of spaces collapsed. A clean name passes through unchanged.
 * @example decodeName('Ag\\u00fcero  ') // => 'Agüero'
 */
export function decodeName(raw: string): string {
  return raw
    .replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/\u00ad/g, '')
    .trim()
    .replace(/\s+/g, ' ');
}

/**
 * Season name from the first and last match dates (`YYYY-MM-DD`): "2017/18" when the season spans
 * two calendar years, else the year ("2018").
 * @example seasonNameFromDates('2017-08-11', '2018-05-13') // => '2017/18'
 */
export function seasonNameFromDates(first: string, last: string): string {
  const a = first.slice(0, 4);
  const b = last.slice(0, 4);
  return a === b ? a : `${a}/${b.slice(2)}`;
}

/** The competitions of the Wyscout public dataset: file name → id, league name, country, kind. */
export const PUBLIC_COMPETITIONS: readonly {
  file: string;
  id: number;
  name: string;
  country: string | null;
  kind: 'league' | 'international';
}[] = [
  { file: 'England', id: 364, name: 'Premier League', country: 'England', kind: 'league' },
  { file: 'Spain', id: 795, name: 'La Liga', country: 'Spain', kind: 'league' },
  { file: 'Italy', id: 524, name: 'Serie A', country: 'Italy', kind: 'league' },
  { file: 'Germany', id: 426, name: 'Bundesliga', country: 'Germany', kind: 'league' },
  { file: 'France', id: 412, name: 'Ligue 1', country: 'France', kind: 'league' },
  { file: 'World_Cup', id: 28, name: 'FIFA World Cup', country: null, kind: 'international' },
  { file: 'European_Championship', id: 102, name: 'UEFA European Championship', country: null, kind: 'international' },
];

/**
 * Round name of a knockout round (`gameweek` 0) from how many matches it has and whether it is the
 * competition's last round by date.
 * @example knockoutRoundName(8, false) // => 'Round of 16'
 */
export function knockoutRoundName(matches: number, last: boolean): string {
  if (matches === 1) return last ? 'Final' : 'Third place play-off';
  if (matches === 2) return 'Semi-finals';
  if (matches === 4) return 'Quarter-finals';
  return `Round of ${matches * 2}`;
}

/**
 * How Wyscout v2 events fill each counting column (docs/methodology/wyscout.md#counting-columns; the
 * counting itself is in match-summary.ts). A new counting column is `counted` here (and in
 * match-summary.ts) or `notProvided` with the reason; tsc names any column that is neither.
 */
export const WYSCOUT_COLUMNS = {
  goals: { counted: 'shots tagged goal' },
  assists: { counted: 'events tagged assist' },
  shots: { counted: 'shot and free-kick shot events' },
  shots_on_target: { counted: 'shots tagged goal or accurate' },
  big_chances: { counted: `shots whose model xG is ≥ ${BIG_CHANCE_MIN_XG} (penalties included)` },
  key_passes: { counted: 'events tagged assist or key pass' },
  passes: { counted: 'pass events' },
  passes_completed: { counted: 'passes tagged accurate' },
  long_balls: {
    counted: `passes of ≥ ${LONG_BALL_MIN_M} m on a pitch of ${PITCH_METRES.length} × ${PITCH_METRES.width} m`,
  },
  crosses: { counted: 'cross and free-kick cross sub-events' },
  crosses_completed: { counted: 'crosses tagged accurate' },
  dribbles: { counted: 'ground attacking duels won with a take-on tag' },
  tackles: { counted: 'ground defending duels won or tagged sliding tackle' },
  interceptions: { counted: 'events tagged interception' },
  clearances: { counted: 'clearance sub-events' },
  shots_blocked: {
    counted: `first defending player with an event within ${BLOCK_WINDOW_SECONDS} s after a blocked shot`,
  },
  aerials_won: { counted: 'air duels won' },
  duels_won: { counted: 'air duels won, dribbles and tackles won' },
  ball_recoveries: { counted: 'first on-ball action after an opponent on-ball action in open play' },
  saves: { counted: 'save attempts tagged accurate and not goal' },
  ...CONCEDED_PROVIDER_COLUMNS,
  punches: { counted: 'goalkeeper clearances inside his own penalty area (OWN_BOX)' },
  ...PASS_PROGRESSION_COLUMNS,
  progressive_carries: { notProvided: 'Wyscout v2 has no carry events' },
  xg: { counted: "the shipped model's xG of every shot (xgOf; no provider xG in Wyscout v2)" },
  npxg: { counted: "the model's xG of every shot but penalties" },
  xa: { counted: "the model's xG of each shot whose last touch before it was this player's pass" },
  xt: { counted: 'xT added (xtAddedOf) by completed passes and set-piece passes; no carries in Wyscout v2' },
  ...PADJ_PROVIDER_COLUMNS,
  sca: SCA_PROVIDER_COLUMN,
} as const satisfies Record<CountingColumn, ProviderColumn>;

/** A short name led by initials: "H. Kane", "J. M. Giménez" (the initials, then the rest). */
const INITIALS = /^((?:\p{Lu}\.\s*)+)(.+)$/u;

const VOWEL = /[aeiouyáàâäéèêëíìîïóòôöúùûü]/;

/** The first-name token an initial stands for: one that starts with it, else a nickname inside one ("D." in "Bamidele" is Dele). */
function givenNameOf(initial: string, firstName: string): string | null {
  const tokens = firstName.split(/\s+/).filter(Boolean);
  const lead = tokens.find((t) => t.toLocaleLowerCase().startsWith(initial.toLocaleLowerCase()));
  if (lead) return lead;
  // A nickname cut from the end of a longer name at a syllable (Bami-dele → Dele): the initial's
  // letter between two vowels, at least 2 letters in, at least 3 letters long.
  for (const t of tokens) {
    const lower = t.toLocaleLowerCase();
    for (let at = 2; at <= lower.length - 3; at++) {
      const syllable = VOWEL.test(lower.charAt(at - 1)) && VOWEL.test(lower.charAt(at + 1));
      if (lower.charAt(at) === initial.toLocaleLowerCase() && syllable)
        return initial.toLocaleUpperCase() + t.slice(at + 1);
    }
  }
  return null;
}

/**
 * The common name of a player from the registry's first name and short name (both as the dataset
 * writes them, escapes and all); the short name as it is when it has no initial or no first name
 * matches it; null when there is no short name.
 * @example commonNameOf('Harry', 'H. Kane') // => 'Harry Kane'
 * @example commonNameOf('Bamidele', 'D. Alli') // => 'Dele Alli'
 * @example commonNameOf('Francisco Rom\\u00e1n', 'Isco') // => 'Isco'
 */
export function commonNameOf(
  firstName: string | null | undefined,
  shortName: string | null | undefined,
): string | null {
  const short = decodeName(shortName ?? '');
  if (short === '') return null;
  const m = INITIALS.exec(short);
  if (!m?.[1] || !m[2]) return short;
  const given = givenNameOf(m[1].charAt(0), decodeName(firstName ?? ''));
  return given ? `${given} ${m[2].trim()}` : short;
}

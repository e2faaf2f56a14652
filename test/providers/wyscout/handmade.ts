/**
 * A small Wyscout v2 folder written by the tests (never copied from real data): two teams, two
 * matches of "Testland" 2020/21 in the public dataset's layout, one events file gzipped and one
 * plain. Every number the tests expect is worked out by hand in the comments below.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

type Ev = [
  period: string,
  sec: number,
  team: number,
  player: number,
  eventId: number,
  subEventId: number | '',
  tags: number[],
  x?: number,
  y?: number,
  endX?: number,
  endY?: number,
];

const ROLE: Record<string, string> = { GK: 'Goalkeeper', DF: 'Defender', MD: 'Midfielder', FW: 'Forward' };
const roleOf = (n: number): string => (n === 1 ? 'GK' : n <= 5 ? 'DF' : n <= 9 ? 'MD' : 'FW');

/** Registry entry of player `id` (team = id's thousands, shirt = the rest). Player 1010's names are doubly escaped like the public dataset's. */
export function playerOf(id: number): Record<string, unknown> {
  const shirt = id % 100;
  const team = Math.floor(id / 1000) * 100;
  const role = roleOf(shirt > 11 ? 10 : shirt);
  const escaped = id === 1010;
  return {
    wyId: id,
    firstName: escaped ? 'Sergio ' : `First${id}`,
    middleName: '',
    lastName: escaped ? 'Ag\\u00fcero del Castillo' : `Last${id}`,
    shortName: escaped ? 'S. Ag\\u00fcero' : `F. Last${id}`,
    birthDate: '1995-06-02',
    foot: shirt % 2 ? 'right' : 'left',
    height: 180,
    passportArea: { name: escaped ? 'Argentina' : 'Testland', id: '32' },
    role: { code2: role, name: ROLE[role] },
    currentTeamId: team,
  };
}

export const HOME = 100;
export const AWAY = 200;
const lineup = (team: number) =>
  Array.from({ length: 11 }, (_, i) => ({
    playerId: team * 10 + i + 1,
    goals: 'null',
    ownGoals: '0',
    redCards: '0',
    yellowCards: '0',
  }));

/**
 * Match 5001 (gameweek 1), Home FC 2-1 Away FC:
 * - 1H ends at 2,760 s (last event), 2H at 2,900 s: match length 5,660 s.
 * - 1H 600: 1010 scores (shot, goal tag, from x 92 y 50: a big chance). 2H 100: own goal by 1002
 *   (touch with tag 102) for Away. 2H 1200: red card for 2003. 2H 1500: 1011 scores.
 * - Substitutions: Home 1012 for 1011 at minute 80 → 2H 2,100 s (1012's first event is 2H 2,200);
 *   Away 2012 for 2010 at minute 46, 2010's last event in the 1H → at the break (2H 0).
 * - Player 2099 has one event but is in no lineup or substitution.
 */
export const MATCH_1 = {
  wyId: 5001,
  competitionId: 999,
  seasonId: 77,
  roundId: 1,
  gameweek: 1,
  dateutc: '2020-08-15 14:00:00',
  status: 'Played',
  duration: 'Regular',
  venue: 'Test Park',
  label: 'Home FC - Away FC, 2 - 1',
  winner: HOME,
  teamsData: {
    [HOME]: {
      teamId: HOME,
      side: 'home',
      score: 2,
      scoreHT: 1,
      scoreET: 0,
      scoreP: 0,
      formation: {
        lineup: lineup(HOME),
        bench: [{ playerId: 1012 }],
        substitutions: [{ playerIn: 1012, playerOut: 1011, minute: 80 }],
      },
    },
    [AWAY]: {
      teamId: AWAY,
      side: 'away',
      score: 1,
      scoreHT: 0,
      scoreET: 0,
      scoreP: 0,
      formation: {
        lineup: lineup(AWAY),
        bench: [{ playerId: 2012 }],
        substitutions: [{ playerIn: 2012, playerOut: 2010, minute: 46 }],
      },
    },
  },
};
const EVENTS_1: Ev[] = [
  ['1H', 1.5, HOME, 1006, 8, 85, [1801], 50, 50, 75, 50],
  ['1H', 300, AWAY, 2010, 8, 85, [1802], 40, 40, 45, 45],
  ['1H', 600, HOME, 1010, 10, 100, [101, 402, 1801], 92, 50, 100, 50],
  ['1H', 601, AWAY, 2001, 9, 91, [101, 1802], 0, 50],
  ['1H', 900, AWAY, 2099, 8, 85, [1801], 30, 30, 35, 35],
  ['1H', 2760, AWAY, 2006, 8, 83, [1802], 30, 30, 70, 70],
  ['2H', 100, HOME, 1002, 7, 72, [102], 5, 50],
  ['2H', 1200, AWAY, 2003, 2, 20, [1701], 40, 50],
  ['2H', 1500, HOME, 1011, 10, 100, [101, 1801], 80, 40, 100, 50],
  ['2H', 2200, HOME, 1012, 8, 80, [302, 1801], 90, 5, 95, 50],
  ['2H', 2900, HOME, 1007, 8, 85, [1801], 60, 50, 62, 50],
];

/**
 * Match 5002 (gameweek 2), Away FC 1-0 Home FC on the scoreboard but no goal in the events (the
 * reconciliation must report it). No substitutions (`"null"`, as in the public dataset); both
 * periods end at 2,700 s. 1003 plays down the left (y 10), 1004 down the right (y 90).
 */
export const MATCH_2 = {
  wyId: 5002,
  competitionId: 999,
  seasonId: 77,
  roundId: 1,
  gameweek: 2,
  dateutc: '2020-08-22 14:00:00',
  status: 'Played',
  duration: 'Regular',
  venue: 'Away Ground',
  label: 'Away FC - Home FC, 1 - 0',
  winner: AWAY,
  teamsData: {
    [AWAY]: {
      teamId: AWAY,
      side: 'home',
      score: 1,
      scoreHT: 1,
      scoreET: 0,
      scoreP: 0,
      formation: { lineup: lineup(AWAY), bench: [], substitutions: 'null' },
    },
    [HOME]: {
      teamId: HOME,
      side: 'away',
      score: 0,
      scoreHT: 0,
      scoreET: 0,
      scoreP: 0,
      formation: { lineup: lineup(HOME), bench: [], substitutions: 'null' },
    },
  },
};
const EVENTS_2: Ev[] = [
  ['1H', 2, AWAY, 2006, 8, 85, [1801], 50, 50, 60, 50],
  ...Array.from({ length: 12 }, (_, i): Ev => ['1H', 100 + i * 10, HOME, 1003, 8, 85, [1801], 35, 10, 40, 12]),
  ...Array.from({ length: 12 }, (_, i): Ev => ['1H', 300 + i * 10, HOME, 1004, 1, 12, [703], 35, 90]),
  ['1H', 2700, AWAY, 2007, 8, 85, [1801], 50, 50, 52, 50],
  ['2H', 2700, HOME, 1008, 8, 85, [1801], 50, 50, 52, 50],
];

/** Builds one per-match file object: `{events, teams, players}`, plus `match` when asked (v2 API style). */
export function matchFileOf(
  match: typeof MATCH_1 | typeof MATCH_2,
  events: Ev[],
  withMatch: boolean,
): Record<string, unknown> {
  const squad = (team: number) =>
    [...Array.from({ length: 12 }, (_, i) => team * 10 + i + 1)].map((id) => ({ player: playerOf(id) }));
  return {
    events: events.map(([matchPeriod, eventSec, teamId, playerId, eventId, subEventId, tags, x, y, ex, ey], i) => ({
      id: match.wyId * 1000 + i,
      matchId: match.wyId,
      eventId,
      subEventId,
      eventName: 'x',
      subEventName: 'x',
      matchPeriod,
      eventSec,
      teamId,
      playerId,
      positions:
        x === undefined
          ? []
          : ex === undefined
            ? [{ x, y }]
            : [
                { x, y },
                { x: ex, y: ey },
              ],
      tags: tags.map((id) => ({ id })),
    })),
    teams: { [HOME]: { team: TEAMS[0] }, [AWAY]: { team: TEAMS[1] } },
    players: { [HOME]: squad(HOME), [AWAY]: [...squad(AWAY), { player: playerOf(2099) }, null] },
    ...(withMatch ? { match } : {}),
  };
}

export const TEAMS = [
  {
    wyId: HOME,
    name: 'Home FC',
    officialName: 'Home Football Club',
    city: 'Hometown',
    area: { name: 'Testland', id: '0' },
    type: 'club',
  },
  {
    wyId: AWAY,
    name: 'Away FC',
    officialName: 'Away Football Club',
    city: 'Awayville',
    area: { name: 'Testland', id: '0' },
    type: 'club',
  },
];

/** Writes the folder in the public dataset's layout under `dir` and returns `dir`. */
export function writeHandmadeWyscout(dir: string): string {
  mkdirSync(join(dir, 'matches'), { recursive: true });
  mkdirSync(join(dir, 'events', 'testland'), { recursive: true });
  writeFileSync(join(dir, 'matches', 'matches_Testland.json'), JSON.stringify([MATCH_2, MATCH_1]));
  const ids = [
    ...Array.from({ length: 12 }, (_, i) => 1001 + i),
    ...Array.from({ length: 12 }, (_, i) => 2001 + i),
    2099,
  ];
  writeFileSync(join(dir, 'players.json'), JSON.stringify(ids.map(playerOf)));
  writeFileSync(join(dir, 'teams.json'), JSON.stringify(TEAMS));
  writeFileSync(
    join(dir, 'events', 'testland', '5001.json.gz'),
    gzipSync(JSON.stringify(matchFileOf(MATCH_1, EVENTS_1, false))),
  );
  writeFileSync(join(dir, 'events', 'testland', '5002.json'), JSON.stringify(matchFileOf(MATCH_2, EVENTS_2, false)));
  return dir;
}

/** Writes the same two matches as v2 API per-match files (each embedding its match) directly in `dir`. */
export function writeHandmadeApiFolder(dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, '5001.json'), JSON.stringify(matchFileOf(MATCH_1, EVENTS_1, true)));
  writeFileSync(join(dir, '5002.json.gz'), gzipSync(JSON.stringify(matchFileOf(MATCH_2, EVENTS_2, true))));
  return dir;
}

/** Writes per-match files (`{events, teams, players}`, no `match`) beside `matches_Testland.json`, with no registries, directly in `dir`. */
export function writeHandmadeFlatFolder(dir: string): string {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'matches_Testland.json'), JSON.stringify([MATCH_1, MATCH_2]));
  writeFileSync(join(dir, '5001.json.gz'), gzipSync(JSON.stringify(matchFileOf(MATCH_1, EVENTS_1, false))));
  writeFileSync(join(dir, '5002.json'), JSON.stringify(matchFileOf(MATCH_2, EVENTS_2, false)));
  return dir;
}

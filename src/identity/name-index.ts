/**
 * The lookup structures behind identity resolution (docs/methodology/identity.md): every player,
 * club and league name normalised once, with order-free keys and an inverted token index, built
 * once per dataset.
 */
import type { RowOf } from '../model/schema.js';
import { normalizeName, tokensOf, withKey } from './names.js';

/** A player as the index holds him: `display` is the name every response shows (known_as, else the name). */
export type PlayerEntry = ReturnType<typeof playerEntryOf>;

/** A club as the index holds it: `tokens` are those of its name and short name together. */
export type TeamEntry = ReturnType<typeof teamEntryOf>;

/** A league as the index holds it. */
export type LeagueEntry = ReturnType<typeof leagueEntryOf>;

/** The lookup structures behind identity resolution, built once per dataset by {@link buildIdentityIndex}. */
export interface IdentityIndex {
  readonly players: readonly PlayerEntry[];
  readonly playerById: ReadonlyMap<number, PlayerEntry>;
  readonly byName: ReadonlyMap<string, PlayerEntry[]>;
  readonly byKnownAs: ReadonlyMap<string, PlayerEntry[]>;
  readonly byKey: ReadonlyMap<string, PlayerEntry[]>;
  /** Token → players whose name or known_as contains it. */
  readonly byToken: ReadonlyMap<string, PlayerEntry[]>;
  readonly teams: readonly TeamEntry[];
  readonly teamById: ReadonlyMap<number, TeamEntry>;
  readonly leagues: readonly LeagueEntry[];
  readonly leagueById: ReadonlyMap<number, LeagueEntry>;
}

/** The columns of `players` the index reads. */
export const PLAYER_INPUT_COLUMNS = ['player_id', 'name', 'known_as', 'team_id', 'position'] as const;
export type PlayerInput = Pick<RowOf<'players'>, (typeof PLAYER_INPUT_COLUMNS)[number]>;
type TeamInput = Pick<RowOf<'teams'>, 'team_id' | 'name' | 'short_name' | 'league_id'>;
type LeagueInput = Pick<RowOf<'leagues'>, 'league_id' | 'name' | 'country'>;

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

/** Tokens sorted and joined; `norm` is the tokens joined in their own order. Most names have one or two tokens, which need no sort. */
function orderFreeKey(norm: string, tokens: readonly string[]): string {
  if (tokens.length < 2) return norm;
  if (tokens.length === 2) return tokens[0] <= tokens[1] ? norm : `${tokens[1]} ${tokens[0]}`;
  return withKey(tokens).key;
}

/** The index entry of one league: its name normalised, as tokens and as an order-free key. */
function leagueEntryOf(l: LeagueInput) {
  const tokens = tokensOf(l.name);
  return {
    id: l.league_id,
    name: l.name,
    country: l.country,
    norm: tokens.join(' '),
    key: withKey(tokens).key,
    tokens,
  };
}

/** The index entry of one club: name and short name normalised, its league's name from `leagueById`. */
function teamEntryOf(t: TeamInput, leagueById: ReadonlyMap<number, LeagueEntry>) {
  const nameTokens = tokensOf(t.name);
  const shortTokens = t.short_name ? tokensOf(t.short_name) : [];
  return {
    id: t.team_id,
    name: t.name,
    league: t.league_id === null ? null : (leagueById.get(t.league_id)?.name ?? null),
    norm: nameTokens.join(' '),
    shortNorm: shortTokens.length > 0 ? shortTokens.join(' ') : null,
    key: withKey(nameTokens).key,
    tokens: [...new Set([...nameTokens, ...shortTokens])],
    nameTokens,
    shortTokens,
    short: shortTokens.length > 0 ? withKey(shortTokens) : null,
  };
}

/** The index entry of one player at `row` of the players table: his names normalised, as tokens and keys. */
function playerEntryOf(p: PlayerInput, row: number) {
  const norm = normalizeName(p.name);
  const tokens = norm === '' ? [] : norm.split(' ');
  const knownNorm = p.known_as ? normalizeName(p.known_as) : '';
  const knownTokens = knownNorm === '' ? [] : knownNorm.split(' ');
  return {
    row,
    id: p.player_id,
    name: p.name,
    display: p.known_as ?? p.name,
    teamId: p.team_id,
    position: p.position,
    norm,
    tokens,
    key: orderFreeKey(norm, tokens),
    knownNorm: knownNorm === '' ? null : knownNorm,
    knownTokens,
    known: knownNorm === '' ? null : { tokens: knownTokens, key: orderFreeKey(knownNorm, knownTokens) },
  };
}

/** Entries grouped by the keys `keysOf` gives each (in entry order; a key given twice lists the entry twice). */
function groupedBy<E>(entries: readonly E[], keysOf: (e: E, add: (key: string) => void) => void): Map<string, E[]> {
  const map = new Map<string, E[]>();
  for (const e of entries) keysOf(e, (key) => push(map, key, e));
  return map;
}

/**
 * Builds the identity index from the players, teams and leagues rows: normalised names,
 * order-free keys and an inverted token index. Linear in the number of rows.
 * @example buildIdentityIndex([{ player_id: 1, name: 'Jörg Müller', known_as: null, team_id: null, position: 'ST' }], [], []).byName.get('jorg muller')?.[0].id // => 1
 */
export function buildIdentityIndex(
  players: readonly PlayerInput[],
  teams: readonly TeamInput[],
  leagues: readonly LeagueInput[],
): IdentityIndex {
  const entries = players.map(playerEntryOf);
  const leagueEntries = leagues.map(leagueEntryOf);
  const leagueById = new Map(leagueEntries.map((l) => [l.id, l]));
  const teamEntries = teams.map((t) => teamEntryOf(t, leagueById));
  return {
    players: entries,
    playerById: new Map(entries.map((e) => [e.id, e])),
    byName: groupedBy(entries, (e, add) => {
      if (e.norm !== '') add(e.norm);
    }),
    byKnownAs: groupedBy(entries, (e, add) => {
      if (e.knownNorm !== null) add(e.knownNorm);
    }),
    byKey: groupedBy(entries, (e, add) => {
      if (e.key !== '') add(e.key);
    }),
    byToken: groupedBy(entries, (e, add) => {
      for (const t of e.tokens) add(t);
      for (const t of e.knownTokens) if (!e.tokens.includes(t)) add(t);
    }),
    teams: teamEntries,
    teamById: new Map(teamEntries.map((t) => [t.id, t])),
    leagues: leagueEntries,
    leagueById,
  };
}

/**
 * The lookup structures behind identity resolution (docs/methodology/identity.md): every player,
 * club and league name normalised once into tokens and an order-free key, built once per dataset.
 */
import type { RowOf } from '../model/schema.js';
import { tokensOf, withKey } from './names.js';

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
  readonly teams: readonly TeamEntry[];
  readonly teamById: ReadonlyMap<number, TeamEntry>;
  readonly leagues: readonly LeagueEntry[];
  readonly leagueById: ReadonlyMap<number, LeagueEntry>;
}

/** The columns of `players` the index reads. */
export const PLAYER_INPUT_COLUMNS = ['player_id', 'name', 'known_as', 'team_id', 'position'] as const;
type PlayerInput = Pick<RowOf<'players'>, (typeof PLAYER_INPUT_COLUMNS)[number]>;
type TeamInput = Pick<RowOf<'teams'>, 'team_id' | 'name' | 'short_name' | 'league_id'>;
type LeagueInput = Pick<RowOf<'leagues'>, 'league_id' | 'name' | 'country'>;

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
    short: shortTokens.length > 0 ? withKey(shortTokens) : null,
  };
}

/** The index entry of one player at `row` of the players table: his names normalised, as tokens and keys. */
function playerEntryOf(p: PlayerInput, row: number) {
  const tokens = tokensOf(p.name);
  const knownTokens = p.known_as ? tokensOf(p.known_as) : [];
  return {
    row,
    id: p.player_id,
    display: p.known_as ?? p.name,
    teamId: p.team_id,
    position: p.position,
    norm: tokens.join(' '),
    tokens,
    key: withKey(tokens).key,
    knownNorm: knownTokens.length > 0 ? knownTokens.join(' ') : null,
    knownTokens,
    known: knownTokens.length > 0 ? withKey(knownTokens) : null,
  };
}

/**
 * Builds the identity index from the players, teams and leagues rows: normalised names and
 * order-free keys. Linear in the number of rows.
 * @example buildIdentityIndex([{ player_id: 1, name: 'Jörg Müller', known_as: null, team_id: null, position: 'ST' }], [], []).players[0].norm // => 'jorg muller'
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
    teams: teamEntries,
    teamById: new Map(teamEntries.map((t) => [t.id, t])),
    leagues: leagueEntries,
    leagueById,
  };
}

/**
 * The lookup structures behind identity resolution (docs/methodology/identity.md): every player,
 * club and league name normalised once, with order-free keys and an inverted token index, built
 * once per dataset, each when a lookup first needs it.
 */
import type { RowOf } from '../model/schema.js';
import { normalizeName, tokensOf, type NameTokens } from './names.js';

/** A player as the index holds him. */
export interface PlayerEntry {
  row: number;
  id: number;
  name: string;
  /** The name every response shows: known_as, else the name. */
  display: string;
  teamId: number | null;
  position: string;
  norm: string;
  tokens: string[];
  key: string;
  knownNorm: string | null;
  knownTokens: string[];
  /** known_as tokens and key, or null. */
  known: NameTokens | null;
}

/** A club as the index holds it. */
export interface TeamEntry {
  id: number;
  name: string;
  league: string | null;
  norm: string;
  shortNorm: string | null;
  key: string;
  /** Tokens of name and short name together. */
  tokens: string[];
  nameTokens: string[];
  shortTokens: string[];
  /** Short-name tokens and key, or null. */
  short: NameTokens | null;
}

/** A league as the index holds it. */
export interface LeagueEntry {
  id: number;
  name: string;
  country: string | null;
  norm: string;
  key: string;
  tokens: string[];
}

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

export type PlayerInput = Pick<RowOf<'players'>, 'player_id' | 'name' | 'known_as' | 'team_id' | 'position'>;
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
  return [...tokens].sort().join(' ');
}

/** The index entry of one league: its name normalised, as tokens and as an order-free key. */
function leagueEntryOf(l: LeagueInput): LeagueEntry {
  const tokens = tokensOf(l.name);
  return {
    id: l.league_id,
    name: l.name,
    country: l.country,
    norm: tokens.join(' '),
    key: [...tokens].sort().join(' '),
    tokens,
  };
}

/** The index entry of one club: name and short name normalised, its league's name from `leagueById`. */
function teamEntryOf(t: TeamInput, leagueById: ReadonlyMap<number, LeagueEntry>): TeamEntry {
  const nameTokens = tokensOf(t.name);
  const shortTokens = t.short_name ? tokensOf(t.short_name) : [];
  return {
    id: t.team_id,
    name: t.name,
    league: t.league_id === null ? null : (leagueById.get(t.league_id)?.name ?? null),
    norm: nameTokens.join(' '),
    shortNorm: shortTokens.length > 0 ? shortTokens.join(' ') : null,
    key: [...nameTokens].sort().join(' '),
    tokens: [...new Set([...nameTokens, ...shortTokens])],
    nameTokens,
    shortTokens,
    short: shortTokens.length > 0 ? { tokens: shortTokens, key: [...shortTokens].sort().join(' ') } : null,
  };
}

/**
 * The identity columns of the players an index is built from, in table order; each is read when
 * first asked for (`playerColumnsOf` in player-inputs.ts reads them from a `players` table).
 */
export interface PlayerColumns {
  readonly length: number;
  ids(): readonly number[];
  names(): readonly string[];
  knownAs(): readonly (string | null)[];
  teamIds(): readonly (number | null)[];
  positions(): readonly string[];
}

/**
 * The columns of a list of players.
 * @example columnsOfPlayers([{ player_id: 7, name: 'Ana', known_as: null, team_id: null, position: 'ST' }]).ids() // => [7]
 */
export function columnsOfPlayers(players: readonly PlayerInput[]): PlayerColumns {
  const column = <T>(of: (p: PlayerInput) => T): (() => T[]) => {
    let values: T[] | undefined;
    return () => (values ??= players.map(of));
  };
  return {
    length: players.length,
    ids: column((p) => p.player_id),
    names: column((p) => p.name),
    knownAs: column((p) => p.known_as),
    teamIds: column((p) => p.team_id),
    positions: column((p) => p.position),
  };
}

/** The normalised known-as name of a player, its tokens and key; null norm when he has none. */
interface KnownName {
  norm: string | null;
  tokens: string[];
  known: NameTokens | null;
}

/**
 * A player as the index holds him: a row of the columns, whose fields are read and whose names
 * are normalised when first asked for, so the first lookup by name normalises the names and reads
 * nothing else (docs/design.md#opening-a-dataset).
 */
class IndexedPlayer implements PlayerEntry {
  readonly row: number;
  private readonly columns: PlayerColumns;
  /** Every player's normalised name, shared with the index (which fills it whole for `byName`). */
  private readonly norms: (string | undefined)[];
  private split: string[] | undefined;
  private sortedKey: string | undefined;
  private knownName: KnownName | undefined;

  constructor(columns: PlayerColumns, norms: (string | undefined)[], row: number) {
    this.columns = columns;
    this.norms = norms;
    this.row = row;
  }

  get id(): number {
    return this.columns.ids()[this.row];
  }
  get name(): string {
    return this.columns.names()[this.row];
  }
  get display(): string {
    return this.columns.knownAs()[this.row] ?? this.name;
  }
  get teamId(): number | null {
    return this.columns.teamIds()[this.row];
  }
  get position(): string {
    return this.columns.positions()[this.row];
  }
  get norm(): string {
    this.norms[this.row] ??= normalizeName(this.name);
    return this.norms[this.row]!;
  }
  get tokens(): string[] {
    this.split ??= this.norm === '' ? [] : this.norm.split(' ');
    return this.split;
  }
  get key(): string {
    this.sortedKey ??= orderFreeKey(this.norm, this.tokens);
    return this.sortedKey;
  }
  get knownNorm(): string | null {
    return this.knownNameOf().norm;
  }
  get knownTokens(): string[] {
    return this.knownNameOf().tokens;
  }
  get known(): NameTokens | null {
    return this.knownNameOf().known;
  }
  private knownNameOf(): KnownName {
    if (!this.knownName) {
      const knownAs = this.columns.knownAs()[this.row];
      const norm = knownAs ? normalizeName(knownAs) : '';
      const tokens = norm === '' ? [] : norm.split(' ');
      this.knownName =
        norm === ''
          ? { norm: null, tokens, known: null }
          : { norm, tokens, known: { tokens, key: orderFreeKey(norm, tokens) } };
    }
    return this.knownName;
  }
}

/** Entries grouped by the keys `keysOf` gives each (in entry order; a key given twice lists the entry twice). */
function groupedBy<E>(entries: readonly E[], keysOf: (e: E, add: (key: string) => void) => void): Map<string, E[]> {
  const map = new Map<string, E[]>();
  for (const e of entries) keysOf(e, (key) => push(map, key, e));
  return map;
}

/**
 * The identity index, each structure built when a lookup first needs it: the entries when a
 * player is first looked up, the exact-name map on the first lookup by name, the known-as, token-key
 * and token maps only when a name is not found at the levels before them (resolve.ts), so the first
 * answer about a player named exactly builds one map (docs/design.md#opening-a-dataset). The answers
 * are those of the index built at once ({@link buildIdentityIndex} builds this one whole).
 * @example new LazyIdentityIndex(columnsOfPlayers([{ player_id: 1, name: 'Jörg Müller', known_as: null, team_id: null, position: 'ST' }]), () => [], () => []).byName.get('jorg muller')?.[0].id // => 1
 */
export class LazyIdentityIndex implements IdentityIndex {
  private readonly columns: PlayerColumns;
  private readonly norms: (string | undefined)[];
  private readonly teamInputs: () => readonly TeamInput[];
  private readonly leagueInputs: () => readonly LeagueInput[];
  private built: {
    players?: PlayerEntry[];
    playerById?: Map<number, PlayerEntry>;
    byName?: Map<string, PlayerEntry[]>;
    byKnownAs?: Map<string, PlayerEntry[]>;
    byKey?: Map<string, PlayerEntry[]>;
    byToken?: Map<string, PlayerEntry[]>;
    leagues?: LeagueEntry[];
    leagueById?: Map<number, LeagueEntry>;
    teams?: TeamEntry[];
    teamById?: Map<number, TeamEntry>;
  } = {};

  /** `teams` and `leagues` are called once, when a lookup first needs a club or a league. */
  constructor(players: PlayerColumns, teams: () => readonly TeamInput[], leagues: () => readonly LeagueInput[]) {
    this.columns = players;
    this.norms = new Array(players.length);
    this.teamInputs = teams;
    this.leagueInputs = leagues;
  }

  get players(): readonly PlayerEntry[] {
    if (!this.built.players) {
      const players: PlayerEntry[] = new Array(this.columns.length);
      for (let row = 0; row < players.length; row++) players[row] = new IndexedPlayer(this.columns, this.norms, row);
      this.built.players = players;
    }
    return this.built.players;
  }
  get playerById(): ReadonlyMap<number, PlayerEntry> {
    this.built.playerById ??= new Map(this.players.map((e) => [e.id, e]));
    return this.built.playerById;
  }
  get byName(): ReadonlyMap<string, PlayerEntry[]> {
    if (!this.built.byName) {
      // One plain loop over the names: the first lookup by name runs it on cold code.
      const players = this.players;
      const names = this.columns.names();
      const norms = this.norms;
      const byName = new Map<string, PlayerEntry[]>();
      for (let row = 0; row < players.length; row++) {
        const norm = (norms[row] ??= normalizeName(names[row]));
        if (norm !== '') push(byName, norm, players[row]);
      }
      this.built.byName = byName;
    }
    return this.built.byName;
  }
  get byKnownAs(): ReadonlyMap<string, PlayerEntry[]> {
    this.built.byKnownAs ??= groupedBy(this.players, (e, add) => {
      if (e.knownNorm !== null) add(e.knownNorm);
    });
    return this.built.byKnownAs;
  }
  get byKey(): ReadonlyMap<string, PlayerEntry[]> {
    this.built.byKey ??= groupedBy(this.players, (e, add) => {
      if (e.key !== '') add(e.key);
    });
    return this.built.byKey;
  }
  get byToken(): ReadonlyMap<string, PlayerEntry[]> {
    this.built.byToken ??= groupedBy(this.players, (e, add) => {
      for (const t of e.tokens) add(t);
      for (const t of e.knownTokens) if (!e.tokens.includes(t)) add(t);
    });
    return this.built.byToken;
  }
  get leagues(): readonly LeagueEntry[] {
    this.built.leagues ??= this.leagueInputs().map(leagueEntryOf);
    return this.built.leagues;
  }
  get leagueById(): ReadonlyMap<number, LeagueEntry> {
    this.built.leagueById ??= new Map(this.leagues.map((l) => [l.id, l]));
    return this.built.leagueById;
  }
  get teams(): readonly TeamEntry[] {
    this.built.teams ??= this.teamInputs().map((t) => teamEntryOf(t, this.leagueById));
    return this.built.teams;
  }
  get teamById(): ReadonlyMap<number, TeamEntry> {
    this.built.teamById ??= new Map(this.teams.map((t) => [t.id, t]));
    return this.built.teamById;
  }

  /** Builds every structure and every entry's names now; returns the index. */
  complete(): this {
    // The maps read every entry's id, name, tokens, key and known-as tokens; the rest is read here.
    for (const e of this.players) e.known && e.display && e.teamId && e.position;
    for (const map of [this.playerById, this.byName, this.byKnownAs, this.byKey, this.byToken, this.teamById]) map.size;
    return this;
  }
}

/**
 * Builds the identity index from the players, teams and leagues rows, whole: normalised names,
 * order-free keys and an inverted token index. Linear in the number of rows (≈ 5 ms for 4,000
 * players). The engine builds its index as lookups need it ({@link LazyIdentityIndex}).
 * @example buildIdentityIndex([{ player_id: 1, name: 'Jörg Müller', known_as: null, team_id: null, position: 'ST' }], [], []).players.length // => 1
 */
export function buildIdentityIndex(
  players: readonly PlayerInput[],
  teams: readonly TeamInput[],
  leagues: readonly LeagueInput[],
): IdentityIndex {
  return new LazyIdentityIndex(
    columnsOfPlayers(players),
    () => teams,
    () => leagues,
  ).complete();
}

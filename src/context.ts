/**
 * @module The read-only view of one loaded dataset that every operation works from. `Engine`
 * implements it; pure operation modules take it as their first argument (type-only import, so
 * no layer depends on the engine at run time).
 */
import type { Dataset, RowOf } from './model/schema.js';
import type { DerivedSeasons } from './stats/derived.js';
import type { Result } from './errors.js';
import type { PlayerQuery, ResolvedPlayer } from './identity/resolve.js';
import type { StyleSummary } from './dna/clear-role.js';

export type { PlayerQuery } from './identity/resolve.js';
export type { Resolution } from './identity/name-match.js';

export type PlayerRow = RowOf<'players'>;
export type TeamRow = RowOf<'teams'>;
export type LeagueRow = RowOf<'leagues'>;
export type SeasonRow = RowOf<'seasons'>;
export type PlayerSeasonRow = RowOf<'player_seasons'>;

/** Style tags of one player-season, as shown in responses (its schema is in src/dna/clear-role.ts). */
export type { StyleSummary } from './dna/clear-role.js';

export interface EngineContext {
  readonly dataset: Dataset;
  readonly derived: DerivedSeasons;
  /** The dataset's as-of date, `YYYY-MM-DD`. */
  readonly asOf: string;
  /** "Now" for relative questions (upcoming/recent fixtures, ages): the injected clock, else the as-of date. */
  now(): Date;
  /** All players, in table order. */
  readonly players: readonly PlayerRow[];
  playerById(id: number): PlayerRow | undefined;
  teamById(id: number): TeamRow | undefined;
  leagueById(id: number): LeagueRow | undefined;
  seasonById(id: number): SeasonRow | undefined;
  /** Resolves a player by id or name (+ team hint): `player_not_found` / `ambiguous_player` as failures. */
  resolvePlayer(query: PlayerQuery): Result<ResolvedPlayer>;
  /** The recorded `player_seasons` row behind derived row `row` (same order). */
  playerSeasonAt(row: number): PlayerSeasonRow;
  /** Derived row indices of a player's seasons, oldest first (empty when he has none). */
  rowsOfPlayer(id: number): readonly number[];
  /** Derived row index of a player's latest season with the most minutes (a club season before a later tournament), or -1. */
  latestRowOf(id: number): number;
  /** Style tags of derived row `row`, or null when it has no DNA vector. */
  styleOf(row: number): StyleSummary | null;
  /** Age in whole years on {@link now}, or null without a birth date. */
  ageOf(player: PlayerRow): number | null;
}

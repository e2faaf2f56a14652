/**
 * @module The read-only view of one loaded dataset that every operation works from. `Engine`
 * implements it; pure operation modules take it as their first argument (type-only import, so
 * no layer depends on the engine at run time).
 */
import type { Dataset, RowOf } from './data/schema.js';
import type { DerivedSeasons } from './stats/derived.js';

export type PlayerRow = RowOf<'players'>;
export type TeamRow = RowOf<'teams'>;
export type LeagueRow = RowOf<'leagues'>;
export type SeasonRow = RowOf<'seasons'>;

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
  /** Derived row indices of a player's seasons, oldest first (empty when he has none). */
  rowsOfPlayer(id: number): readonly number[];
  /** Derived row index of a player's latest season with the most minutes, or -1. */
  latestRowOf(id: number): number;
  /** Age in whole years on {@link now}, or null without a birth date. */
  ageOf(player: PlayerRow): number | null;
}

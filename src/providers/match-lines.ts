/**
 * The per-player lines of one match, the part every event provider's match summary shares
 * (docs/methodology/statsbomb.md, docs/methodology/wyscout.md): a line per player created on his
 * first mention, goals conceded by the players on the pitch, and clean sheets.
 */
import { emptyTotals, type CountingTotals } from './counting-totals.js';

/** The fields of a player's match line that every event provider fills. */
export interface MatchLineBase {
  player_id: number;
  team_id: number;
  /** True when he had time on the pitch (an appearance). */
  appeared: boolean;
  /** True when he was in the starting lineup. */
  started: boolean;
  /** True when a red card or second yellow ended his match. */
  sent_off: boolean;
  /** Clock seconds on the pitch, stoppage time included. */
  clock_seconds: number;
  totals: CountingTotals;
}

/** A match's player lines while its events are folded. */
export interface MatchLines<L extends MatchLineBase> {
  /** Lines by player id, in order of first mention. */
  readonly lines: Map<number, L>;
  /** The line of a player, created for team `teamId` on his first mention. */
  lineOf(playerId: number, teamId: number): L;
  /** Adds a goal conceded to each player of `teamId` among `onPitch` (player ids). */
  concede(onPitch: Iterable<number>, teamId: number): void;
  /** Gives a clean sheet to each line that appeared, has `minMinutes` nominal minutes or more and conceded nothing. */
  awardCleanSheets(nominalSecondsOf: (line: L) => number, minMinutes: number): void;
}

/**
 * Empty match lines whose new lines carry the provider's own fields from `extra` (zeroed times,
 * location sums, positions).
 * @example matchLinesOf(() => ({})).lineOf(7, 1).appeared // => false
 */
export function matchLinesOf<L extends MatchLineBase>(extra: () => Omit<L, keyof MatchLineBase>): MatchLines<L> {
  const lines = new Map<number, L>();
  return {
    lines,
    lineOf(playerId, teamId) {
      let line = lines.get(playerId);
      if (!line) {
        line = {
          player_id: playerId,
          team_id: teamId,
          appeared: false,
          started: false,
          sent_off: false,
          clock_seconds: 0,
          totals: emptyTotals(),
          ...extra(),
        } as L; // cast: extra() gives exactly the fields of L beyond MatchLineBase, which a spread cannot prove.
        lines.set(playerId, line);
      }
      return line;
    },
    concede(onPitch, teamId) {
      for (const playerId of onPitch) {
        const line = lines.get(playerId)!;
        if (line.team_id === teamId) line.totals.goals_conceded += 1;
      }
    },
    awardCleanSheets(nominalSecondsOf, minMinutes) {
      for (const line of lines.values()) {
        if (line.appeared && nominalSecondsOf(line) >= minMinutes * 60 && line.totals.goals_conceded === 0)
          line.totals.clean_sheets = 1;
      }
    },
  };
}

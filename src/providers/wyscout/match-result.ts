/**
 * What one played match gives the season, computed from its per-match file alone: the file's
 * teams and players, the screened anomalies and the per-match summary ({@link matchSummaryOf}).
 * The same function runs in-thread and on the ingest workers (./match-worker.ts), so both give
 * the same dataset byte for byte; its result is plain data (structured-clone safe).
 */
import { screenedMatchOf } from './match-quirks.js';
import { matchSummaryOf, type MatchSummary, type PlayerMatchLine } from './match-summary.js';
import type { WyscoutMatch, WyscoutMatchFile, WyscoutPlayer, WyscoutTeam } from './read.js';

/**
 * A player line as the fold reads it: its zone counts may be any array of numbers, since a worker
 * posts them as views of one transferred Float64Array (./match-worker.ts).
 */
export type FoldedLine = Omit<PlayerMatchLine, 'zones'> & { zones: ArrayLike<number> };

/** One match's contribution, before it is folded into the season. */
export interface MatchResult {
  teams: [number, WyscoutTeam][];
  /** The file's players who have a line in the summary (the fold reads no other). */
  players: [number, WyscoutPlayer][];
  /** Screened quirks (docs/methodology/wyscout.md#anomalies), each `match <id>: …`. */
  anomalies: string[];
  summary: Omit<MatchSummary, 'lines'> & { lines: FoldedLine[] };
}

/**
 * The {@link MatchResult} of `match` from its read file `data`. `registryRole` gives the role of a
 * player the file does not embed (players.json); a player known to neither is screened out first.
 * @example matchResultOf(match, readMatchFile(path, file), () => undefined, file).summary.events // => 1,700-ish
 */
export function matchResultOf(
  match: WyscoutMatch,
  data: WyscoutMatchFile,
  registryRole: (playerId: number) => string | undefined,
  file: string,
): MatchResult {
  const roleOf = (id: number): string | undefined => data.players.get(id)?.role.code2 ?? registryRole(id);
  const screened = screenedMatchOf(match, data, (id) => roleOf(id) !== undefined);
  const summary = matchSummaryOf(screened.match, screened.events, (id) => roleOf(id) === 'GK', file);
  // Only the players the fold looks up: a worker posts this result, and each player costs a copy.
  const players: [number, WyscoutPlayer][] = [];
  for (const line of summary.lines) {
    const info = data.players.get(line.player_id);
    if (info) players.push([line.player_id, info]);
  }
  return { teams: [...data.teams], players, anomalies: screened.anomalies, summary };
}

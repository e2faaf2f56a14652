/**
 * What one played match gives the season, computed from its per-match file alone: the file's
 * teams and players, the screened anomalies and the per-match summary ({@link matchSummaryOf}).
 * The same function runs in-thread and on the ingest workers (./match-worker.ts), so both give
 * the same dataset byte for byte; its result is plain data (structured-clone safe). One odd match
 * never stops a season: before a match is folded, what other loaders trip over is screened and
 * reported as an anomaly naming the match, and the rest of the match is kept (each quirk and what
 * is done with it: docs/methodology/wyscout.md#anomalies).
 */
import { matchSummaryOf, type MatchSummary, type PlayerMatchLine } from './match-summary.js';
import type { WyscoutEvent, WyscoutMatch, WyscoutMatchFile, WyscoutPlayer, WyscoutTeam } from './read.js';
import { COUNTED_PERIODS, EVENT, PERIOD_NOMINAL_SECONDS } from './mapping.js';

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

/** A period shorter than its nominal window by more than this (seconds) is reported as cut short. */
export const SHORT_PERIOD_SLACK_SECONDS = 300;
/** More than this share of events without a player is reported (a real match has few such events). */
export const PLAYERLESS_SHARE_MAX = 0.5;

/** The periods a match of each `duration` must have, with their nominal length in seconds. */
const periodsUpTo = (n: number) => COUNTED_PERIODS.slice(0, n).map((p) => [p, PERIOD_NOMINAL_SECONDS[p]] as const);
const EXPECTED_PERIODS: Readonly<Record<string, readonly (readonly [string, number])[]>> = {
  Regular: periodsUpTo(2),
  ExtraTime: periodsUpTo(4),
  Penalties: periodsUpTo(4),
};

/**
 * Lineups, benches and substitutions without the players `unresolved` holds (0, the entry without
 * an id, always among them): a substitution whose outgoing player is unresolved is dropped; one
 * whose incoming player is unresolved keeps its outgoing player and brings on player 0, nobody.
 */
function withoutPlayers(match: WyscoutMatch, unresolved: ReadonlySet<number>): WyscoutMatch {
  const teamsData = Object.fromEntries(
    Object.entries(match.teamsData).map(([key, t]) => {
      const f = t.formation;
      if (!f) return [key, t];
      const keep = (list: { playerId: number }[] | null | undefined) =>
        list?.filter((p) => !unresolved.has(p.playerId));
      const subs = Array.isArray(f.substitutions)
        ? f.substitutions
            .filter((s) => !unresolved.has(s.playerOut))
            .map((s) => (unresolved.has(s.playerIn) ? { ...s, playerIn: 0 } : s))
        : f.substitutions;
      return [key, { ...t, formation: { ...f, lineup: keep(f.lineup), bench: keep(f.bench), substitutions: subs } }];
    }),
  );
  return { ...match, teamsData };
}

/** Whether any lineup, bench or substitution of `match` names a player `unresolved` holds. */
function namesAny(match: WyscoutMatch, unresolved: ReadonlySet<number>): boolean {
  return Object.values(match.teamsData).some((t) => {
    const f = t.formation;
    const listed = [...(f?.lineup ?? []), ...(f?.bench ?? [])].some((p) => unresolved.has(p.playerId));
    const subs = Array.isArray(f?.substitutions) ? f.substitutions : [];
    return listed || subs.some((s) => unresolved.has(s.playerIn) || unresolved.has(s.playerOut));
  });
}

/**
 * Notes on the references of `match`'s teamsData that name no player (id 0: null, missing or not a
 * number in the file), per team and list, and on each substitution that loses a player.
 */
function unresolvedReferenceNotes(match: WyscoutMatch, unresolved: ReadonlySet<number>): string[] {
  const notes: string[] = [];
  for (const t of Object.values(match.teamsData)) {
    const f = t.formation;
    const zeros = (list: { playerId: number }[] | null | undefined) =>
      (list ?? []).filter((p) => p.playerId === 0).length;
    const where = [
      [zeros(f?.lineup), 'lineup'],
      [zeros(f?.bench), 'bench'],
    ] as const;
    for (const [n, list] of where)
      if (n > 0)
        notes.push(`team ${t.teamId}: ${n} ${list} entr${n === 1 ? 'y names' : 'ies name'} no player id (left out)`);
    for (const s of Array.isArray(f?.substitutions) ? f.substitutions : []) {
      const who = (id: number) => (id === 0 ? 'no player id' : `unknown player ${id}`);
      if (unresolved.has(s.playerOut))
        notes.push(
          `team ${t.teamId}: substitution at minute ${s.minute} takes off ${who(s.playerOut)}: not applied, player ${s.playerIn} is not brought on`,
        );
      else if (unresolved.has(s.playerIn))
        notes.push(
          `team ${t.teamId}: substitution at minute ${s.minute} brings on ${who(s.playerIn)}: player ${s.playerOut} goes off, nobody comes on`,
        );
    }
  }
  return notes;
}

/** Notes on the teams of `match`'s teamsData: a key that is not its team's id, one team on both sides. */
function teamReferenceNotes(match: WyscoutMatch): string[] {
  const notes: string[] = [];
  for (const [key, t] of Object.entries(match.teamsData))
    if (key !== String(t.teamId)) notes.push(`teamsData key "${key}" holds team ${t.teamId}: the team id is used`);
  const ids = Object.values(match.teamsData).map((t) => t.teamId);
  if (new Set(ids).size < ids.length) notes.push(`team ${ids[0]} is on both sides`);
  return notes;
}

/** The time of each period's last event, by period name. */
function lastSecondOfEachPeriod(events: readonly WyscoutEvent[]): Map<string, number> {
  const last = new Map<string, number>();
  for (const e of events) last.set(e.matchPeriod, Math.max(last.get(e.matchPeriod) ?? 0, e.eventSec));
  return last;
}

/** The ids, other than 0, among `listed` and the events' players that `isKnown` does not know. */
function unknownPlayersOf(
  listed: readonly number[],
  events: readonly WyscoutEvent[],
  isKnown: (playerId: number) => boolean,
): Set<number> {
  const ids = new Set<number>(listed);
  for (const e of events) ids.add(e.playerId);
  ids.delete(0);
  return new Set([...ids].filter((id) => !isKnown(id)));
}

/** Notes on the periods: a missing or short period, extra time, a shoot-out, a shot last. */
function periodNotes(match: WyscoutMatch, events: readonly WyscoutEvent[]): string[] {
  const notes: string[] = [];
  const last = lastSecondOfEachPeriod(events);
  for (const [period, nominal] of EXPECTED_PERIODS[match.duration ?? 'Regular'] ?? []) {
    const end = last.get(period);
    if (end === undefined) notes.push(`no events in period ${period} (events cut short?)`);
    else if (end < nominal - SHORT_PERIOD_SLACK_SECONDS)
      notes.push(
        `events of period ${period} end at ${Math.floor(end / 60)}:${String(Math.floor(end % 60)).padStart(2, '0')}, before its nominal ${nominal / 60}:00 (events cut short?): minutes run to the last event`,
      );
  }
  if (last.has('E1') || last.has('E2')) notes.push('extra time (E1, E2): counted, 120 nominal minutes');
  if (last.has('P')) notes.push('penalty shoot-out (P): its events are not counted');
  const lastEvent = events[events.length - 1];
  if (lastEvent && lastEvent.eventId === EVENT.shot) notes.push('the last event is a shot');
  return notes;
}

/**
 * Screens one match before it is folded (see the module note): the match ready to fold, its
 * (possibly trimmed) match object and events, and what was screened. `isKnown` says whether a
 * player id is in the file's players or players.json.
 * @example screenedMatchOf(match, file, () => true).anomalies // => [] for an ordinary match
 */
function screenedMatchOf(match: WyscoutMatch, file: WyscoutMatchFile, isKnown: (playerId: number) => boolean) {
  const notes: string[] = [];
  if (file.badEvents.length > 0) {
    const first = file.badEvents[0];
    notes.push(`${file.badEvents.length} unreadable events dropped (first: row ${first.row}, ${first.problem})`);
  }
  if (file.badRosterEntries > 0)
    notes.push(`${file.badRosterEntries} empty or unreadable roster entries in the file's players (skipped)`);
  const sides = new Set(Object.values(match.teamsData).map((t) => t.teamId));
  const foreign = file.events.filter((e) => !sides.has(e.teamId));
  if (foreign.length > 0)
    notes.push(
      `${foreign.length} events of team ${[...new Set(foreign.map((e) => e.teamId))].join(', ')}, neither side of the match, dropped`,
    );
  notes.push(...teamReferenceNotes(match));
  const listed = Object.values(match.teamsData).flatMap((t) => [
    ...(t.formation?.lineup ?? []).map((p) => p.playerId),
    ...(t.formation?.bench ?? []).map((p) => p.playerId),
    ...(Array.isArray(t.formation?.substitutions)
      ? t.formation.substitutions.flatMap((s) => [s.playerIn, s.playerOut])
      : []),
  ]);
  const unknown = unknownPlayersOf(listed, file.events, isKnown);
  if (unknown.size > 0)
    notes.push(
      `player${unknown.size === 1 ? '' : 's'} ${[...unknown].sort((a, b) => a - b).join(', ')} in no roster nor players.json: events kept without a player, left out of lineups and substitutions`,
    );
  // In a lineup, on a bench or in a substitution, 0 is an entry without a player id (in events it is an event without a player).
  const unresolved = new Set([0, ...unknown]);
  notes.push(...unresolvedReferenceNotes(match, unresolved));
  // Most matches need neither fix: their events are passed on as they are, not copied.
  const events =
    foreign.length === 0 && unknown.size === 0
      ? file.events
      : file.events
          .filter((e) => sides.has(e.teamId))
          .map((e) => (unknown.has(e.playerId) ? { ...e, playerId: 0 } : e));
  for (const t of Object.values(match.teamsData))
    if ((t.formation?.lineup ?? []).length === 0)
      notes.push(`team ${t.teamId} has no lineup: its players get no minutes`);
  let playerless = 0;
  for (const e of events) if (e.playerId === 0) playerless++;
  if (events.length > 0 && playerless / events.length > PLAYERLESS_SHARE_MAX)
    notes.push(`${playerless} of ${events.length} events name no player`);
  notes.push(...periodNotes(match, events));
  const screened = namesAny(match, unresolved) ? withoutPlayers(match, unresolved) : match;
  return { match: screened, events, anomalies: notes.map((n) => `match ${match.wyId}: ${n}`) };
}

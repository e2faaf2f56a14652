/**
 * Reading a Sportec (DFL) match: the match information XML (teams, lineups, result, kick-off) and
 * the events XML (docs/providers.md#sportec), into the shared Opta-vocabulary match the fold
 * reads. The match clock and which way each team attacks come from the `KickOff` events' game
 * sections and the first half's `TeamLeft`; coordinates are converted once, here.
 */
import * as z from 'zod';
import { DatasetError } from '../../model/dataset-error.js';
import type { OptaEvent, OptaLineupPlayer, OptaMatch, OptaTeam } from '../opta/match.js';
import { OPTA_PERIOD_WINDOW_SECONDS, TYPE, numericIdOf } from '../opta/mapping.js';
import { sortedEvents } from '../opta/events.js';
import { childOf, descendantsOf, firstDescendantOf, type XmlElement } from '../xml.js';
import { GAME_SECTION, positionCodeOfSportec, sportecPitchPointOf } from './mapping.js';
import { type SportecContext, type SportecEventBase, sportecEventsOf } from './events.js';
import { feedEventsById, linkedAssistsOf, scoreCheckedOf } from './event-checks.js';

const Score = z.string().regex(/^\d+:\d+$/, 'a result like "1:0"');
const INSTANT = 'an ISO date and time';
const Instant = z.string().refine((s) => Number.isFinite(Date.parse(s)), INSTANT);
const Decimal = z.string().regex(/^-?\d+(\.\d+)?$/, 'a decimal number');

const General = z.object({
  MatchId: z.string().min(1),
  CompetitionName: z.string().default('Sportec competition'),
  CompetitionId: z.string().min(1),
  Season: z.string().min(1),
  SeasonId: z.string().min(1),
  KickoffTime: Instant,
  HomeTeamId: z.string().min(1),
  GuestTeamId: z.string().min(1),
  Result: Score.optional(),
});

const TeamAttrs = z.object({
  TeamId: z.string().min(1),
  TeamName: z.string().min(1),
  Role: z.enum(['home', 'guest']),
  LineUp: z.string().optional(),
});

const PlayerAttrs = z.object({
  PersonId: z.string().min(1),
  Shortname: z.string().optional(),
  FirstName: z.string().optional(),
  LastName: z.string().optional(),
  Starting: z.enum(['true', 'false']),
  PlayingPosition: z.string().optional(),
});

// An event's EventTime is checked as an instant where baseOf reads it, with one Date.parse per
// event: a refine here would parse it a second time, through zod's slower check path.
const EventAttrs = z.object({
  EventId: z.string().regex(/^\d+$/, 'a number'),
  EventTime: z.string(),
  'X-Position': Decimal.optional(),
  'Y-Position': Decimal.optional(),
});

/** Attributes parsed by `schema`, or a DatasetError naming the file, the element and the attribute. */
function attrsOf<T>(schema: z.ZodType<T>, e: XmlElement, file: string, row: number | null = null): T {
  const r = schema.safeParse(e.attributes);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const field = `${e.name}.${issue.path.join('.')}`;
  throw new DatasetError(
    file,
    field,
    row,
    `${issue.message} (got ${JSON.stringify(e.attributes[String(issue.path[0])] ?? null)})`,
  );
}

function teamOf(t: XmlElement, file: string) {
  const a = attrsOf(TeamAttrs, t, file);
  const teamId = numericIdOf(a.TeamId);
  const lineup: OptaLineupPlayer[] = descendantsOf(t, 'Player').map((p, i) => {
    const pa = attrsOf(PlayerAttrs, p, file, i);
    const name = pa.Shortname || [pa.FirstName, pa.LastName].filter(Boolean).join(' ') || null;
    const started = pa.Starting === 'true';
    return {
      playerId: numericIdOf(pa.PersonId),
      teamId,
      name,
      started,
      position: positionCodeOfSportec(pa.PlayingPosition) ?? 'CM',
    };
  });
  const side: OptaTeam = { teamId, name: a.TeamName, formation: a.LineUp?.split(' ')[0] ?? null };
  return { dflId: a.TeamId, role: a.Role, side, lineup };
}

/** When each period started (epoch ms), from the `KickOff` events that name a game section. */
function periodStartsOf(events: readonly XmlElement[], kickoffMs: number): Map<number, number> {
  const starts = new Map<number, number>([[1, kickoffMs]]);
  for (const e of events) {
    const k = childOf(e, 'KickOff');
    const period = GAME_SECTION[k?.attributes.GameSection ?? ''];
    if (period !== undefined) starts.set(period, Date.parse(e.attributes.EventTime ?? ''));
  }
  return starts;
}

/** The period of an instant: the last period started at or before it (period 1 before any). */
function periodAt(starts: ReadonlyMap<number, number>, ms: number): number {
  let period = 1;
  for (const [p, start] of starts) if (start <= ms && p > period) period = p;
  return period;
}

/** The team on the left (defending x = 0) in the first half, from its `KickOff`; a DatasetError when none says. */
function firstHalfLeftOf(events: readonly XmlElement[], file: string): string {
  for (const e of events) {
    const k = childOf(e, 'KickOff');
    if (k?.attributes.GameSection === 'firstHalf' && k.attributes.TeamLeft) return k.attributes.TeamLeft;
  }
  throw new DatasetError(
    file,
    'KickOff.TeamLeft',
    null,
    'no first-half KickOff names TeamLeft, so which way each team attacks is unknown',
  );
}

function baseOf(e: XmlElement, starts: ReadonlyMap<number, number>, file: string, row: number): SportecEventBase {
  const a = attrsOf(EventAttrs, e, file, row);
  const ms = Date.parse(a.EventTime);
  if (!Number.isFinite(ms))
    throw new DatasetError(file, 'Event.EventTime', row, `${INSTANT} (got ${JSON.stringify(a.EventTime)})`);
  const section = GAME_SECTION[childOf(e, 'FinalWhistle')?.attributes.GameSection ?? ''];
  const period = section ?? periodAt(starts, ms);
  const window = OPTA_PERIOD_WINDOW_SECONDS[period] ?? { start: 0 };
  const x = a['X-Position'] === undefined ? null : Number(a['X-Position']);
  const y = a['Y-Position'] === undefined ? null : Number(a['Y-Position']);
  return { eventId: Number(a.EventId), period, clock: window.start + (ms - starts.get(period)!) / 1000, x, y };
}

/** The period markers of a `KickOff` or `FinalWhistle` that names its game section. */
function markersOf(base: SportecEventBase, kind: XmlElement): OptaEvent[] {
  const period = GAME_SECTION[kind.attributes.GameSection ?? ''];
  if (period === undefined || (kind.name !== 'KickOff' && kind.name !== 'FinalWhistle')) return [];
  const typeId = kind.name === 'KickOff' ? TYPE.periodStart : TYPE.periodEnd;
  const marker: OptaEvent = {
    eventId: base.eventId,
    typeId,
    period,
    clock: base.clock,
    teamId: 0,
    playerId: null,
    playerName: null,
    outcome: 1,
    at: null,
    end: null,
    qualifiers: new Map(),
    assist: false,
    keyPass: false,
  };
  return [kind.name === 'KickOff' ? { ...marker, derived: true } : marker];
}

/** Every event of the events document in the Opta vocabulary, with the context that converted them. */
function eventsOf(doc: XmlElement, file: string, kickoffMs: number, teams: readonly [string, string]): OptaEvent[] {
  const raw = doc.children.filter((c) => c.name === 'Event');
  if (raw.length === 0)
    throw new DatasetError(file, 'Event', null, 'a Sportec events file holds <Event> elements; this one has none');
  const starts = periodStartsOf(raw, kickoffMs);
  const left = firstHalfLeftOf(raw, file);
  const leftId = numericIdOf(left);
  const ctx: SportecContext = {
    idOf: numericIdOf,
    otherTeamOf: (t) => (t === teams[0] ? teams[1] : t === teams[1] ? teams[0] : undefined),
    // The first half's left team attacks toward x = 105; teams change ends every period.
    pointOf: (x, y, teamId, period) => sportecPitchPointOf(x, y, (teamId === leftId) === (period % 2 === 1)),
  };
  const out: OptaEvent[] = [];
  for (const [row, e] of raw.entries()) {
    const kind = e.children[0];
    if (!kind) throw new DatasetError(file, 'Event', row, 'an <Event> without a kind element');
    const base = baseOf(e, starts, file, row);
    const markers = markersOf(base, kind);
    const own = kind.name === 'FinalWhistle' ? [] : sportecEventsOf(base, ctx, kind);
    out.push(...markers, ...own);
  }
  return out;
}

/** `2019/2020` → 2019, the season's id when DFL's own id is not numeric. */
const seasonYearOf = (season: string): number => Number(/\d{4}/.exec(season)?.[0] ?? 0);

/**
 * One Sportec match from its match information and events documents. Throws {@link DatasetError}
 * naming the file and the element when either lacks what halfspace reads, when the events belong
 * to another match, or when no first-half kick-off names the team on the left.
 * @example sportecMatchOf(meta, events, ['meta.xml', 'events.xml']).score // => { home: 1, away: 0 }
 */
export function sportecMatchOf(meta: XmlElement, events: XmlElement, files: [string, string]): OptaMatch {
  const [metaFile, eventsFile] = files;
  const generalEl = firstDescendantOf(meta, 'General');
  if (!generalEl)
    throw new DatasetError(
      metaFile,
      'General',
      null,
      'no <MatchInformation><General> element: not a Sportec match information file',
    );
  const g = attrsOf(General, generalEl, metaFile);
  const sides = descendantsOf(meta, 'Team').map((t) => teamOf(t, metaFile));
  const home = sides.find((s) => s.role === 'home');
  const away = sides.find((s) => s.role === 'guest');
  if (!home || !away)
    throw new DatasetError(metaFile, 'Team.Role', null, 'the match information needs a home and a guest team');
  const feedEvents = descendantsOf(events, 'Event');
  const other = feedEvents.find((e) => e.attributes.MatchId && e.attributes.MatchId !== g.MatchId);
  if (other)
    throw new DatasetError(
      eventsFile,
      'Event.MatchId',
      null,
      `events of ${other.attributes.MatchId}, match information of ${g.MatchId}`,
    );
  const kickoff = Date.parse(g.KickoffTime);
  const notes: string[] = [];
  const [h, a] = (g.Result ?? '').split(':').map(Number);
  const score = g.Result ? { home: h!, away: a! } : null;
  let list = eventsOf(events, eventsFile, kickoff, [home.dflId, away.dflId]);
  const feed = feedEventsById(feedEvents);
  list = scoreCheckedOf(sortedEvents(list), score, feed, notes);
  list = linkedAssistsOf(list, feed, notes);
  return {
    feed: 'sportec',
    files: [...files],
    fixtureId: numericIdOf(g.MatchId),
    kickoff,
    date: g.KickoffTime.slice(0, 10),
    competition: { id: numericIdOf(g.CompetitionId), name: g.CompetitionName, country: null },
    season: { id: seasonYearOf(g.Season) || numericIdOf(g.SeasonId), name: g.Season },
    venue: firstDescendantOf(meta, 'Environment')?.attributes.StadiumName ?? null,
    home: home.side,
    away: away.side,
    score,
    lineups: [...home.lineup, ...away.lineup],
    events: list,
    notes,
  };
}

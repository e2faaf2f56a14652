/**
 * Reading a Stats Perform match: MA3 (match events, which carries the match info, the score and
 * the team set-up) and optionally MA1 (match info with named lineups), as JSON or XML
 * (docs/providers.md#opta-family). The XML is decoded into the JSON's shape first, so one zod
 * schema and one conversion serve both. Coordinates are converted once here (mapping.ts).
 */
import * as z from 'zod';
import { DatasetError } from '../../model/dataset-error.js';
import { messageOf } from '../../errors.js';
import { kickoffUtcOf } from '../statsbomb/mapping.js';
import type { OptaEvent, OptaLineupPlayer, OptaMatch } from './match.js';
import { Q, SETUP_ROLE, TYPE, numericIdOf, optaLocationOf, positionCodeOfOpta } from './mapping.js';
import { childOf, descendantsOf, xmlRootOf, type XmlElement } from '../xml.js';
import { sortedEvents } from './events.js';

const Num = z.coerce.number();
const Int = z.coerce.number().int();

const Qualifier = z.object({ qualifierId: Int, value: z.string().optional() });
const Event = z.object({
  eventId: Int,
  typeId: Int,
  periodId: Int,
  timeMin: Int,
  timeSec: Int,
  contestantId: z.string(),
  playerId: z.string().optional(),
  playerName: z.string().optional(),
  outcome: Int.optional(),
  x: Num.optional(),
  y: Num.optional(),
  assist: Int.optional(),
  keyPass: Int.optional(),
  qualifier: z.array(Qualifier).optional(),
});
const LineupPlayer = z.object({
  playerId: z.string(),
  firstName: z.string().optional(),
  lastName: z.string().optional(),
  matchName: z.string().optional(),
  knownName: z.string().optional(),
  position: z.string(),
  positionSide: z.string().optional(),
  subPosition: z.string().optional(),
  formationPlace: z.coerce.string().optional(),
});
const Score = z.object({ home: Int, away: Int });

/** The fields of an MA1 or MA3 document halfspace reads. */
export const StatsPerformDocument = z.object({
  matchInfo: z.object({
    id: z.string(),
    date: z.string(),
    time: z.string().optional(),
    description: z.string().optional(),
    competition: z.object({ id: z.string(), name: z.string(), country: z.object({ name: z.string() }).optional() }),
    tournamentCalendar: z.object({ id: z.string(), name: z.string() }),
    contestant: z.array(z.object({ id: z.string(), name: z.string(), position: z.enum(['home', 'away']) })).length(2),
    venue: z.object({ longName: z.string().optional(), shortName: z.string().optional() }).optional(),
  }),
  liveData: z.object({
    matchDetails: z
      .object({ scores: z.object({ total: Score.optional(), ft: Score.optional() }).optional() })
      .optional(),
    event: z.array(Event).optional(),
    lineUp: z
      .array(
        z.object({ contestantId: z.string(), formationUsed: z.string().optional(), player: z.array(LineupPlayer) }),
      )
      .optional(),
  }),
});
export type StatsPerformDocument = z.infer<typeof StatsPerformDocument>;

/** An element's attributes with the text as `name` (Stats Perform writes names and seasons as text). */
function withText(e: XmlElement | undefined): Record<string, unknown> | undefined {
  if (!e) return undefined;
  return e.text ? { name: e.text, ...e.attributes } : { ...e.attributes };
}

/** An MA1/MA3 XML document in the JSON feed's shape. */
function statsPerformXmlToJson(root: XmlElement): unknown {
  const info = childOf(root, 'matchInfo');
  const live = childOf(root, 'liveData');
  const competition = info && childOf(info, 'competition');
  const details = live && childOf(live, 'matchDetails');
  const scores = details && childOf(details, 'scores');
  return {
    matchInfo: info && {
      ...info.attributes,
      description: info && childOf(info, 'description')?.text,
      competition: competition && { ...competition.attributes, country: withText(childOf(competition, 'country')) },
      tournamentCalendar: withText(childOf(info, 'tournamentCalendar')),
      contestant: descendantsOf(info, 'contestant').map((c) => c.attributes),
      venue: withText(childOf(info, 'venue')),
    },
    liveData: live && {
      matchDetails: details && {
        scores: scores && { total: childOf(scores, 'total')?.attributes, ft: childOf(scores, 'ft')?.attributes },
      },
      // The events are most of the document: each takes its qualifiers into its own attribute
      // record (the tree is this function's alone) rather than into a copy.
      event: descendantsOf(live, 'event').map((e) =>
        Object.assign<Record<string, unknown>, { qualifier: Record<string, string>[] }>(e.attributes, {
          qualifier: e.children.filter((q) => q.name === 'qualifier').map((q) => q.attributes),
        }),
      ),
      lineUp: descendantsOf(live, 'lineUp').map((l) => ({
        ...l.attributes,
        player: l.children.filter((p) => p.name === 'player').map((p) => p.attributes),
      })),
    },
  };
}

/**
 * Parses one Stats Perform MA1 or MA3 file's text (JSON or XML). Throws {@link DatasetError}
 * naming the file and the first field that does not fit.
 * @example statsPerformDocumentOf(readFileSync('ma3.json', 'utf8'), 'ma3.json').matchInfo.description // => 'Hamburger SV vs Sandhausen'
 */
export function statsPerformDocumentOf(text: string, file: string): StatsPerformDocument {
  let raw: unknown;
  try {
    raw = text.trimStart().startsWith('<') ? statsPerformXmlToJson(xmlRootOf(text)) : JSON.parse(text);
  } catch (err) {
    throw new DatasetError(file, null, null, `not readable as Stats Perform JSON or XML: ${messageOf(err)}`);
  }
  const parsed = StatsPerformDocument.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new DatasetError(file, issue.path.join('.') || null, null, issue.message);
  }
  return parsed.data;
}

type SpEvent = z.infer<typeof Event>;

/** One Stats Perform event in the shared model, coordinates converted. */
function eventOf(e: SpEvent): OptaEvent {
  const qualifiers = new Map<number, string>();
  for (const q of e.qualifier ?? []) qualifiers.set(q.qualifierId, q.value ?? '');
  const endX = qualifiers.get(Q.passEndX);
  const endY = qualifiers.get(Q.passEndY);
  return {
    eventId: e.eventId,
    typeId: e.typeId,
    period: e.periodId,
    clock: e.timeMin * 60 + e.timeSec,
    teamId: numericIdOf(e.contestantId),
    playerId: e.playerId ? numericIdOf(e.playerId) : null,
    playerName: e.playerName ?? null,
    outcome: e.outcome ?? 1,
    at: optaLocationOf(e.x, e.y),
    end: endX !== undefined && endY !== undefined ? optaLocationOf(Number(endX), Number(endY)) : null,
    qualifiers,
    assist: e.assist === 1 || qualifiers.has(Q.assistQualifier),
    keyPass: e.keyPass === 1,
  };
}

const listOf = (v: string | undefined): string[] => (v ? v.split(',').map((s) => s.trim()) : []);

/** The lineups from MA3's team set-up events (type 34): players (q30), roles (q44), formation places (q131). */
function lineupsFromSetUp(events: readonly SpEvent[]): OptaLineupPlayer[] {
  const out: OptaLineupPlayer[] = [];
  for (const e of events) {
    if (e.typeId !== TYPE.teamSetUp) continue;
    const q = new Map((e.qualifier ?? []).map((x) => [x.qualifierId, x.value]));
    const players = listOf(q.get(Q.involvedPlayers));
    const roles = listOf(q.get(Q.playerPositions));
    const places = listOf(q.get(Q.formationPlace));
    players.forEach((id, i) => {
      const role = SETUP_ROLE[roles[i] ?? ''];
      const place = Number(places[i] ?? 0);
      out.push({
        playerId: numericIdOf(id),
        teamId: numericIdOf(e.contestantId),
        name: null,
        started: role !== undefined,
        position: (role && positionCodeOfOpta(role, null, place)) || 'CM',
      });
    });
  }
  return out;
}

/** MA1's named lineups: roles with their side, substitutes by their sub-position. */
function lineupsFromMa1(doc: StatsPerformDocument): OptaLineupPlayer[] {
  return (doc.liveData.lineUp ?? []).flatMap((team) =>
    team.player.map((p) => {
      const started = p.position !== 'Substitute';
      const role = started ? p.position : (p.subPosition ?? '');
      return {
        playerId: numericIdOf(p.playerId),
        teamId: numericIdOf(team.contestantId),
        name: p.knownName ?? ([p.firstName, p.lastName].filter(Boolean).join(' ') || p.matchName) ?? null,
        started,
        position: positionCodeOfOpta(role, p.positionSide ?? null, Number(p.formationPlace ?? 0)) ?? 'CM',
      };
    }),
  );
}

/**
 * One Stats Perform match from its MA3 document and, when given, its MA1 (names and sided
 * positions for the lineups). Without MA1 the lineups come from MA3's team set-up and player
 * names from the events. Throws {@link DatasetError} when MA3 has no events or the two documents
 * describe different matches.
 */
export function statsPerformMatchOf(
  ma3: StatsPerformDocument,
  ma1: StatsPerformDocument | null,
  files: string[],
): OptaMatch {
  const info = ma3.matchInfo;
  const raw = ma3.liveData.event ?? [];
  if (raw.length === 0)
    throw new DatasetError(files[0]!, 'liveData.event', null, 'an MA3 file holds events; this one has none');
  if (ma1 && ma1.matchInfo.id !== info.id)
    throw new DatasetError(
      files[1] ?? files[0]!,
      'matchInfo.id',
      null,
      `MA1 is match ${ma1.matchInfo.id}, MA3 is ${info.id}`,
    );
  const side = (p: 'home' | 'away') => info.contestant.find((c) => c.position === p)!;
  const formation = (id: string) => ma1?.liveData.lineUp?.find((l) => l.contestantId === id)?.formationUsed ?? null;
  const team = (p: 'home' | 'away') => ({
    teamId: numericIdOf(side(p).id),
    name: side(p).name,
    formation: formation(side(p).id),
  });
  const scores = ma3.liveData.matchDetails?.scores ?? ma1?.liveData.matchDetails?.scores;
  const date = info.date.replace(/Z$/, '');
  const fromMa1 = ma1 ? lineupsFromMa1(ma1) : [];
  return {
    feed: 'statsperform',
    files,
    fixtureId: numericIdOf(info.id),
    kickoff: kickoffUtcOf(date, info.time?.replace(/Z$/, '') ?? null, 'UTC'),
    date,
    competition: {
      id: numericIdOf(info.competition.id),
      name: info.competition.name,
      country: info.competition.country?.name ?? null,
    },
    season: { id: numericIdOf(info.tournamentCalendar.id), name: info.tournamentCalendar.name },
    venue: info.venue?.longName ?? info.venue?.shortName ?? null,
    home: team('home'),
    away: team('away'),
    score: scores?.total ?? scores?.ft ?? null,
    lineups: fromMa1.length > 0 ? fromMa1 : lineupsFromSetUp(raw),
    events: sortedEvents(raw.map(eventOf)),
  };
}

/**
 * Reading a DataFactory match JSON (docs/providers.md#datafactory): the match, its score, the
 * squads and the incidences, into the shared Opta-vocabulary match the fold reads. Incidences are
 * grouped by class in the file (`correctPasses`, `shots`, `goals`…); they are put in match order
 * here, each once (goals repeat in `shots`), without the ones the feed lists as deleted.
 * Coordinates are converted once, here.
 */
import * as z from 'zod';
import { DatasetError } from '../../model/dataset-error.js';
import { messageOf } from '../../errors.js';
import type { OptaEvent, OptaLineupPlayer, OptaMatch } from '../opta/match.js';
import { Q, SHOT_TYPES, TYPE } from '../opta/mapping.js';
import { sortedEvents } from '../opta/events.js';
import {
  DF,
  PERIOD_END,
  PERIOD_START,
  SHOOTOUT_CODES,
  SHOT_CODES,
  dataFactoryPitchPointOf,
  positionCodeOfDataFactory,
} from './mapping.js';

const Id = z.coerce.number().int();
const Point = z.object({ x: z.number(), y: z.number() });
const Incidence = z.object({
  type: z.number().int(),
  t: z.object({ half: z.number().int(), m: z.number(), s: z.number().nullish() }),
  team: Id.optional(),
  plyrId: Id.optional(),
  recvId: Id.optional(),
  offId: Id.optional(),
  inId: Id.optional(),
  ctchBy: Id.optional(),
  assBy: Id.optional(),
  coord: z.record(z.string(), Point).optional(),
});
type Incidence = z.infer<typeof Incidence>;

const Name = z.object({ shortName: z.string().nullish(), first: z.string().nullish(), last: z.string().nullish() });
const Document = z.object({
  match: z.object({
    matchId: Id,
    homeTeamId: Id,
    awayTeamId: Id,
    homeTeamName: z.string(),
    awayTeamName: z.string(),
    date: z.string().regex(/^\d{8}$/, 'a date like 20111111'),
    scheduledStart: z.string().regex(/^\d{1,2}:\d{2}$/, 'a time like 12:00'),
    gmt: z.number(),
    competition: z.string(),
    competitionId: Id,
  }),
  scoreStatus: z.record(z.string(), z.object({ score: z.number().int().nullish() })),
  players: z.record(
    z.string(),
    z.object({ teamId: Id, posnId: z.number().int(), substitute: z.boolean(), name: Name }),
  ),
  incidences: z.record(z.string(), z.record(z.string(), Incidence)),
  deletedIncidences: z.array(z.union([z.string(), z.number()])).optional(),
  venueInformation: z.object({ venue: z.object({ venueName: z.string().nullish() }).nullish() }).nullish(),
});
type Document = z.infer<typeof Document>;

/**
 * The parsed DataFactory document of a file's text, or a DatasetError naming the file and the
 * first field that does not parse.
 * @example dataFactoryDocumentOf(text, 'match.json').match.homeTeamName // => 'Team A'
 */
export function dataFactoryDocumentOf(text: string, file: string): Document {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (err) {
    throw new DatasetError(file, null, null, `not readable as JSON: ${messageOf(err)}`);
  }
  const r = Document.safeParse(json);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw new DatasetError(file, issue.path.join('.') || null, null, issue.message);
}

/** One incidence with its id and class, as the stream orders them. */
interface Row {
  id: number;
  kind: string;
  inc: Incidence;
}

/** Every incidence once, in match order (half, minute, second, id), deleted ones left out. */
function rowsOf(doc: Document): Row[] {
  const deleted = new Set((doc.deletedIncidences ?? []).map(String));
  const byId = new Map<string, Row>();
  for (const [kind, group] of Object.entries(doc.incidences))
    for (const [id, inc] of Object.entries(group))
      if (!deleted.has(id) && !byId.has(id)) byId.set(id, { id: Number(id), kind, inc });
  const key = (r: Row) => [Math.max(1, r.inc.t.half), r.inc.t.m * 60 + (r.inc.t.s ?? 0), r.id];
  return [...byId.values()].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    return ka[0]! - kb[0]! || ka[1]! - kb[1]! || ka[2]! - kb[2]!;
  });
}

/** What the translation needs to know about the match. */
interface Ctx {
  homeId: number;
  awayId: number;
  teamOfPlayer: ReadonlyMap<number, number>;
  keepers: ReadonlySet<number>;
}

function eventOf(r: Row, ctx: Ctx, typeId: number, player: number | undefined, outcome = 1): OptaEvent {
  const teamId = r.inc.team ?? (player === undefined ? 0 : (ctx.teamOfPlayer.get(player) ?? 0));
  const period = SHOOTOUT_CODES.has(r.inc.type) ? 5 : Math.max(1, r.inc.t.half);
  const attacksPositive = (teamId === ctx.homeId) === (period % 2 === 1);
  const point = (k: string) => {
    const p = r.inc.coord?.[k];
    return p && teamId ? dataFactoryPitchPointOf(p.x, p.y, attacksPositive) : null;
  };
  return {
    eventId: r.id,
    typeId,
    period,
    clock: r.inc.t.m * 60 + (r.inc.t.s ?? 0),
    teamId,
    playerId: player ?? null,
    playerName: null,
    outcome,
    at: point('1'),
    end: point('2'),
    qualifiers: new Map(),
    assist: false,
    keyPass: false,
  };
}

const withQ = (e: OptaEvent, ...q: number[]): OptaEvent => ({ ...e, qualifiers: new Map(q.map((k) => [k, ''])) });
const otherTeam = (ctx: Ctx, team: number): number => (team === ctx.homeId ? ctx.awayId : ctx.homeId);

/** A shot, and the save or block of the player it names as having stopped it (derived). */
function shotOf(r: Row, ctx: Ctx): OptaEvent[] {
  const code = SHOT_CODES[r.inc.type]!;
  const catcher = r.inc.ctchBy;
  const blocked = code.typeId === TYPE.attemptSaved && catcher !== undefined && !ctx.keepers.has(catcher);
  const shot = withQ(eventOf(r, ctx, code.typeId, r.inc.plyrId), ...code.qualifiers, ...(blocked ? [Q.blocked] : []));
  if (catcher === undefined || code.typeId !== TYPE.attemptSaved) return [shot];
  const stop = { ...eventOf(r, ctx, TYPE.save, catcher), teamId: otherTeam(ctx, shot.teamId), at: null, end: null };
  return [shot, { ...withQ(stop, ...(blocked ? [Q.defensiveBlock] : [])), derived: true }];
}

/** A set-piece pass: complete when the team's next incidence is its own (the feed gives no outcome). */
function setPieceOf(rows: readonly Row[], i: number, ctx: Ctx, qualifier: number): OptaEvent {
  const r = rows[i]!;
  const next = rows.slice(i + 1).find((n) => n.inc.team !== undefined);
  return withQ(eventOf(r, ctx, TYPE.pass, r.inc.plyrId, next?.inc.team === r.inc.team ? 1 : 0), qualifier);
}

const CARD_Q: Readonly<Record<number, number>> = {
  [DF.yellowCard]: Q.yellowCard,
  [DF.secondYellow]: Q.secondYellow,
  [DF.redCard]: Q.redCard,
};

/** The events of one incidence in the Opta vocabulary; type 0 for a kind the fold does not read. */
function eventsOfRow(rows: readonly Row[], i: number, ctx: Ctx): OptaEvent[] {
  const r = rows[i]!;
  const { type, plyrId } = r.inc;
  if (PERIOD_START[type] !== undefined)
    return [{ ...eventOf(r, ctx, TYPE.periodStart, undefined), period: PERIOD_START[type]! }];
  if (PERIOD_END[type] !== undefined || type === DF.matchEnd) return [eventOf(r, ctx, TYPE.periodEnd, undefined)];
  if (SHOT_CODES[type] !== undefined) return shotOf(r, ctx);
  if (CARD_Q[type] !== undefined) return [withQ({ ...eventOf(r, ctx, TYPE.card, plyrId), at: null }, CARD_Q[type]!)];
  switch (type) {
    case DF.passCorrect:
    case DF.passIncorrect:
      return [eventOf(r, ctx, TYPE.pass, plyrId, type === DF.passCorrect ? 1 : 0)];
    case DF.throwIn:
      return [setPieceOf(rows, i, ctx, Q.throwIn)];
    case DF.cornerKick:
      return [setPieceOf(rows, i, ctx, Q.cornerTaken)];
    case DF.goalKick:
      return [setPieceOf(rows, i, ctx, Q.goalKick)];
    case DF.clearance:
    case DF.clearanceToCorner:
      return [eventOf(r, ctx, TYPE.clearance, plyrId)];
    case DF.stealing:
      return [eventOf(r, ctx, TYPE.ballRecovery, plyrId)];
    case DF.nutmeg:
      return [eventOf(r, ctx, TYPE.takeOn, plyrId)];
    case DF.foul:
    case DF.hand:
    case DF.foulPenalty:
    case DF.handPenalty:
      return foulOf(r, ctx);
    case DF.substitution:
      return [
        { ...eventOf(r, ctx, TYPE.playerOff, r.inc.offId), at: null },
        { ...eventOf(r, ctx, TYPE.playerOn, r.inc.inId), at: null, derived: true },
      ];
  }
  return [eventOf(r, ctx, 0, plyrId)];
}

/** A foul: the fouler's (outcome 0) and the fouled player's foul won (outcome 1), derived, in his own team's frame. */
function foulOf(r: Row, ctx: Ctx): OptaEvent[] {
  const fouler = eventOf(r, ctx, TYPE.foul, r.inc.plyrId, 0);
  if (r.inc.recvId === undefined || fouler.teamId === 0) return [fouler];
  const fouled = { ...r, inc: { ...r.inc, team: otherTeam(ctx, fouler.teamId) } };
  return [fouler, { ...eventOf(fouled, ctx, TYPE.foul, r.inc.recvId, 1), derived: true }];
}

/** Seconds before a goal within which the pass of the player it names (assBy) must lie (docs/providers.md#datafactory). */
export const ASSIST_WINDOW_S = 15;

/**
 * The first pass of each period marked as its kick-off (the feed marks none; kick-offs after goals
 * are not always logged, so only these are), and each goal linked (qualifier 55, assist flag) to
 * the last pass of the player it names, within {@link ASSIST_WINDOW_S}; a goal whose named pass is
 * absent is noted.
 */
function withKickOffsAndAssists(events: OptaEvent[], rows: readonly Row[], notes: string[]): OptaEvent[] {
  const seen = new Set<number>();
  const out = events.map((e) => {
    if (e.typeId !== TYPE.pass || seen.has(e.period)) return e;
    seen.add(e.period);
    return { ...e, qualifiers: new Map([...e.qualifiers, [Q.kickOff, '']]) };
  });
  const assistOf = new Map(rows.filter((r) => r.inc.assBy !== undefined).map((r) => [r.id, r.inc.assBy!]));
  for (const [i, shot] of out.entries()) {
    const by = assistOf.get(shot.eventId);
    if (!SHOT_TYPES.has(shot.typeId) || by === undefined) continue;
    let k = i - 1;
    while (k >= 0 && out[k]!.period === shot.period && shot.clock - out[k]!.clock <= ASSIST_WINDOW_S) {
      const p = out[k]!;
      if (p.typeId === TYPE.pass && p.teamId === shot.teamId && p.playerId === by) break;
      k -= 1;
    }
    const pass = out[k];
    if (!pass || pass.typeId !== TYPE.pass || pass.playerId !== by || pass.period !== shot.period) {
      notes.push(
        `goal incidence ${shot.eventId} names a pass by ${by}, which is not among the incidences: no assist or xA counted`,
      );
      continue;
    }
    out[k] = { ...pass, assist: true };
    out[i] = { ...shot, qualifiers: new Map([...shot.qualifiers, [Q.relatedEventId, String(pass.eventId)]]) };
  }
  return out;
}

/** `20111111` and `12:00` at GMT−3 → UTC epoch milliseconds and the ISO date. */
function kickoffOf(m: Document['match']): { kickoff: number; date: string } {
  const [hh, mm] = m.scheduledStart.split(':').map(Number);
  const [y, mo, d] = [m.date.slice(0, 4), m.date.slice(4, 6), m.date.slice(6, 8)].map(Number);
  return {
    kickoff: Date.UTC(y!, mo! - 1, d!, hh!, mm!) - m.gmt * 3_600_000,
    date: `${m.date.slice(0, 4)}-${m.date.slice(4, 6)}-${m.date.slice(6, 8)}`,
  };
}

function lineupsOf(doc: Document): OptaLineupPlayer[] {
  const out: OptaLineupPlayer[] = [];
  for (const [id, p] of Object.entries(doc.players)) {
    const position = positionCodeOfDataFactory(p.posnId);
    if (!position) continue;
    const name = p.name.shortName || [p.name.first, p.name.last].filter(Boolean).join(' ') || null;
    out.push({ playerId: Number(id), teamId: p.teamId, name, started: !p.substitute, position });
  }
  return out;
}

/**
 * One DataFactory match from its parsed document. The home team attacks toward x = 1 in the first
 * half (the feed's convention); teams change ends each period. The score is null when the feed
 * gives none for a team. Throws {@link DatasetError} naming the file when there is no incidence.
 * @example dataFactoryMatchOf(doc, 'match.json').score // => { home: 4, away: 2 }
 */
export function dataFactoryMatchOf(doc: Document, file: string): OptaMatch {
  const m = doc.match;
  const lineups = lineupsOf(doc);
  const ctx: Ctx = {
    homeId: m.homeTeamId,
    awayId: m.awayTeamId,
    teamOfPlayer: new Map(Object.entries(doc.players).map(([id, p]) => [Number(id), p.teamId])),
    keepers: new Set(lineups.filter((p) => p.position === 'GK').map((p) => p.playerId)),
  };
  const rows = rowsOf(doc);
  if (rows.length === 0)
    throw new DatasetError(file, 'incidences', null, 'a DataFactory match holds incidences; this one has none');
  const notes: string[] = [];
  const events = withKickOffsAndAssists(sortedEvents(rows.flatMap((_, i) => eventsOfRow(rows, i, ctx))), rows, notes);
  const home = doc.scoreStatus[String(m.homeTeamId)]?.score;
  const away = doc.scoreStatus[String(m.awayTeamId)]?.score;
  const { kickoff, date } = kickoffOf(m);
  return {
    feed: 'datafactory',
    files: [file],
    fixtureId: m.matchId,
    kickoff,
    date,
    competition: { id: m.competitionId, name: m.competition, country: null },
    season: { id: Number(date.slice(0, 4)), name: date.slice(0, 4) },
    venue: doc.venueInformation?.venue?.venueName ?? null,
    home: { teamId: m.homeTeamId, name: m.homeTeamName, formation: null },
    away: { teamId: m.awayTeamId, name: m.awayTeamName, formation: null },
    score: home != null && away != null ? { home, away } : null,
    lineups,
    events,
    notes,
  };
}

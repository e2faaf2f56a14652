/**
 * Reading an Opta F7 (match result and lineups) and F24 (events) pair, XML
 * (docs/providers.md#opta-family). F7 gives the teams, lineups, formations and recorded score;
 * F24 the events in the vocabulary Stats Perform MA3 shares (mapping.ts). Coordinates are
 * converted once here. Opta ids carry a letter prefix (`t569`, `p111319`): the number is the id.
 */
import * as z from 'zod';
import { DatasetError } from '../../model/dataset-error.js';
import type { OptaEvent, OptaLineupPlayer, OptaMatch, OptaTeam } from './match.js';
import { Q, numericIdOf, optaLocationOf, positionCodeOfOpta } from './mapping.js';
import { childOf, descendantsOf, firstDescendantOf, type XmlElement } from '../xml.js';
import { sortedEvents } from './events.js';

// Each message reads after the quoted value it rejects (`"x" is not a number`); a missing
// attribute is quoted as the empty string.
const NOT_A_NUMBER = 'is not a number';
const NOT_A_REF = 'is not an Opta reference';
/** A number attribute: any text `Number` reads as a finite number. */
const NumberText = z.coerce.number({ error: NOT_A_NUMBER });
/**
 * An Opta reference: the id with its letter prefix (`t569`, `p111319`). The schema checks it and
 * {@link refNumberOf} reads the number after: a transform in the schema would run as a pipe on
 * every event, which costs more than the check itself.
 */
const Ref = z.string({ error: NOT_A_REF }).regex(/^[a-z]*\d+$/i, NOT_A_REF);
/** An Opta reference that may be left empty: the empty string reads as none. */
const OptionalRef = z
  .string()
  .regex(/^([a-z]*\d+)?$/i, NOT_A_REF)
  .optional();

/** The number of a reference {@link Ref} accepted: `t569` → 569. */
const refNumberOf = (ref: string): number => Number(/\d+$/.exec(ref)![0]);
/** The number of a reference {@link OptionalRef} accepted, or null when it is absent or empty. */
const optionalRefNumberOf = (ref: string | undefined): number | null => (ref ? refNumberOf(ref) : null);

const QualifierAttrs = z.object({ qualifier_id: NumberText, value: z.string().optional() });
const EventAttrs = z.object({
  event_id: NumberText,
  type_id: NumberText,
  period_id: NumberText,
  min: NumberText,
  sec: NumberText,
  team_id: Ref,
  // An empty player_id is an event of no player, as an absent one is.
  player_id: OptionalRef,
  outcome: z.string().optional(),
  x: z.string().optional(),
  y: z.string().optional(),
  assist: z.string().optional(),
  keypass: z.string().optional(),
  keyPass: z.string().optional(),
});
const PlayerAttrs = z.object({ uID: OptionalRef });
const TeamDataAttrs = z.object({
  TeamRef: Ref,
  Side: z.string().optional(),
  Score: z.string().optional(),
  Formation: z.string().optional(),
});
const MatchPlayerAttrs = z.object({
  PlayerRef: Ref,
  Status: z.string().optional(),
  Position: z.string().optional(),
  SubPosition: z.string().optional(),
  Formation_Place: z.string().optional(),
});

/**
 * The attributes of `e` parsed by `schema`, or a DatasetError naming the file and the attribute
 * (`Event.team_id`) with the value it rejects.
 */
function attrsOf<T>(schema: z.ZodType<T>, e: XmlElement, file: string): T {
  const r = schema.safeParse(e.attributes);
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const key = String(issue.path[0] ?? '');
  throw new DatasetError(file, `${e.name}.${key}`, null, `"${e.attributes[key] ?? ''}" ${issue.message}`);
}

/** One F24 `<Event>` in the shared model. */
function f24EventOf(e: XmlElement, file: string): OptaEvent {
  const qualifiers = new Map<number, string>();
  for (const q of e.children)
    if (q.name === 'Q') {
      const qa = attrsOf(QualifierAttrs, q, file);
      qualifiers.set(qa.qualifier_id, qa.value ?? '');
    }
  const endX = qualifiers.get(Q.passEndX);
  const endY = qualifiers.get(Q.passEndY);
  const a = attrsOf(EventAttrs, e, file);
  return {
    eventId: a.event_id,
    typeId: a.type_id,
    period: a.period_id,
    clock: a.min * 60 + a.sec,
    teamId: refNumberOf(a.team_id),
    playerId: optionalRefNumberOf(a.player_id),
    playerName: null,
    outcome: a.outcome === undefined ? 1 : Number(a.outcome),
    at: optaLocationOf(Number(a.x), Number(a.y)),
    end: endX !== undefined && endY !== undefined ? optaLocationOf(Number(endX), Number(endY)) : null,
    qualifiers,
    assist: a.assist === '1' || qualifiers.has(Q.assistQualifier),
    keyPass: a.keypass === '1' || a.keyPass === '1',
  };
}

/** Player id → "First Last" (or the known name) from F7's `<Team><Player>` entries. */
function namesOf(doc: XmlElement, file: string): Map<number, string> {
  const names = new Map<number, string>();
  for (const p of descendantsOf(doc, 'Player')) {
    const person = childOf(p, 'PersonName');
    if (!person) continue;
    const uID = optionalRefNumberOf(attrsOf(PlayerAttrs, p, file).uID);
    if (uID === null) continue;
    const known = childOf(person, 'Known')?.text;
    const full = [childOf(person, 'First')?.text, childOf(person, 'Last')?.text].filter(Boolean).join(' ');
    names.set(uID, known || full);
  }
  return names;
}

/** One side of F7's `<TeamData>`: the team, its formation, its recorded score and its lineup. */
function sideOf(teams: readonly XmlElement[], data: XmlElement, file: string, names: Map<number, string>) {
  const d = attrsOf(TeamDataAttrs, data, file);
  const teamId = refNumberOf(d.TeamRef);
  const team = teams.find((t) => t.attributes.uID === data.attributes.TeamRef);
  const lineup: OptaLineupPlayer[] = descendantsOf(data, 'MatchPlayer').map((p) => {
    const a = attrsOf(MatchPlayerAttrs, p, file);
    const playerId = refNumberOf(a.PlayerRef);
    const started = a.Status === 'Start';
    const role = started ? (a.Position ?? '') : (a.SubPosition ?? '');
    return {
      playerId,
      teamId,
      name: names.get(playerId) ?? null,
      started,
      position: positionCodeOfOpta(role, null, Number(a.Formation_Place ?? 0)) ?? 'CM',
    };
  });
  const side: OptaTeam = {
    teamId,
    name: (team && childOf(team, 'Name')?.text) || `team ${teamId}`,
    formation: d.Formation ?? null,
  };
  return {
    side,
    lineup,
    score: Number(d.Score),
    home: d.Side === 'Home',
    country: (team && childOf(team, 'Country')?.text) || null,
  };
}

/** `20180923T150000+0100` → UTC epoch milliseconds and the ISO date. */
function f7DateOf(raw: string, file: string): { kickoff: number; date: string } {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})([+-]\d{2})(\d{2})$/.exec(raw.trim());
  if (!m) throw new DatasetError(file, 'MatchInfo.Date', null, `"${raw}" is not an F7 date`);
  const [, y, mo, d, h, mi, s, oh, om] = m.map(Number);
  const sign = oh! < 0 || m[7]!.startsWith('-') ? -1 : 1;
  const offsetMs = sign * (Math.abs(oh!) * 60 + om!) * 60_000;
  return { kickoff: Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) - offsetMs, date: `${m[1]}-${m[2]}-${m[3]}` };
}

/**
 * One Opta match from an F7 document (lineups, result) and an F24 document (events). F7 names
 * no competition: the league row says so. Throws {@link DatasetError} naming the file when F7 has
 * not two `<TeamData>` or F24 has no `<Event>`.
 */
export function optaF7F24MatchOf(f7: XmlElement, f24: XmlElement, files: [string, string]): OptaMatch {
  const [f7File, f24File] = files;
  const names = namesOf(f7, f7File);
  const teams = descendantsOf(f7, 'Team');
  const sides = descendantsOf(f7, 'TeamData').map((t) => sideOf(teams, t, f7File, names));
  const home = sides.find((s) => s.home);
  const away = sides.find((s) => !s.home);
  if (sides.length !== 2 || !home || !away)
    throw new DatasetError(f7File, 'TeamData', null, 'F7 needs a home and an away TeamData');
  const events = descendantsOf(f24, 'Event').map((e) => f24EventOf(e, f24File));
  if (events.length === 0)
    throw new DatasetError(f24File, 'Event', null, 'an F24 file holds events; this one has none');
  const info = firstDescendantOf(f7, 'MatchInfo');
  const dateText = (info && childOf(info, 'Date')?.text) ?? '';
  const { kickoff, date } = f7DateOf(dateText, f7File);
  const doc = firstDescendantOf(f7, 'SoccerDocument');
  const fixtureKey = doc?.attributes.uID ?? `${date}:${home.side.teamId}:${away.side.teamId}`;
  return {
    feed: 'opta',
    files: [...files],
    // A game id (`g1234` or `1234`) is the fixture id; any other key is hashed to one.
    fixtureId: /^g?\d+$/.test(fixtureKey) ? Number(/\d+$/.exec(fixtureKey)![0]) : numericIdOf(fixtureKey),
    kickoff,
    date,
    competition: {
      id: numericIdOf(`opta-f7:${home.country ?? ''}`),
      name: 'Opta F7 match (competition not in the feed)',
      country: home.country,
    },
    season: { id: Number(date.slice(0, 4)), name: date.slice(0, 4) },
    venue: null,
    home: home.side,
    away: away.side,
    score: { home: home.score, away: away.score },
    lineups: [...home.lineup, ...away.lineup],
    events: sortedEvents(events),
  };
}

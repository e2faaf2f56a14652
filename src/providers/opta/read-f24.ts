/**
 * Reading an Opta F7 (match result and lineups) and F24 (events) pair, XML
 * (docs/providers.md#opta-family). F7 gives the teams, lineups, formations and recorded score;
 * F24 the events in the vocabulary Stats Perform MA3 shares (mapping.ts). Coordinates are
 * converted once here. Opta ids carry a letter prefix (`t569`, `p111319`): the number is the id.
 */
import { DatasetError } from '../../model/dataset-error.js';
import type { OptaEvent, OptaLineupPlayer, OptaMatch, OptaTeam } from './match.js';
import { Q, numericIdOf, optaLocationOf, positionCodeOfOpta } from './mapping.js';
import { childOf, descendantsOf, firstDescendantOf, type XmlElement } from '../xml.js';
import { sortedEvents } from './events.js';

/** The number of an Opta reference (`t569` → 569); throws naming the file when it has none. */
function refOf(ref: string | undefined, file: string, what: string): number {
  const m = /^[a-z]*(\d+)$/i.exec(ref ?? '');
  if (!m) throw new DatasetError(file, what, null, `"${ref ?? ''}" is not an Opta reference`);
  return Number(m[1]);
}

/** A number attribute, or a DatasetError naming the element. */
function numberOf(e: XmlElement, name: string, file: string): number {
  const v = Number(e.attributes[name]);
  if (e.attributes[name] === undefined || !Number.isFinite(v))
    throw new DatasetError(file, `${e.name}.${name}`, null, `"${e.attributes[name] ?? ''}" is not a number`);
  return v;
}

/** One F24 `<Event>` in the shared model. */
function f24EventOf(e: XmlElement, file: string): OptaEvent {
  const qualifiers = new Map<number, string>();
  for (const q of e.children)
    if (q.name === 'Q') qualifiers.set(numberOf(q, 'qualifier_id', file), q.attributes.value ?? '');
  const endX = qualifiers.get(Q.passEndX);
  const endY = qualifiers.get(Q.passEndY);
  const a = e.attributes;
  return {
    eventId: numberOf(e, 'event_id', file),
    typeId: numberOf(e, 'type_id', file),
    period: numberOf(e, 'period_id', file),
    clock: numberOf(e, 'min', file) * 60 + numberOf(e, 'sec', file),
    teamId: refOf(a.team_id, file, 'Event.team_id'),
    playerId: a.player_id ? refOf(a.player_id, file, 'Event.player_id') : null,
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
function namesOf(doc: XmlElement): Map<number, string> {
  const names = new Map<number, string>();
  for (const p of descendantsOf(doc, 'Player')) {
    const person = childOf(p, 'PersonName');
    if (!person || !p.attributes.uID) continue;
    const known = childOf(person, 'Known')?.text;
    const full = [childOf(person, 'First')?.text, childOf(person, 'Last')?.text].filter(Boolean).join(' ');
    names.set(refOf(p.attributes.uID, 'F7', 'Player.uID'), known || full);
  }
  return names;
}

/** One side of F7's `<TeamData>`: the team, its formation, its recorded score and its lineup. */
function sideOf(teams: readonly XmlElement[], data: XmlElement, file: string, names: Map<number, string>) {
  const teamId = refOf(data.attributes.TeamRef, file, 'TeamData.TeamRef');
  const team = teams.find((t) => t.attributes.uID === data.attributes.TeamRef);
  const lineup: OptaLineupPlayer[] = descendantsOf(data, 'MatchPlayer').map((p) => {
    const started = p.attributes.Status === 'Start';
    const role = started ? (p.attributes.Position ?? '') : (p.attributes.SubPosition ?? '');
    const playerId = refOf(p.attributes.PlayerRef, file, 'MatchPlayer.PlayerRef');
    return {
      playerId,
      teamId,
      name: names.get(playerId) ?? null,
      started,
      position: positionCodeOfOpta(role, null, Number(p.attributes.Formation_Place ?? 0)) ?? 'CM',
    };
  });
  const side: OptaTeam = {
    teamId,
    name: (team && childOf(team, 'Name')?.text) || `team ${teamId}`,
    formation: data.attributes.Formation ?? null,
  };
  return {
    side,
    lineup,
    score: Number(data.attributes.Score),
    home: data.attributes.Side === 'Home',
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
  const names = namesOf(f7);
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
    fixtureId: /^g?\d+$/.test(fixtureKey) ? refOf(fixtureKey, f7File, 'SoccerDocument.uID') : numericIdOf(fixtureKey),
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

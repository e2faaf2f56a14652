/*
 * The Opta F7/F24 reader's boundary on small hand-written documents (no real data): the attributes
 * it reads through its zod schemas, the numbers behind the letter-prefixed Opta references, and
 * one error naming the file, element and attribute for every value it cannot read.
 */
import { describe, expect, it } from 'vitest';
import { optaF7F24MatchOf } from '../../../src/providers/opta/read-f24.js';
import { xmlRootOf } from '../../../src/providers/xml.js';

const F7 = (
  over: { teamRef?: string; playerRef?: string; uid?: string } = {},
) => `<SoccerFeed><SoccerDocument uID="g42">
  <MatchData><MatchInfo><Date>20200105T150000+0100</Date></MatchInfo>
    <TeamData Formation="433" Score="1" Side="Home" TeamRef="${over.teamRef ?? 't10'}">
      <PlayerLineUp><MatchPlayer Formation_Place="1" PlayerRef="${over.playerRef ?? 'p100'}" Position="Goalkeeper" Status="Start"/></PlayerLineUp>
    </TeamData>
    <TeamData Formation="442" Score="0" Side="Away" TeamRef="t20">
      <PlayerLineUp><MatchPlayer Formation_Place="0" PlayerRef="p200" SubPosition="Forward" Status="Sub"/></PlayerLineUp>
    </TeamData>
  </MatchData>
  <Team uID="t10"><Name>Home FC</Name><Country>Nowhere</Country>
    <Player uID="${over.uid ?? 'p100'}"><PersonName><First>Ann</First><Last>Keeper</Last></PersonName></Player></Team>
  <Team uID="t20"><Name>Away FC</Name></Team>
</SoccerDocument></SoccerFeed>`;
const EVENT = (attrs: string, qualifiers = '') =>
  `<Games><Game><Event event_id="7" type_id="1" period_id="1" min="2" sec="5" team_id="10" ${attrs} x="50" y="50">${qualifiers}</Event></Game></Games>`;
const read = (f7: string, f24: string) => optaF7F24MatchOf(xmlRootOf(f7), xmlRootOf(f24), ['f7.xml', 'f24.xml']);

describe('Opta F7/F24 attributes read through their schemas', () => {
  it('reads ids behind their letter prefixes, the clock, the lineup and the result', () => {
    const m = read(F7(), EVENT('player_id="100" outcome="0"', '<Q qualifier_id="140" value="60"/>'));
    expect(m.fixtureId).toBe(42);
    expect([m.home.teamId, m.away.teamId]).toEqual([10, 20]);
    expect(m.home.formation).toBe('433');
    expect(m.score).toEqual({ home: 1, away: 0 });
    expect(m.lineups.map((p) => [p.playerId, p.started, p.name])).toEqual([
      [100, true, 'Ann Keeper'],
      [200, false, null],
    ]);
    const e = m.events.find((x) => x.eventId === 7)!;
    expect([e.clock, e.teamId, e.playerId, e.outcome]).toEqual([125, 10, 100, 0]);
    expect(e.qualifiers.get(140)).toBe('60');
  });

  it('reads an empty player_id as an event of no player, and an absent outcome as successful', () => {
    const e = read(F7(), EVENT('player_id=""')).events[0]!;
    expect([e.playerId, e.outcome]).toEqual([null, 1]);
  });

  it.each([
    [
      'an event id that is no number',
      F7(),
      EVENT('', '').replace('event_id="7"', 'event_id="x7"'),
      'f24.xml, column Event.event_id: "x7" is not a number',
    ],
    ['a missing minute', F7(), EVENT('').replace(' min="2"', ''), 'f24.xml, column Event.min: "" is not a number'],
    [
      'a team that is no reference',
      F7(),
      EVENT('').replace('team_id="10"', 'team_id="t-1"'),
      'f24.xml, column Event.team_id: "t-1" is not an Opta reference',
    ],
    [
      'a player that is no reference',
      F7(),
      EVENT('player_id="zz"'),
      'f24.xml, column Event.player_id: "zz" is not an Opta reference',
    ],
    [
      'a qualifier id that is no number',
      F7(),
      EVENT('', '<Q qualifier_id="q" value="1"/>'),
      'f24.xml, column Q.qualifier_id: "q" is not a number',
    ],
    [
      'a TeamRef that is no reference',
      F7({ teamRef: '?' }),
      EVENT(''),
      'f7.xml, column TeamData.TeamRef: "?" is not an Opta reference',
    ],
    [
      'an empty PlayerRef',
      F7({ playerRef: '' }),
      EVENT(''),
      'f7.xml, column MatchPlayer.PlayerRef: "" is not an Opta reference',
    ],
    [
      'a player uID that is no reference',
      F7({ uid: 'xx' }),
      EVENT(''),
      'f7.xml, column Player.uID: "xx" is not an Opta reference',
    ],
  ])('refuses %s, naming the file, element and attribute', (_what, f7, f24, message) => {
    expect(() => read(f7, f24)).toThrow(message);
  });
});

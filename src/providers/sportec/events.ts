/**
 * Sportec (DFL) `<Event>` elements mapped onto the Opta vocabulary the shared fold reads
 * (docs/providers.md#sportec): each event's one kind element (nested inside a set-piece wrapper
 * such as `KickOff`, `FreeKick` or `CornerKick`) becomes an Opta type with qualifiers; a duel or a
 * foul also gives the other player's event, marked derived. Locations are converted here, once.
 */
import type { OptaEvent, PitchPoint } from '../opta/match.js';
import { Q, TYPE } from '../opta/mapping.js';
import { childOf, type XmlElement } from '../xml.js';

/** What the translation of one event needs to know about the match. */
export interface SportecContext {
  /** DFL id → our numeric id. */
  idOf(dflId: string): number;
  /** The location of a feed point for a team in a period, or null when it has none. */
  pointOf(x: number, y: number, teamId: number, period: number): PitchPoint | null;
  /** The DFL id of the other team of the match, or undefined for an id of neither. */
  otherTeamOf(dflTeam: string): string | undefined;
}

/** One feed event: its id, period, clock and feed location, before its kind is read. */
export interface SportecEventBase {
  eventId: number;
  period: number;
  clock: number;
  x: number | null;
  y: number | null;
}

/** Set-piece wrappers and the qualifier each gives the pass or shot inside it. */
const WRAPPER_QUALIFIER: Readonly<Record<string, number>> = {
  KickOff: Q.kickOff,
  ThrowIn: Q.throwIn,
  GoalKick: Q.goalKick,
  CornerKick: Q.cornerTaken,
  FreeKick: Q.freeKickTaken,
  Penalty: Q.penalty,
};

/** Shot result elements → Opta shot types. An `OtherShot` (result not given) counts as off target. */
const SHOT_RESULT: Readonly<Record<string, number>> = {
  SuccessfulShot: TYPE.goal,
  SavedShot: TYPE.attemptSaved,
  BlockedShot: TYPE.attemptSaved,
  ShotWide: TYPE.miss,
  ShotWoodWork: TYPE.post,
  OtherShot: TYPE.miss,
};

const BODY_PART: Readonly<Record<string, number>> = {
  rightLeg: Q.rightFoot,
  leftLeg: Q.leftFoot,
  head: Q.head,
};

const CARD: Readonly<Record<string, number>> = { yellow: Q.yellowCard, yellowRed: Q.secondYellow, red: Q.redCard };

function eventOf(
  base: SportecEventBase,
  ctx: SportecContext,
  typeId: number,
  team: string | undefined,
  player: string | undefined,
  outcome = 1,
  qualifiers: Map<number, string> = new Map(),
): OptaEvent {
  const teamId = team ? ctx.idOf(team) : 0;
  return {
    eventId: base.eventId,
    typeId,
    period: base.period,
    clock: base.clock,
    teamId,
    playerId: player ? ctx.idOf(player) : null,
    playerName: null,
    outcome,
    at: team && base.x !== null && base.y !== null ? ctx.pointOf(base.x, base.y, teamId, base.period) : null,
    end: null,
    qualifiers,
    assist: false,
    keyPass: false,
  };
}

function passOf(base: SportecEventBase, ctx: SportecContext, play: XmlElement, wrapper: number | null): OptaEvent {
  const a = play.attributes;
  const done = a.Evaluation === 'successfullyCompleted' || a.Evaluation === 'successful';
  const q = new Map<number, string>();
  if (wrapper !== null) q.set(wrapper, '');
  if (childOf(play, 'Cross')) q.set(Q.cross, '');
  if (a.Distance === 'long') q.set(Q.longBall, '');
  if (childOf(play, 'Pass')?.attributes.Direction === 'throughBall') q.set(Q.throughBall, '');
  return eventOf(base, ctx, TYPE.pass, a.Team, a.Player, done ? 1 : 0, q);
}

function shotOf(base: SportecEventBase, ctx: SportecContext, shot: XmlElement, wrapper: number | null): OptaEvent[] {
  const a = shot.attributes;
  const result = shot.children.find((c) => SHOT_RESULT[c.name] !== undefined);
  const q = new Map<number, string>();
  if (wrapper === Q.penalty) q.set(Q.penalty, '');
  if (wrapper === Q.freeKickTaken) q.set(Q.directFreeKick, '');
  if (wrapper === Q.cornerTaken) q.set(Q.fromCorner, '');
  const body = BODY_PART[a.TypeOfShot ?? ''];
  if (body !== undefined) q.set(body, '');
  if (a.CounterAttack === 'true') q.set(Q.fastBreak, '');
  if (a.BuildUp === 'freeKick' || a.BuildUp === 'cornerKick' || a.BuildUp === 'throwIn') q.set(Q.setPiece, '');
  if (result?.name === 'BlockedShot') q.set(Q.blocked, '');
  const out = [eventOf(base, ctx, result ? SHOT_RESULT[result.name]! : TYPE.miss, a.Team, a.Player, 1, q)];
  const stopper = result?.name === 'BlockedShot' ? result.attributes.Player : result?.attributes.GoalKeeper;
  const stopperTeam = a.Team === undefined ? undefined : ctx.otherTeamOf(a.Team);
  if ((result?.name === 'BlockedShot' || result?.name === 'SavedShot') && stopper && stopperTeam) {
    const save = eventOf(base, ctx, TYPE.save, stopperTeam, stopper);
    const sq = new Map<number, string>(result.name === 'BlockedShot' ? [[Q.defensiveBlock, '']] : []);
    out.push({ ...save, qualifiers: sq, derived: true });
  }
  return out;
}

/** A `TacklingGame`: the winner's tackle, take-on or aerial, and the loser's event, derived. */
function duelOf(base: SportecEventBase, ctx: SportecContext, duel: XmlElement): OptaEvent[] {
  const a = duel.attributes;
  const air = a.Type === 'air';
  const withBall = a.WinnerRole === 'withBallControl';
  const winType = air ? TYPE.aerial : withBall ? TYPE.takeOn : TYPE.tackle;
  const loseType = air ? TYPE.aerial : withBall ? TYPE.challenge : TYPE.dispossessed;
  const out: OptaEvent[] = [];
  if (a.Winner) out.push(eventOf(base, ctx, winType, a.WinnerTeam, a.Winner, 1));
  if (a.Loser) out.push({ ...eventOf(base, ctx, loseType, a.LoserTeam, a.Loser, 0), derived: out.length > 0 });
  return out;
}

/** A `Foul`: the fouler's foul (outcome 0) and the fouled player's foul won (outcome 1), derived. */
function foulOf(base: SportecEventBase, ctx: SportecContext, foul: XmlElement): OptaEvent[] {
  const a = foul.attributes;
  const out = [eventOf(base, ctx, TYPE.foul, a.TeamFouler, a.Fouler, 0)];
  if (a.Fouled) out.push({ ...eventOf(base, ctx, TYPE.foul, a.TeamFouled, a.Fouled, 1), derived: true });
  return out;
}

function cardOf(base: SportecEventBase, ctx: SportecContext, card: XmlElement): OptaEvent {
  const e = eventOf(base, ctx, TYPE.card, card.attributes.Team, card.attributes.Player);
  const q = CARD[card.attributes.CardColor ?? ''];
  return { ...e, at: null, qualifiers: new Map(q === undefined ? [] : [[q, '']]) };
}

/** A `Substitution`: the player off, and the player on, derived. */
function substitutionOf(base: SportecEventBase, ctx: SportecContext, sub: XmlElement): OptaEvent[] {
  const a = sub.attributes;
  const off = { ...eventOf(base, ctx, TYPE.playerOff, a.Team, a.PlayerOut), at: null };
  return [off, { ...eventOf(base, ctx, TYPE.playerOn, a.Team, a.PlayerIn), at: null, derived: true }];
}

/** The pass or shot inside a set-piece wrapper (`KickOff`, `FreeKick`…), with the wrapper's qualifier. */
function wrappedOf(base: SportecEventBase, ctx: SportecContext, kind: XmlElement): OptaEvent[] {
  const wrapper = WRAPPER_QUALIFIER[kind.name] ?? null;
  const out: OptaEvent[] = [];
  for (const c of kind.children) {
    if (c.name === 'Play') out.push(passOf(base, ctx, c, wrapper));
    if (c.name === 'ShotAtGoal') out.push(...shotOf(base, ctx, c, wrapper));
  }
  return out;
}

/** Types of the kinds read one to one. */
const ONE_TO_ONE: Readonly<Record<string, number>> = { OtherBallAction: TYPE.ballTouch };

/**
 * The Opta-vocabulary events of one feed event's kind element. A kind halfspace does not read
 * (`Offside`, `Nutmeg`, `ChanceWithoutShot`…) gives one event of type 0, which the fold ignores
 * but the report counts. Period markers come from the caller, which knows the game sections.
 * @example sportecEventsOf(base, ctx, kind).map((e) => e.typeId) // => [7, 50] (a tackle won, the loser dispossessed)
 */
export function sportecEventsOf(base: SportecEventBase, ctx: SportecContext, kind: XmlElement): OptaEvent[] {
  const a = kind.attributes;
  switch (kind.name) {
    case 'Play':
      return [passOf(base, ctx, kind, null)];
    case 'ShotAtGoal':
      return shotOf(base, ctx, kind, null);
    case 'TacklingGame':
      return duelOf(base, ctx, kind);
    case 'Foul':
      return foulOf(base, ctx, kind);
    case 'Caution':
      return [cardOf(base, ctx, kind)];
    case 'Substitution':
      return substitutionOf(base, ctx, kind);
    case 'BallClaiming': {
      const type = a.Type === 'InterceptedBall' ? TYPE.interception : TYPE.ballRecovery;
      return [eventOf(base, ctx, type, a.Team, a.Player)];
    }
    case 'OwnGoal': {
      const e = eventOf(base, ctx, TYPE.goal, a.Team, a.Player);
      return [{ ...e, qualifiers: new Map([[Q.ownGoal, '']]) }];
    }
  }
  if (WRAPPER_QUALIFIER[kind.name] !== undefined) {
    const inner = wrappedOf(base, ctx, kind);
    if (inner.length > 0) return inner;
  }
  const type = ONE_TO_ONE[kind.name];
  return [eventOf(base, ctx, type ?? 0, a.Team, a.Player)];
}

/**
 * Reading a Metrica match (docs/providers.md#metrica): the event CSV of games 1–2
 * (`Team,Type,Subtype,Period,…`) or the JSON events of game 3 with their EPTS metadata. Both are
 * parsed with zod into one raw row shape, then converted once to the engine's frame: each team's
 * attacking direction per period comes from the metadata or, without it, from its passes.
 */
import { basename } from 'node:path';
import * as z from 'zod';
import { DatasetError } from '../../model/dataset-error.js';
import { messageOf } from '../../errors.js';
import type { MetricaEvent, MetricaMatch, MetricaPlayer, MetricaSide } from './match.js';
import { TYPE, metricaIdOf, metricaPitchPointOf, positionCodeOfMetrica } from './mapping.js';
import type { MetricaMetadata } from './metadata.js';

/** A coordinate: a number, or null for the CSV's `NaN` and the JSON's null. */
const Coordinate = z.union([z.number(), z.null()]);
const Seconds = z.number().min(0);

/** One event as both layouts give it, before the conversion. */
const RawEvent = z.object({
  side: z.enum(['home', 'away']),
  type: z.string().min(1),
  subtypes: z.array(z.string()),
  period: z.number().int().min(1).max(5),
  start: Seconds,
  end: Seconds,
  from: z.string().nullable(),
  to: z.string().nullable(),
  x0: Coordinate,
  y0: Coordinate,
  x1: Coordinate,
  y1: Coordinate,
});
type RawEvent = z.infer<typeof RawEvent>;

/** The header of Metrica's event CSV, exactly. */
export const METRICA_CSV_HEADER =
  'Team,Type,Subtype,Period,Start Frame,Start Time [s],End Frame,End Time [s],From,To,Start X,Start Y,End X,End Y';

/** A player key: the CSV writes one player both as `Player26` and `Player 26`, so spaces go. */
const keyOf = (name: string): string => name.replace(/\s+/g, '');
const upper = (s: string): string => s.trim().toUpperCase();

function parsedRow(raw: Record<string, unknown>, file: string, row: number): RawEvent {
  const parsed = RawEvent.safeParse(raw);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new DatasetError(file, issue.path.join('.') || null, row, issue.message);
}

const csvNumber = (s: string | undefined): number | null => {
  if (s === undefined || s === '' || s === 'NaN') return null;
  const v = Number(s);
  return Number.isFinite(v) ? v : Number.NaN;
};

/** The raw events of a Metrica event CSV. Throws {@link DatasetError} naming the file, column and row. */
function csvEventsOf(text: string, file: string): RawEvent[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (lines[0]?.trim() !== METRICA_CSV_HEADER)
    throw new DatasetError(file, null, 0, `not a Metrica event CSV: the header must be "${METRICA_CSV_HEADER}"`);
  return lines.slice(1).map((line, i) => {
    const c = line.split(',');
    if (c.length !== 14) throw new DatasetError(file, null, i + 1, `${c.length} fields where the header has 14`);
    const side = c[0]!.trim().toLowerCase();
    return parsedRow(
      {
        side,
        type: upper(c[1]!),
        subtypes: c[2]!.trim() === '' ? [] : c[2]!.split('-').map(upper),
        period: csvNumber(c[3]),
        start: csvNumber(c[5]),
        end: csvNumber(c[7]),
        from: c[8]!.trim() === '' ? null : keyOf(c[8]!),
        to: c[9]!.trim() === '' ? null : keyOf(c[9]!),
        x0: csvNumber(c[10]),
        y0: csvNumber(c[11]),
        x1: csvNumber(c[12]),
        y1: csvNumber(c[13]),
      },
      file,
      i + 1,
    );
  });
}

const Named = z.object({ name: z.string(), id: z.union([z.string(), z.number()]).optional() });
const Point = z.object({ time: Seconds, x: Coordinate.optional(), y: Coordinate.optional() });
const JsonEvent = z.object({
  team: z.object({ id: z.string() }),
  type: Named,
  subtypes: z.union([Named, z.array(Named), z.null()]).optional(),
  period: z.number().int(),
  start: Point,
  end: Point,
  from: z.object({ id: z.string() }).nullable().optional(),
  to: z.object({ id: z.string() }).nullable().optional(),
});
const JsonEvents = z.object({ data: z.array(z.unknown()) });

/** The raw events of a Metrica JSON events file, sides from the metadata. */
function jsonEventsOf(text: string, file: string, meta: MetricaMetadata): RawEvent[] {
  let doc: z.infer<typeof JsonEvents>;
  try {
    doc = JsonEvents.parse(JSON.parse(text));
  } catch (err) {
    throw new DatasetError(file, 'data', null, `not readable as Metrica JSON events: ${messageOf(err)}`);
  }
  return doc.data.map((item, i) => {
    const parsed = JsonEvent.safeParse(item);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new DatasetError(file, `data.${issue.path.join('.')}`, i, issue.message);
    }
    const e = parsed.data;
    const subs = e.subtypes == null ? [] : Array.isArray(e.subtypes) ? e.subtypes : [e.subtypes];
    const side = e.team.id === meta.homeTeamId ? 'home' : e.team.id === meta.awayTeamId ? 'away' : null;
    if (side === null) throw new DatasetError(file, 'data.team.id', i, `team ${e.team.id} is not in the metadata`);
    return parsedRow(
      {
        side,
        type: upper(e.type.name),
        subtypes: subs.map((s) => upper(s.name)),
        period: e.period,
        start: e.start.time,
        end: e.end.time,
        from: e.from?.id ?? null,
        to: e.to?.id ?? null,
        x0: e.start.x ?? null,
        y0: e.start.y ?? null,
        x1: e.end.x ?? null,
        y1: e.end.y ?? null,
      },
      file,
      i,
    );
  });
}

/**
 * Whether the home side attacks toward x = 1 in each period, from its completed passes: passes go
 * forward more than back, so the sign of the home side's summed pass Δx minus the away side's
 * gives the direction (docs/providers.md#metrica). Used when no metadata gives it.
 */
function homeAttacksRightFromPasses(raw: readonly RawEvent[]): Map<number, boolean> {
  const sum = new Map<number, number>();
  for (const e of raw) {
    if (e.type !== TYPE.pass || e.x0 === null || e.x1 === null) continue;
    const dx = (e.x1 - e.x0) * (e.side === 'home' ? 1 : -1);
    sum.set(e.period, (sum.get(e.period) ?? 0) + dx);
  }
  return new Map([...sum].map(([p, s]) => [p, s >= 0]));
}

function convertedOf(raw: readonly RawEvent[], homeRight: ReadonlyMap<number, boolean>): MetricaEvent[] {
  return raw.map((e, row) => {
    const right = (homeRight.get(e.period) ?? true) === (e.side === 'home');
    const at = e.x0 !== null && e.y0 !== null ? metricaPitchPointOf(e.x0, e.y0, right) : null;
    const endAt = e.x1 !== null && e.y1 !== null ? metricaPitchPointOf(e.x1, e.y1, right) : null;
    return {
      row,
      side: e.side,
      type: e.type,
      subtypes: e.subtypes,
      period: e.period,
      start: e.start,
      end: e.end,
      from: e.from,
      to: e.to,
      at,
      endAt,
    };
  });
}

/** The game part of a file name: `Sample_Game_1_RawEventsData.csv` → `Sample_Game_1`. */
export const gameOf = (file: string): string =>
  basename(file).replace(/(_RawEventsData|_events|_metadata)?\.(csv|json|xml)$/i, '');

const spaced = (game: string): string => game.replace(/_/g, ' ');

/**
 * A Metrica match from its event CSV. The CSV names no teams, date or score: the teams are the
 * game's Home and Away, each player is `<name> (<game> <side>)`, and the score comes from the events.
 * Throws {@link DatasetError} naming the file, column and row of the first bad value.
 * @example metricaCsvMatchOf(text, 'Sample_Game_1_RawEventsData.csv').events.length // => 1745
 */
export function metricaCsvMatchOf(text: string, file: string): MetricaMatch {
  const raw = csvEventsOf(text, file);
  if (raw.length === 0) throw new DatasetError(file, null, null, 'no events');
  const game = gameOf(file);
  const players = new Map<string, MetricaPlayer>();
  for (const e of raw)
    for (const key of [e.from, e.to])
      if (key !== null && !players.has(key))
        players.set(key, {
          key,
          playerId: metricaIdOf(`${game}:${key}`),
          side: e.side,
          name: `${key} (${spaced(game)} ${e.side === 'home' ? 'Home' : 'Away'})`,
          position: null,
        });
  return {
    layout: 'csv',
    files: [file],
    game,
    fixtureId: metricaIdOf(game),
    date: null,
    home: { teamId: metricaIdOf(`${game}:home`), name: `Home (${spaced(game)})` },
    away: { teamId: metricaIdOf(`${game}:away`), name: `Away (${spaced(game)})` },
    score: null,
    players: [...players.values()],
    events: convertedOf(raw, homeAttacksRightFromPasses(raw)),
    directionSource: 'passes',
  };
}

/**
 * A Metrica match from its JSON events and EPTS metadata: teams, players, positions, date, score
 * and the first half's attacking directions from the metadata (the second half's are the reverse;
 * extra time's come from the passes). Throws {@link DatasetError} naming the file and field.
 * @example metricaJsonMatchOf(events, meta, files).score // => { home: 0, away: 2 }
 */
export function metricaJsonMatchOf(text: string, meta: MetricaMetadata, files: string[]): MetricaMatch {
  const file = files[0]!;
  const raw = jsonEventsOf(text, file, meta);
  if (raw.length === 0) throw new DatasetError(file, 'data', null, 'no events');
  const game = gameOf(file);
  const team = (id: string) => meta.teams.find((t) => t.id === id)!;
  const sideOf = (teamId: string): MetricaSide => (teamId === meta.homeTeamId ? 'home' : 'away');
  const inferred = homeAttacksRightFromPasses(raw);
  const first = team(meta.homeTeamId).attacksRightFirstHalf;
  const homeRight = new Map(inferred);
  if (first !== null) {
    homeRight.set(1, first);
    homeRight.set(2, !first);
  }
  return {
    layout: 'json',
    files,
    game,
    fixtureId: metricaIdOf(game),
    date: meta.start.slice(0, 10),
    home: { teamId: metricaIdOf(meta.homeTeamId), name: team(meta.homeTeamId).name },
    away: { teamId: metricaIdOf(meta.awayTeamId), name: team(meta.awayTeamId).name },
    score: meta.score,
    players: meta.players.map((p) => ({
      key: p.id,
      playerId: metricaIdOf(p.id),
      side: sideOf(p.teamId),
      name: p.name,
      position: p.positionType === null ? null : positionCodeOfMetrica(p.positionType),
    })),
    events: convertedOf(raw, homeRight),
    directionSource: first === null ? 'passes' : 'metadata',
  };
}

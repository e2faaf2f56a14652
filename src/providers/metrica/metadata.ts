/**
 * Metrica's EPTS metadata (FIFA's Electronic Performance and Tracking Systems XML, the file beside
 * the JSON events of game 3; docs/providers.md#metrica): teams, the home side, the score, the
 * kick-off time, the pitch size, each team's attacking direction in the first half, and the
 * players with their positions. Parsed with zod after the XML is read into plain objects.
 */
import * as z from 'zod';
import { DatasetError } from '../../model/dataset-error.js';
import { messageOf } from '../../errors.js';
import { childOf, descendantsOf, firstDescendantOf, xmlRootOf, type XmlElement } from '../xml.js';

const Team = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  attacksRightFirstHalf: z.boolean().nullable(),
});
const Player = z.object({
  id: z.string().min(1),
  teamId: z.string().min(1),
  name: z.string().min(1),
  positionType: z.string().nullable(),
});

/** The fields of an EPTS metadata file halfspace reads. */
export const MetricaMetadata = z.object({
  start: z.string().regex(/^\d{4}-\d{2}-\d{2}T/, 'an ISO date-time'),
  homeTeamId: z.string().min(1),
  awayTeamId: z.string().min(1),
  score: z.object({ home: z.number().int().min(0), away: z.number().int().min(0) }).nullable(),
  pitch: z.object({ length: z.number().positive(), width: z.number().positive() }).nullable(),
  teams: z.array(Team).length(2),
  players: z.array(Player).min(1),
});
export type MetricaMetadata = z.infer<typeof MetricaMetadata>;

/** The value of a `ProviderParameter` named `name` under `e`, or null. */
function parameterOf(e: XmlElement, name: string): string | null {
  const p = descendantsOf(e, 'ProviderParameter').find((x) => childOf(x, 'Name')?.text === name);
  const v = p && childOf(p, 'Value')?.text;
  return v ? v : null;
}

const numberOrNull = (e: XmlElement | undefined): number | null =>
  e && e.text !== '' && Number.isFinite(Number(e.text)) ? Number(e.text) : null;

/** The metadata's fields as plain values, before zod checks them. */
function rawOf(root: XmlElement): Record<string, unknown> {
  const session = firstDescendantOf(root, 'Session');
  const score = session && firstDescendantOf(session, 'Score');
  const home = numberOrNull(score && childOf(score, 'LocalTeamScore'));
  const away = numberOrNull(score && childOf(score, 'VisitingTeamScore'));
  const size = session && firstDescendantOf(session, 'FieldSize');
  const length = numberOrNull(size && childOf(size, 'Width'));
  const width = numberOrNull(size && childOf(size, 'Height'));
  return {
    start: session && childOf(session, 'Start')?.text,
    homeTeamId: score?.attributes.idLocalTeam,
    awayTeamId: score?.attributes.idVisitingTeam,
    score: home !== null && away !== null ? { home, away } : null,
    pitch: length !== null && width !== null ? { length, width } : null,
    teams: descendantsOf(root, 'Team')
      .filter((t) => t.attributes.id)
      .map((t) => {
        const direction = parameterOf(t, 'attack_direction_first_half');
        return {
          id: t.attributes.id,
          name: childOf(t, 'Name')?.text,
          attacksRightFirstHalf: direction === null ? null : direction === 'left_to_right',
        };
      }),
    players: descendantsOf(root, 'Player')
      .filter((p) => p.attributes.id)
      .map((p) => ({
        id: p.attributes.id,
        teamId: p.attributes.teamId,
        name: childOf(p, 'Name')?.text,
        positionType: parameterOf(p, 'position_type'),
      })),
  };
}

/**
 * Parses an EPTS metadata file's text. Throws {@link DatasetError} naming the file and field when
 * it is not XML or lacks a field halfspace needs.
 * @example metricaMetadataOf(xml, 'Sample_Game_3_metadata.xml').score // => { home: 0, away: 2 }
 */
export function metricaMetadataOf(text: string, file: string): MetricaMetadata {
  let raw: Record<string, unknown>;
  try {
    raw = rawOf(xmlRootOf(text));
  } catch (err) {
    throw new DatasetError(file, null, null, `not readable as EPTS metadata XML: ${messageOf(err)}`);
  }
  const parsed = MetricaMetadata.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new DatasetError(file, issue.path.join('.') || null, null, issue.message);
  }
  const m = parsed.data;
  for (const id of [m.homeTeamId, m.awayTeamId])
    if (!m.teams.some((t) => t.id === id))
      throw new DatasetError(file, 'Teams', null, `the score names team ${id}, which Teams does not list`);
  return m;
}

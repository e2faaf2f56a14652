/**
 * A user's file joined onto a dataset (docs/enrich.md): market values, height, foot and contract
 * end onto players; colours and short names onto teams. An unmatched or ambiguous record is never
 * guessed. Pure: dataset and records in, dataset and report out.
 */
import { isIsoDate } from '../model/column-checks.js';
import { DatasetError } from '../model/dataset-error.js';
import { tokenKeyOf } from './names.js';
import { counted } from '../prose.js';
import { rowsOf, tableFromRows, type Dataset, type RowOf } from '../model/schema.js';
import { validateDataset } from '../model/validate.js';

/** Columns a values file may give (after `--map`): keys to join on, then the values joined. */
export const VALUE_TARGETS = [
  'player_id',
  'name',
  'birth_date',
  'club',
  'market_value_eur',
  'height_cm',
  'preferred_foot',
  'contract_end_date',
] as const;
export type ValueTarget = (typeof VALUE_TARGETS)[number];
/** Columns a teams file may give. */
export const TEAM_TARGETS = ['team_id', 'name', 'short_name', 'primary_color', 'secondary_color'] as const;
export type TeamTarget = (typeof TEAM_TARGETS)[number];

/** One record of the user's file: its line (for the report) and its cells by target column. */
export interface EnrichRecord<T extends string> {
  line: number;
  cells: Partial<Record<T, string>>;
}

/** How a join went: counts, and each unjoined record's line and reason. */
export interface EnrichReport {
  records: number;
  matched: number;
  ambiguous: number;
  unmatched: number;
  /** Lines not joined, with why (the first 50 of each kind). */
  problems: { line: number; kind: 'ambiguous' | 'unmatched'; reason: string }[];
}

const PROBLEMS_LISTED = 50;
const COLOR = /^#[0-9a-fA-F]{6}$/;

/** A cell's text, or null when empty. */
const textOf = (v: string | undefined): string | null => (v === undefined || v.trim() === '' ? null : v.trim());

/** Parses a cell as a non-negative number, or throws naming the file and line. */
function numberCell(file: string, line: number, column: string, v: string | undefined): number | null {
  const t = textOf(v);
  if (t === null) return null;
  const n = Number(t.replace(/[_\s]/g, ''));
  if (!Number.isFinite(n) || n < 0)
    throw new DatasetError(file, column, null, `line ${line}: "${t}" is not a number ≥ 0`);
  return n;
}

/** The single row of `candidates`, or why there is none or more than one. */
type Pick = { ok: true; index: number } | { ok: false; kind: 'ambiguous' | 'unmatched'; reason: string };

/** Records joined to row indices: a row claimed by two records is ambiguous for both. */
function joinAll<T extends string>(
  records: readonly EnrichRecord<T>[],
  pick: (r: EnrichRecord<T>) => Pick,
): { joined: Map<number, EnrichRecord<T>>; report: EnrichReport } {
  const picks = records.map((r) => ({ r, p: pick(r) }));
  const claims = new Map<number, number>();
  for (const { p } of picks) if (p.ok) claims.set(p.index, (claims.get(p.index) ?? 0) + 1);
  const report: EnrichReport = { records: records.length, matched: 0, ambiguous: 0, unmatched: 0, problems: [] };
  const joined = new Map<number, EnrichRecord<T>>();
  for (const { r, p } of picks) {
    const outcome: Pick =
      p.ok && (claims.get(p.index) ?? 0) > 1
        ? { ok: false, kind: 'ambiguous', reason: `${claims.get(p.index)} records name the same row` }
        : p;
    if (outcome.ok) {
      report.matched++;
      joined.set(outcome.index, r);
      continue;
    }
    report[outcome.kind]++;
    if (report.problems.filter((x) => x.kind === outcome.kind).length < PROBLEMS_LISTED)
      report.problems.push({ line: r.line, kind: outcome.kind, reason: outcome.reason });
  }
  return { joined, report };
}

/** The one row among `indices`, or ambiguous / unmatched with `what` in the reason. */
function single(indices: readonly number[], what: string): Pick {
  if (indices.length === 1) return { ok: true, index: indices[0] };
  if (indices.length === 0) return { ok: false, kind: 'unmatched', reason: `no player with ${what}` };
  return { ok: false, kind: 'ambiguous', reason: `${counted(indices.length, 'player')} with ${what}` };
}

/** The row whose id a record's id cell names, or unmatched. */
function pickById(byId: ReadonlyMap<number, number>, id: string, noun: string): Pick {
  const index = /^\d+$/.test(id) ? byId.get(Number(id)) : undefined;
  return index === undefined
    ? { ok: false, kind: 'unmatched', reason: `no ${noun} with id ${id}` }
    : { ok: true, index };
}

/** Finds players by id, or by name + birth date with the club breaking a tie. */
function playerPicker(dataset: Dataset, players: readonly RowOf<'players'>[]) {
  const byId = new Map(players.map((p, i) => [p.player_id, i]));
  const teamKey = new Map(
    rowsOf(dataset.tables.teams, 'teams').map((t) => [
      t.team_id,
      [t.name, t.short_name].filter(Boolean).map((n) => tokenKeyOf(n!)),
    ]),
  );
  const byBirth = new Map<string, number[]>();
  for (const [i, p] of players.entries())
    if (p.birth_date) byBirth.set(p.birth_date, [...(byBirth.get(p.birth_date) ?? []), i]);
  return (r: EnrichRecord<ValueTarget>): Pick => {
    const id = textOf(r.cells.player_id);
    if (id !== null) return pickById(byId, id, 'player');
    const name = textOf(r.cells.name);
    const birth = textOf(r.cells.birth_date);
    if (name === null || birth === null)
      return { ok: false, kind: 'unmatched', reason: 'neither a player id nor a name and birth date' };
    const key = tokenKeyOf(name);
    const found = (byBirth.get(birth) ?? []).filter((i) =>
      [players[i].name, players[i].known_as].some((n) => n && tokenKeyOf(n) === key),
    );
    const club = textOf(r.cells.club);
    if (found.length > 1 && club !== null) {
      const clubKey = tokenKeyOf(club);
      const atClub = found.filter((i) => (teamKey.get(players[i].team_id ?? -1) ?? []).includes(clubKey));
      if (atClub.length === 1) return { ok: true, index: atClub[0] };
    }
    return single(found, `name "${name}" born ${birth}${club ? ` (club ${club})` : ''}`);
  };
}

/** Parses a cell as a calendar date written YYYY-MM-DD, or throws naming the file and line. */
function dateCell(file: string, line: number, column: string, v: string | undefined): string | null {
  const t = textOf(v);
  if (t === null) return null;
  if (!isIsoDate(t))
    throw new DatasetError(file, column, null, `line ${line}: "${t}" is not a date written YYYY-MM-DD`);
  return t;
}

const FEET: Readonly<Record<string, 'left' | 'right' | 'both'>> = { left: 'left', right: 'right', both: 'both' };

/**
 * The dataset with market values (and height, foot and contract end when the file gives them)
 * joined onto its players (docs/enrich.md), and the report of matched, ambiguous and unmatched
 * records. `file` names the values file in errors and in the coverage note. Throws
 * {@link DatasetError} naming the line when a value is not a number ≥ 0, a foot is not left / right
 * / both or a contract end is not a YYYY-MM-DD date, and when the records
 * can be joined by neither id nor name + birth date.
 * @example enrichPlayers(ds, [{ line: 2, cells: { player_id: '8325', market_value_eur: '150000000' } }], 'v.csv').report.matched // => 1
 */
export function enrichPlayers(
  dataset: Dataset,
  records: readonly EnrichRecord<ValueTarget>[],
  file: string,
): { dataset: Dataset; report: EnrichReport } {
  const players = rowsOf(dataset.tables.players, 'players');
  const { joined, report } = joinAll(records, playerPicker(dataset, players));
  const rows = players.map((p, i) => {
    const r = joined.get(i);
    if (!r) return p;
    const value = numberCell(file, r.line, 'market_value_eur', r.cells.market_value_eur);
    const height = numberCell(file, r.line, 'height_cm', r.cells.height_cm);
    const contractEnd = dateCell(file, r.line, 'contract_end_date', r.cells.contract_end_date);
    const footText = textOf(r.cells.preferred_foot);
    const foot = footText === null ? null : FEET[footText.toLowerCase()];
    if (foot === undefined)
      throw new DatasetError(file, 'preferred_foot', null, `line ${r.line}: "${footText}" is not left, right or both`);
    return {
      ...p,
      market_value_eur: value ?? p.market_value_eur,
      height_cm: height === null ? p.height_cm : Math.round(height),
      preferred_foot: foot ?? p.preferred_foot,
      contract_end_date: contractEnd ?? p.contract_end_date,
    };
  });
  const coverage = { ...(dataset.meta.coverage ?? {}) };
  const valued = rows.filter((p) => p.market_value_eur !== null).length;
  coverage['players.market_value_eur'] =
    `from ${file} (halfspace enrich, docs/enrich.md): ${counted(report.matched, 'record')} of ${report.records} joined; ${counted(valued, 'player')} of ${rows.length} valued, the others null (fee tier unknown)`;
  const contracts = rows.filter((p) => p.contract_end_date !== null).length;
  if (contracts > 0)
    coverage['players.contract_end_date'] =
      `from ${file} (halfspace enrich, docs/enrich.md): ${counted(contracts, 'player')} of ${rows.length} with a contract end, the others null`;
  const out: Dataset = {
    meta: { ...dataset.meta, coverage },
    tables: { ...dataset.tables, players: tableFromRows('players', rows) },
  };
  validateDataset(out, { source: 'memory' });
  return { dataset: out, report };
}

/**
 * The dataset with short names and colours (`#RRGGBB`) joined onto its teams by team id or by
 * exact name (docs/enrich.md#teams). Throws {@link DatasetError} naming the line for a colour that
 * is not `#RRGGBB`.
 * @example enrichTeams(ds, [{ line: 2, cells: { name: 'Arsenal', primary_color: '#EF0107' } }], 't.csv').report.matched // => 1
 */
export function enrichTeams(
  dataset: Dataset,
  records: readonly EnrichRecord<TeamTarget>[],
  file: string,
): { dataset: Dataset; report: EnrichReport } {
  const teams = rowsOf(dataset.tables.teams, 'teams');
  const byId = new Map(teams.map((t, i) => [t.team_id, i]));
  const byName = new Map<string, number[]>();
  teams.forEach((t, i) => {
    for (const key of new Set([t.name, t.short_name].filter(Boolean).map((n) => tokenKeyOf(n!))))
      byName.set(key, [...(byName.get(key) ?? []), i]);
  });
  const { joined, report } = joinAll(records, (r): Pick => {
    const id = textOf(r.cells.team_id);
    if (id !== null) return pickById(byId, id, 'team');
    const name = textOf(r.cells.name);
    if (name === null) return { ok: false, kind: 'unmatched', reason: 'neither a team id nor a name' };
    const found = byName.get(tokenKeyOf(name)) ?? [];
    return found.length === 1
      ? { ok: true, index: found[0] }
      : {
          ok: false,
          kind: found.length === 0 ? 'unmatched' : 'ambiguous',
          reason: `${found.length} teams named "${name}"`,
        };
  });
  const rows = teams.map((t, i) => {
    const r = joined.get(i);
    if (!r) return t;
    const color = (column: 'primary_color' | 'secondary_color'): string | null => {
      const c = textOf(r.cells[column]);
      if (c !== null && !COLOR.test(c))
        throw new DatasetError(file, column, null, `line ${r.line}: "${c}" is not #RRGGBB`);
      return c;
    };
    return {
      ...t,
      short_name: textOf(r.cells.short_name) ?? t.short_name,
      primary_color: color('primary_color') ?? t.primary_color,
      secondary_color: color('secondary_color') ?? t.secondary_color,
    };
  });
  const coverage = { ...(dataset.meta.coverage ?? {}) };
  for (const column of ['short_name', 'primary_color', 'secondary_color'] as const)
    coverage[`teams.${column}`] =
      `from ${file} (halfspace enrich --teams): ${rows.filter((t) => t[column] !== null).length} of ${rows.length} teams`;
  const out: Dataset = {
    meta: { ...dataset.meta, coverage },
    tables: { ...dataset.tables, teams: tableFromRows('teams', rows) },
  };
  validateDataset(out, { source: 'memory' });
  return { dataset: out, report };
}

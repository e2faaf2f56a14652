/** Options and helpers shared by the `halfspace` commands that read a dataset. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { tableFileOf } from '../data/save.js';
import { TABLE_NAMES, type Dataset, type TableName } from '../data/schema.js';
import { Engine } from '../engine.js';
import type { Result } from '../errors.js';
import { FailureLine, UsageError } from './run.js';

/** `--dataset` (every command) and `--json`. */
export const DATASET_OPTIONS = {
  dataset: { type: 'string', default: 'demo' },
  json: { type: 'boolean', default: false },
} as const;

/** `--name`, `--player-id`, `--team-hint`. */
export const IDENTITY_OPTIONS = {
  name: { type: 'string' },
  'player-id': { type: 'string' },
  'team-hint': { type: 'string' },
} as const;

/** Opens the dataset named by `--dataset` (default: the bundled demo universe). */
export function openEngine(values: Record<string, unknown>): Engine {
  return Engine.open({ dataset: (values.dataset as string | undefined) ?? 'demo' });
}

/** Parses an integer flag; throws a usage error naming the flag otherwise. */
export function intFlag(values: Record<string, unknown>, flag: string): number | undefined {
  const raw = values[flag];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw new UsageError(`--${flag} must be an integer, got "${String(raw)}"`);
  return n;
}

/** The identity fields of a request from `--name`, `--player-id`, `--team-hint`. */
export function identityOf(values: Record<string, unknown>, nameField = 'name') {
  const out: Record<string, string | number> = {};
  if (values.name !== undefined) out[nameField] = values.name as string;
  const id = intFlag(values, 'player-id');
  if (id !== undefined) out.player_id = id;
  if (values['team-hint'] !== undefined) out.team_hint = values['team-hint'] as string;
  if (out[nameField] === undefined && out.player_id === undefined) throw new UsageError('give --name or --player-id');
  return out;
}

/** Returns a successful value or throws the failure as one readable line (exit code 2). */
export function valueOrExit<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  const { code, message, candidates, suggestions } = result.error as {
    code: string;
    message: string;
    candidates?: { name: string; team?: string | null }[];
    suggestions?: { name: string; team?: string | null }[];
  };
  const list = candidates ?? suggestions;
  const extra =
    list && list.length > 0
      ? ` (${candidates ? 'candidates' : 'did you mean'}: ${list.map((c) => (c.team ? `${c.name} [${c.team}]` : c.name)).join('; ')})`
      : '';
  throw new FailureLine(result.error, `${code}: ${message}${extra}`);
}

export { jsonOut } from './json-out.js';

/**
 * Throws unless `out` may be replaced by a dataset folder: it must not exist, be empty, or already
 * be an Arrow dataset folder (only `dataset.json` and `<table>.arrow` files), because writing
 * replaces the folder.
 */
export function assertReplaceable(out: string): void {
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory()) throw new UsageError(`--out ${out} is a file, not a folder`);
  const entries = readdirSync(out);
  const datasetFiles = new Set(['dataset.json', ...TABLE_NAMES.map(tableFileOf)]);
  if (entries.length > 0 && !(entries.includes('dataset.json') && entries.every((e) => datasetFiles.has(e)))) {
    throw new UsageError(
      `refusing to replace ${out}: it holds files that are not an Arrow dataset (choose a new or empty folder)`,
    );
  }
}

/**
 * Throws a usage error unless a file can be created at `out` (`flag` names the option): its
 * folder must exist and `out` must not be a folder. Checked before the work, so a typo in the path
 * does not cost a whole computation; permissions still surface when writing (exit 2 as well).
 */
export function assertFileTarget(out: string, flag = '--out'): void {
  const folder = dirname(resolve(out));
  if (!existsSync(folder)) throw new UsageError(`${flag} ${out}: the folder ${folder} does not exist`);
  if (!statSync(folder).isDirectory()) throw new UsageError(`${flag} ${out}: ${folder} is not a folder`);
  if (existsSync(out) && statSync(out).isDirectory()) throw new UsageError(`${flag} ${out} is a folder, give a file`);
}

/** Rows of each table a dataset has, for the ingest summaries. @example tableRowsOf(dataset).players // => 4424 */
export function tableRowsOf(dataset: Dataset): Partial<Record<TableName, number>> {
  const rows: Partial<Record<TableName, number>> = {};
  for (const name of TABLE_NAMES) {
    const table = dataset.tables[name];
    if (table) rows[name] = table.numRows;
  }
  return rows;
}

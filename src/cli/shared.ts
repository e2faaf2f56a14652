/** Options and helpers shared by the `halfspace` commands that read a dataset. */
import { accessSync, constants, existsSync, lstatSync, readdirSync, type Stats, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { TABLE_NAMES, tableFileOf, type Dataset, type TableName } from '../model/schema.js';
import { Engine } from '../engine.js';
import { asOfCutoffMs } from '../matches/standings-request.js';
import type { Result } from '../errors.js';
import { jsonOut } from './json-out.js';
import { codeOf, FailureLine, UsageError, type CliIo } from './run.js';

/** `--dataset` (every command), `--as-of`, `--minutes-min` and `--json`, and how usage lines write them. */
export const DATASET = {
  options: {
    dataset: { type: 'string', default: 'demo' },
    /** The day the engine takes for "now": upcoming fixtures and predicted line-ups as of then (docs/guide.md#command-line). */
    'as-of': { type: 'string' },
    /** Minutes a player-season needs to be a cohort member (default 450). */
    'minutes-min': { type: 'string' },
    json: { type: 'boolean', default: false },
  },
  usage: '[--dataset DIR] [--as-of YYYY-MM-DD] [--minutes-min N] [--json]',
} as const;

/** `--name`, `--player-id`, `--team-hint`, and how usage lines write them. */
export const IDENTITY = {
  options: { name: { type: 'string' }, 'player-id': { type: 'string' }, 'team-hint': { type: 'string' } },
  usage: '--name NAME [--player-id N] [--team-hint CLUB]',
} as const;

/** The flags of {@link DATASET} as a command reads them. */
type DatasetValues = { dataset?: string; 'as-of'?: string; 'minutes-min'?: string; json?: boolean };

/** Opens the dataset named by `--dataset` (default: the bundled demo universe). */
export function openEngine(values: DatasetValues): Engine {
  const minutesMin = intFlag(values, 'minutes-min');
  if (minutesMin !== undefined && minutesMin < 0) throw new UsageError(`--minutes-min must be ≥ 0, got ${minutesMin}`);
  const asOf = values['as-of'];
  // A date's "now" is noon UTC, as for the dataset's own as-of date (docs/methodology/matches.md#modes).
  const noonMs = asOf === undefined ? null : Date.parse(`${asOf}T12:00:00Z`);
  if (asOf !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(asOf) || Number.isNaN(noonMs) || asOfCutoffMs(asOf) === null))
    throw new UsageError(`--as-of must be a date YYYY-MM-DD, got "${asOf}"`);
  return Engine.open({
    dataset: values.dataset ?? 'demo',
    ...(minutesMin !== undefined ? { minutesMin } : {}),
    ...(noonMs !== null ? { clock: () => new Date(noonMs) } : {}),
  });
}

/**
 * Parses an integer flag, within `range` (inclusive) when one is given; undefined when the flag is
 * absent; throws a usage error naming the flag (and the range) otherwise.
 * @example intFlag({ port: '8080' }, 'port', [0, 65_535]) // => 8080
 */
export function intFlag(
  values: Record<string, unknown>,
  flag: string,
  range?: readonly [min: number, max: number],
): number | undefined {
  const raw = values[flag];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  const [min, max] = range ?? [-Infinity, Infinity];
  if (!Number.isInteger(n) || n < min || n > max)
    throw new UsageError(`--${flag} must be an integer${range ? ` ${min}–${max}` : ''}, got "${String(raw)}"`);
  return n;
}

/** The identity fields of a request from `--name`, `--player-id`, `--team-hint`. */
export function identityOf(values: { name?: string; 'player-id'?: string; 'team-hint'?: string }, nameField = 'name') {
  const out: Record<string, string | number> = {};
  if (values.name !== undefined) out[nameField] = values.name;
  const id = intFlag(values, 'player-id');
  if (id !== undefined) out.player_id = id;
  if (values['team-hint'] !== undefined) out.team_hint = values['team-hint'];
  if (out[nameField] === undefined && out.player_id === undefined) throw new UsageError('give --name or --player-id');
  return out;
}

/** A player a failure offers (`candidates` of an ambiguous name, `suggestions` of an unknown one). */
interface Candidate {
  name: string;
  team?: unknown;
}

/** The candidates a failure member lists, or undefined when it lists none. */
function candidatesIn(value: unknown): Candidate[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((c): c is Candidate => typeof c === 'object' && c !== null && typeof c.name === 'string');
}

/** Returns a successful value or throws the failure as one readable line (exit code 2). */
export function valueOrExit<T>(result: Result<T>): T {
  if (result.ok) return result.value;
  const { code, message } = result.error;
  const candidates = candidatesIn(result.error.candidates);
  const suggestions = candidatesIn(result.error.suggestions);
  const list = candidates ?? suggestions;
  const extra =
    list && list.length > 0
      ? ` (${candidates ? 'candidates' : 'did you mean'}: ${list.map((c) => (c.team ? `${c.name} [${c.team}]` : c.name)).join('; ')})`
      : '';
  throw new FailureLine(result.error, `${code}: ${message}${extra}`);
}

/**
 * Opens the engine `--dataset` names, asks it one question and prints the answer: as the engine
 * returns it under `--json`, else as `text` writes it. A failure is one line on stderr (exit 2).
 */
export function printAnswer<T>(
  values: DatasetValues,
  io: CliIo,
  ask: (engine: Engine) => Result<T>,
  text: (answer: T) => string,
): void {
  const answer = valueOrExit(ask(openEngine(values)));
  io.stdout(values.json ? jsonOut(answer) : text(answer));
}

/**
 * The result unchanged, unless the engine refused a request field: that is thrown as a usage error
 * naming the flag the field came from (`filters.max_age` → `--max-age: must be …`).
 */
export function withFlagNames<T>(result: Result<T>): Result<T> {
  if (result.ok || result.error.code !== 'invalid_request' || !result.error.param) return result;
  const flag = `--${result.error.param.replace(/^filters\./, '').replaceAll('_', '-')}`;
  throw new UsageError(`${flag}: ${result.error.message.replace(/^[\w.]+: /, '')}`);
}

/** Rows of each table as the ingest summaries print them: `players 4,424, teams 40`. */
export function rowCountsText(dataset: Dataset): string {
  return Object.entries(tableRowsOf(dataset))
    .map(([name, rows]) => `${name} ${rows.toLocaleString('en-US')}`)
    .join(', ');
}

/**
 * Throws unless `out` may be replaced by a dataset folder: its parent folder must exist and be
 * writable, and `out` must not exist, be empty, or already be an Arrow dataset folder (only
 * `dataset.json` and `<table>.arrow` files), because writing replaces the folder.
 */
export function assertReplaceable(out: string): void {
  assertOutFolder(out);
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

/** Node's system error code of a failed `statSync`, or rethrows what is not a system error. */
function statOrCode(path: string): Stats | string {
  try {
    return statSync(path);
  } catch (error) {
    const code = codeOf(error);
    if (typeof code === 'string') return code;
    throw error;
  }
}

/**
 * Throws a usage error unless the folder that will hold `out` exists and can be written to. No
 * `--out` creates missing folders (docs/guide.md#command-line): a typo in the path is refused
 * before any work and leaves nothing behind, as `cp`, `mv` and `--db` do.
 */
function assertOutFolder(out: string, flag = '--out'): void {
  const folder = dirname(resolve(out));
  const stat = statOrCode(folder);
  if (stat === 'ENOENT') throw new UsageError(`${flag} ${out}: the folder ${folder} does not exist (create it first)`);
  if (stat === 'ENOTDIR' || (typeof stat !== 'string' && !stat.isDirectory()))
    throw new UsageError(`${flag} ${out}: ${folder} is not a folder`);
  if (typeof stat === 'string') throw new UsageError(`${flag} ${out}: cannot open the folder ${folder} (${stat})`);
  try {
    accessSync(folder, constants.W_OK);
  } catch {
    throw new UsageError(`${flag} ${out}: the folder ${folder} is not writable`);
  }
}

/** What a path that is not a regular file is, for the refusal of {@link assertFileTarget}. */
function kindOf(out: string): string | null {
  const s = lstatSync(out, { throwIfNoEntry: false });
  if (!s || s.isFile()) return null;
  if (s.isDirectory()) return 'a folder';
  if (s.isSymbolicLink()) return 'a symbolic link';
  if (s.isFIFO()) return 'a named pipe (FIFO)';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  return s.isSocket() ? 'a socket' : 'not a regular file';
}

/**
 * Throws a usage error unless a file can be created at `out` (`flag` names the option): its
 * folder must exist and be writable, and `out` must be missing or a regular file. A symbolic link, FIFO or device
 * is refused: the write goes to a temporary sibling renamed into place, which would replace the
 * link or device node itself. Checked before the work, so a typo in the path does not cost a
 * whole computation; a full disk still surfaces when writing (exit 2 as well, nothing left at `out`).
 */
export function assertFileTarget(out: string, flag = '--out'): void {
  assertOutFolder(out, flag);
  const kind = kindOf(out);
  if (kind === 'a folder') throw new UsageError(`${flag} ${out} is a folder, give a file`);
  if (kind) throw new UsageError(`${flag} ${out} is ${kind}; give a regular file or a new path`);
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

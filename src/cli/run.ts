import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { type Failure, HalfspaceError } from '../errors.js';
import { DatasetError } from '../model/dataset-error.js';
import { packageRoot } from '../io/paths.js';

/**
 * Streams a command writes to; injectable so tests can capture output. They return `unknown`, not
 * `void`, so a command cannot `return io.stdout(…)`: that would hand `write`'s boolean to the exit
 * code (see {@link ExitCode}).
 */
export interface CliIo {
  stdout: (text: string) => unknown;
  stderr: (text: string) => unknown;
}

/** Option declarations as `parseArgs` takes them: `{ out: { type: 'string' }, json: { type: 'boolean' } }`. */
export type OptionsConfig = NonNullable<ParseArgsConfig['options']>;

/** How every command line is parsed: unknown flags and a value given to a boolean flag are errors. */
type ParseConfig<O extends OptionsConfig> = { args: string[]; options: O; strict: true; allowPositionals: boolean };

/**
 * The parsed flags of `options`, typed from their declarations: a `string` flag is a string, a
 * `multiple` one an array, and each is optional unless it declares a `default`.
 */
export type OptionValues<O extends OptionsConfig> = ReturnType<typeof parseArgs<ParseConfig<O>>>['values'];

/** What a command's `run` receives: its flags typed from its `options`, the positional words, the streams. */
export interface CommandArgs<O extends OptionsConfig = OptionsConfig> {
  values: OptionValues<O>;
  positionals: string[];
  io: CliIo;
}

/** What `run` may return: an exit code, or nothing for 0 (an `unknown` such as a write's result does not type-check). */
// biome-ignore lint/suspicious/noConfusingVoidType: `void` lets a command end without `return 0` while an `unknown` (a write's result) still fails to type-check
export type ExitCode = number | void;

/**
 * One `halfspace` sub-command as its module defines it; its name and summary are the command
 * list's (./commands/catalog.ts), so a module never states them a second time.
 */
export interface Command {
  usage: string;
  options: OptionsConfig;
  positionals?: boolean;
  /** Parses `argv` (the words after the command's name) against `options`, runs, and returns the exit code (0 when omitted). */
  run(args: { argv: string[]; io: CliIo }): Promise<ExitCode> | ExitCode;
}

/** A command as written: like {@link Command}, but `run` gets the parsed flags typed from `options`. */
interface CommandSpec<O extends OptionsConfig> extends Omit<Command, 'options' | 'run'> {
  options: O;
  /** Returns the exit code (0 when omitted). */
  run(args: CommandArgs<O>): Promise<ExitCode> | ExitCode;
}

/**
 * A command whose `run` reads its flags with the types their declarations give (`values.out` is
 * `string | undefined`), parsed strictly: an unknown flag throws `ERR_PARSE_ARGS_*` (exit 2).
 */
export function defineCommand<const O extends OptionsConfig>(spec: CommandSpec<O>): Command {
  return {
    ...spec,
    run({ argv, io }) {
      const { values, positionals } = parseArgs<ParseConfig<O>>({
        args: argv,
        options: spec.options,
        allowPositionals: spec.positionals ?? false,
        strict: true,
      });
      return spec.run({ values, positionals, io });
    },
  };
}

/**
 * A command as the top-level list knows it before its module is loaded: `halfspace --help` and the
 * unknown-command message need only the name (which may contain a space for nested commands:
 * `keys create`) and the summary, so `load` (a dynamic import) runs only when this command runs
 * or its own `--help` is asked.
 */
export interface CommandEntry {
  name: string;
  summary: string;
  load: () => Promise<Command>;
}

/** A listed command already loaded: its module's {@link Command} with the list's name and summary. */
export type LoadedCommand = Command & Omit<CommandEntry, 'load'>;

/** What {@link runCli} dispatches over: loaded commands, entries that load on use, or a mix. */
export type CommandList = readonly (LoadedCommand | CommandEntry)[];

/** A caller mistake on the command line: printed as one line on stderr, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * Error codes of the operating system and of SQLite that name a problem with what the user gave
 * (a path, a permission, a port, a file that is not a database): exit 2, not a crash.
 */
const USER_ERROR_CODES = new Set([
  ...'ENOENT ENOTDIR EISDIR EACCES EPERM EEXIST EROFS ENOSPC EDQUOT ENAMETOOLONG ELOOP EMFILE ENFILE'.split(' '),
  ...'EADDRINUSE EADDRNOTAVAIL ECONNREFUSED ENOTFOUND ETIMEDOUT'.split(' '),
  ...'SQLITE_CANTOPEN SQLITE_NOTADB SQLITE_READONLY SQLITE_PERM SQLITE_CORRUPT SQLITE_BUSY SQLITE_FULL SQLITE_IOERR'.split(
    ' ',
  ),
]);

/** The `code` a thrown value carries (node's system errors: `ENOENT`), or undefined when it has none. */
export const codeOf = (error: unknown): unknown => fieldOf(error, 'code');

/** Member `key` of a value read from outside (a thrown error, parsed JSON), or undefined when it is not an object. */
export const fieldOf = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;

/** The system code of a file, network or SQLite error (`ENOENT`, `SQLITE_BUSY`), or null for any other error. */
function systemCodeOf(error: unknown): string | null {
  const code = codeOf(error);
  return typeof code === 'string' && (USER_ERROR_CODES.has(code) || code.startsWith('SQLITE_')) ? code : null;
}

/** The stack of a thrown value for HALFSPACE_DEBUG=1, or the value itself as text when it has none. */
function stackOf(error: unknown): string {
  const stack = typeof error === 'object' && error !== null && 'stack' in error ? error.stack : undefined;
  return typeof stack === 'string' ? stack : String(error);
}

/** True when `error` is the user's mistake (bad flag, unknown player, bad data, bad path) rather than a bug. */
export function isUserError(error: unknown): boolean {
  if (error instanceof UsageError || error instanceof HalfspaceError || error instanceof DatasetError) return true;
  const code = codeOf(error);
  return (
    typeof code === 'string' &&
    (code.startsWith('ERR_PARSE_ARGS') || USER_ERROR_CODES.has(code) || code.startsWith('SQLITE_IOERR'))
  );
}

/**
 * The one stderr line for a thrown error, without the `halfspace <command>: ` prefix: the message
 * on one line, led by the error's system code when the message does not already start with it
 * (`ENOENT: no such file or directory, open '/missing/x.png'`).
 */
export function errorLineOf(error: unknown): string {
  const raw = typeof error === 'object' && error !== null && 'message' in error ? error.message : undefined;
  const message = (typeof raw === 'string' && raw !== '' ? raw : String(error)).replace(/\s*\n\s*/g, ' ').trim();
  const code = systemCodeOf(error);
  return code && !message.startsWith(code) ? `${code}: ${message}` : message;
}

/**
 * An engine failure shown on the command line: its message is the readable line (code, message and
 * candidates); `plain` keeps the failure as the engine gave it, for `--json`.
 */
export class FailureLine extends HalfspaceError {
  readonly plain: Failure;
  constructor(failure: Failure, line: string) {
    super({ ...failure, message: line });
    this.plain = failure;
  }
}

/** The machine-readable code of a user error on the command line (`--json` prints it). */
function errorCodeOf(error: unknown): string {
  if (error instanceof HalfspaceError) return error.code;
  if (error instanceof DatasetError) return 'invalid_dataset';
  return systemCodeOf(error) ? 'io_error' : 'invalid_request';
}

/** The first flag a usage or parse error names (`Unknown option '--bogus'` → `bogus`), for `param`. */
const optionParamOf = (message: string): string | undefined => /--([a-z][\w-]*)/.exec(message)?.[1];

/**
 * The one stderr line of a user error under `--json`: a JSON object `{code, message, param?}` plus the
 * failure's own members (e.g. `candidates`), and `system_code` (`ENOENT`) for file and network errors.
 */
function errorJsonOf(error: unknown): string {
  const message = errorLineOf(error);
  const body: Record<string, unknown> = { code: errorCodeOf(error), message };
  if (error instanceof HalfspaceError) {
    const { code: _code, ...failure } = error instanceof FailureLine ? error.plain : error.failure;
    Object.assign(body, failure);
  } else if (error instanceof DatasetError) {
    if (error.column) body.param = error.column;
  } else if (body.code === 'io_error') {
    body.system_code = codeOf(error);
  } else {
    const param = optionParamOf(message);
    if (param) body.param = param;
  }
  return JSON.stringify(body);
}

/** The `version` of halfspace's package.json, or "unknown" when it cannot be read. */
function versionOf(): string {
  try {
    const version = fieldOf(JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')), 'version');
    return typeof version === 'string' && version ? version : 'unknown';
  } catch {
    return 'unknown';
  }
}

const defaultIo: CliIo = { stdout: (t) => process.stdout.write(t), stderr: (t) => process.stderr.write(t) };

function helpText(commands: CommandList): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'halfspace — football intelligence over Arrow tables',
    '',
    'Usage: halfspace <command> [options]   (halfspace <command> --help for its options)',
    '       halfspace --version',
    '',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
  ].join('\n');
}

/** Picks the longest command name that prefixes argv (so `keys create` beats `keys`). */
function findCommand<C extends { name: string }>(
  commands: readonly C[],
  argv: string[],
): { command: C; rest: string[] } | null {
  let best: { command: C; rest: string[] } | null = null;
  for (const command of commands) {
    const words = command.name.split(' ');
    if (words.every((w, i) => argv[i] === w) && (!best || words.length > best.command.name.split(' ').length)) {
      best = { command, rest: argv.slice(words.length) };
    }
  }
  return best;
}

/** Set HALFSPACE_DEBUG=1 to print the stack trace of an unexpected error. */
const debugOn = (): boolean => process.env.HALFSPACE_DEBUG === '1';

/**
 * Runs one command line and returns its exit code: 0 success, 2 bad input (one line on stderr),
 * 1 a bug (one line on stderr; the stack too with HALFSPACE_DEBUG=1).
 */
export async function runCli(commands: CommandList, argv: string[], io: CliIo = defaultIo): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.stdout(helpText(commands));
    return 0;
  }
  if (argv[0] === '--version' || argv[0] === '-v') {
    io.stdout(`${versionOf()}\n`);
    return 0;
  }
  const found = findCommand(commands, argv);
  if (!found) {
    const group = commands.filter((c) => c.name.startsWith(`${argv[0]} `)).map((c) => c.name);
    io.stderr(
      group.length > 0
        ? `halfspace: "${argv.slice(0, 2).join(' ')}" is not a command; give one of: ${group.join(', ')}\n`
        : `halfspace: unknown command "${argv[0]}" (run halfspace --help)\n`,
    );
    return 2;
  }
  const { rest } = found;
  const name = found.command.name;
  // `--json` asks for machine-readable output, errors included (docs/guide.md#command-line).
  const json = rest.includes('--json');
  try {
    const listed = found.command;
    const command = 'load' in listed ? await listed.load() : listed;
    if (rest.includes('--help') || rest.includes('-h')) {
      io.stdout(`${listed.summary}\n\nUsage: halfspace ${command.usage}\n`);
      return 0;
    }
    const code: unknown = await command.run({ argv: rest, io });
    // A non-number (a stray boolean from a write) is a bug in the command, but its output is
    // already printed; exiting 0 is what the user expects.
    return typeof code === 'number' && Number.isInteger(code) ? code : 0;
  } catch (e) {
    if (isUserError(e)) {
      io.stderr(json ? `${errorJsonOf(e)}\n` : `halfspace ${name}: ${errorLineOf(e)}\n`);
      return 2;
    }
    io.stderr(
      json
        ? `${JSON.stringify({ code: 'internal_error', message: errorLineOf(e) })}\n`
        : `halfspace ${name}: internal error: ${errorLineOf(e)}${debugOn() ? '' : ' (HALFSPACE_DEBUG=1 shows the stack)'}\n`,
    );
    if (debugOn()) io.stderr(`${stackOf(e)}\n`);
    return 1;
  }
}

/** True for the error of a write to a pipe whose reader has gone (`… | head`). */
const isClosedPipe = (error: unknown): boolean => {
  const code = codeOf(error);
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
};

/**
 * Entry point used by `bin/halfspace`: runs argv and sets the process exit code. A closed stdout
 * (`halfspace … | head -c 100`) ends the process quietly with exit 0; an error thrown outside a
 * command (a late callback) still prints one line, never a stack unless HALFSPACE_DEBUG=1.
 */
export async function runCommand(commands: CommandList, argv: string[]): Promise<void> {
  process.stdout.on('error', (error) => {
    if (isClosedPipe(error)) process.exit(0);
    throw error;
  });
  process.stderr.on('error', () => {
    // Nowhere left to report to: stay quiet rather than crash.
  });
  const last = (error: unknown) => {
    if (isClosedPipe(error)) process.exit(0);
    process.stderr.write(`halfspace: ${isUserError(error) ? '' : 'internal error: '}${errorLineOf(error)}\n`);
    if (debugOn()) process.stderr.write(`${stackOf(error)}\n`);
    process.exit(isUserError(error) ? 2 : 1);
  };
  process.on('uncaughtException', last);
  process.on('unhandledRejection', last);
  const io: CliIo = {
    stdout: (text) => {
      try {
        process.stdout.write(text);
      } catch (error) {
        if (isClosedPipe(error)) process.exit(0);
        throw error;
      }
    },
    stderr: (text) => void process.stderr.write(text),
  };
  process.exitCode = await runCli(commands, argv, io);
}

import { parseArgs, type ParseArgsConfig } from 'node:util';
import { HalfspaceError } from '../errors.js';
import { DatasetError } from '../data/dataset-error.js';

/** Streams a command writes to; injectable so tests can capture output. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export interface CommandArgs {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
  io: CliIo;
}

/** One `halfspace` sub-command. `name` may contain a space for nested commands (`keys create`). */
export interface Command {
  name: string;
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  positionals?: boolean;
  /** Returns the exit code (0 when omitted). */
  run(args: CommandArgs): Promise<number | void> | number | void;
}

/** A caller mistake on the command line: printed as one line on stderr, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const defaultIo: CliIo = {
  stdout: (t) => process.stdout.write(t),
  stderr: (t) => process.stderr.write(t),
};

function helpText(commands: readonly Command[]): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'halfspace — football intelligence over Arrow tables',
    '',
    'Usage: halfspace <command> [options]   (halfspace <command> --help for its options)',
    '',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
  ].join('\n');
}

/** Picks the longest command name that prefixes argv (so `keys create` beats `keys`). */
function findCommand(commands: readonly Command[], argv: string[]): { command: Command; rest: string[] } | null {
  let best: { command: Command; rest: string[] } | null = null;
  for (const command of commands) {
    const words = command.name.split(' ');
    if (words.every((w, i) => argv[i] === w) && (!best || words.length > best.command.name.split(' ').length)) {
      best = { command, rest: argv.slice(words.length) };
    }
  }
  return best;
}

/**
 * Runs one command line and returns its exit code: 0 success, 2 bad input (one line on stderr),
 * 1 anything unexpected.
 */
export async function runCli(commands: readonly Command[], argv: string[], io: CliIo = defaultIo): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.stdout(helpText(commands));
    return 0;
  }
  const found = findCommand(commands, argv);
  if (!found) {
    io.stderr(`halfspace: unknown command "${argv[0]}" (run halfspace --help)\n`);
    return 2;
  }
  const { command, rest } = found;
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(`${command.summary}\n\nUsage: halfspace ${command.usage}\n`);
    return 0;
  }
  try {
    const parsed = parseArgs({ args: rest, options: command.options, allowPositionals: command.positionals ?? false, strict: true });
    const code = await command.run({ values: parsed.values, positionals: parsed.positionals, io });
    // Only a number is an exit code: a command that returns whatever io.stdout returned (a boolean
    // from process.stdout.write) would otherwise crash the process on `process.exitCode = true`.
    return typeof code === 'number' ? code : 0;
  } catch (e) {
    if (e instanceof UsageError || e instanceof HalfspaceError || e instanceof DatasetError || (e as { code?: string }).code?.startsWith?.('ERR_PARSE_ARGS')) {
      io.stderr(`halfspace ${command.name}: ${(e as Error).message}\n`);
      return 2;
    }
    io.stderr(`halfspace ${command.name}: unexpected error: ${(e as Error).stack ?? e}\n`);
    return 1;
  }
}

/** Entry point used by `bin/halfspace`: runs argv and sets the process exit code. */
export async function runCommand(commands: readonly Command[], argv: string[]): Promise<void> {
  process.exitCode = await runCli(commands, argv);
}

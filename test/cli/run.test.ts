/**
 * Units of the CLI runner: which thrown errors are the user's (exit 2) and the one line printed for
 * them, and the type rule that keeps a write's result out of the exit code (`tsc --noEmit` checks
 * the `@ts-expect-error` below: it fails the build if the mistake type-checks again).
 */
import { describe, expect, it } from 'vitest';
import { HalfspaceError } from '../../src/errors.js';
import {
  errorLineOf,
  isUserError,
  runCli,
  UsageError,
  type CliIo,
  type Command,
  type LoadedCommand,
} from '../../src/cli/run.js';

const sysError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('isUserError', () => {
  it('counts usage, engine and path errors as the user’s, and anything else as a bug', () => {
    expect(isUserError(new UsageError('give --out'))).toBe(true);
    expect(isUserError(new HalfspaceError({ code: 'player_not_found', message: 'x' }))).toBe(true);
    expect(isUserError(sysError('ENOENT', "ENOENT: no such file or directory, open '/x/y.png'"))).toBe(true);
    expect(isUserError(sysError('EACCES', 'EACCES: permission denied'))).toBe(true);
    expect(isUserError(sysError('SQLITE_NOTADB', 'file is not a database'))).toBe(true);
    expect(isUserError(sysError('ERR_PARSE_ARGS_UNKNOWN_OPTION', "Unknown option '--x'"))).toBe(true);
    expect(isUserError(new TypeError('x is undefined'))).toBe(false);
    expect(isUserError(sysError('ERR_INVALID_ARG_TYPE', 'bad'))).toBe(false);
    expect(isUserError(null)).toBe(false);
  });
});

describe('errorLineOf', () => {
  it('keeps a message that already leads with its code, and leads with the code otherwise', () => {
    expect(errorLineOf(sysError('ENOENT', "ENOENT: no such file or directory, open '/x/y.png'"))).toBe(
      "ENOENT: no such file or directory, open '/x/y.png'",
    );
    expect(errorLineOf(sysError('SQLITE_NOTADB', 'file is not a database'))).toBe(
      'SQLITE_NOTADB: file is not a database',
    );
    expect(errorLineOf(new UsageError('give --out FILE.png'))).toBe('give --out FILE.png');
  });

  it('is always one line', () => {
    expect(errorLineOf(new Error('first\n  second\n'))).toBe('first second');
    expect(errorLineOf('plain string')).toBe('plain string');
  });
});

describe('runCli', () => {
  const io = () => {
    const out = { stdout: '', stderr: '' };
    return {
      out,
      io: { stdout: (t: string) => void (out.stdout += t), stderr: (t: string) => void (out.stderr += t) },
    };
  };
  const command = (run: Command['run']): LoadedCommand => ({
    name: 'demo',
    summary: 's',
    usage: 'demo',
    options: {},
    run,
  });

  it('turns a bug into exit 1 and one line without a stack', async () => {
    const { out, io: sink } = io();
    const code = await runCli(
      [
        command(() => {
          throw new TypeError('boom\nmore');
        }),
      ],
      ['demo'],
      sink,
    );
    expect(code).toBe(1);
    expect(out.stderr).toBe('halfspace demo: internal error: boom more (HALFSPACE_DEBUG=1 shows the stack)\n');
  });

  it('turns a path error into exit 2 and one line', async () => {
    const { out, io: sink } = io();
    const code = await runCli(
      [
        command(() => {
          throw sysError('ENOENT', "ENOENT: no such file or directory, open '/m/x'");
        }),
      ],
      ['demo'],
      sink,
    );
    expect(code).toBe(2);
    expect(out.stderr).toBe("halfspace demo: ENOENT: no such file or directory, open '/m/x'\n");
  });

  it('forbids returning a write as the exit code, in the types', () => {
    // Like process.stdout.write, this writer returns a boolean; CliIo must not let it become an exit code.
    const sink: CliIo = { stdout: () => true, stderr: () => true };
    // @ts-expect-error `io.stdout` returns unknown, which is not an exit code.
    const bad = command(() => sink.stdout('x'));
    expect(bad.name).toBe('demo');
  });
});

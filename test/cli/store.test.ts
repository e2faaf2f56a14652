import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../../src/cli/commands/index.js';
import { runCli } from '../../src/cli/run.js';
import { isPostgresUrl, printableDb } from '../../src/cli/store.js';

describe('--db', () => {
  it('tells PostgreSQL URLs from SQLite paths', () => {
    expect(isPostgresUrl('postgres://localhost/halfspace')).toBe(true);
    expect(isPostgresUrl('postgresql://app@db:5432/halfspace')).toBe(true);
    expect(isPostgresUrl('POSTGRES://HOST/DB')).toBe(true);
    expect(isPostgresUrl('./halfspace.db')).toBe(false);
    // A file whose name merely starts like the scheme is still a file.
    expect(isPostgresUrl('postgres.db')).toBe(false);
    expect(isPostgresUrl('/var/lib/postgres://x')).toBe(false);
  });

  it('hides a URL password when printing, and nothing else', () => {
    expect(printableDb('postgres://app:s3cret@db:5432/halfspace')).toBe('postgres://app:***@db:5432/halfspace');
    expect(printableDb('postgresql://app@db/halfspace')).toBe('postgresql://app@db/halfspace');
    expect(printableDb('postgres://db/halfspace')).toBe('postgres://db/halfspace');
    expect(printableDb('./my:odd@file.db')).toBe('./my:odd@file.db');
  });

  it('reports a PostgreSQL server it cannot reach on one line, exit code 2, without the password', async () => {
    let err = '';
    // Port 1 on the loopback: nothing listens there, so the connection is refused at once.
    const code = await runCli(COMMANDS, ['keys', 'list', '--db', 'postgres://app:s3cret@127.0.0.1:1/halfspace'], {
      stdout: () => {},
      stderr: (t) => (err += t),
    });
    expect(code).toBe(2);
    expect(err).toMatch(
      /^halfspace keys list: cannot open the PostgreSQL store at postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/halfspace: .*ECONNREFUSED/,
    );
    expect(err).not.toContain('s3cret');
    expect(err.trim().split('\n')).toHaveLength(1);
  });
});

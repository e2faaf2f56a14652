/**
 * `halfspace serve`'s start-up text fits the run (the built binary, spawned): `/console` is
 * advertised only when an admin token is set, else the text says how to set one; and the curl
 * example's `$KEY` is one the printed `keys create` line exports, so pasting the banner's lines in
 * order answers 200.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt, runShell } from '../helpers/built-cli.js';
import { spawnServe } from '../helpers/serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-serve-banner-'));
const { HALFSPACE_ADMIN_TOKEN: _unset, ...envWithoutToken } = process.env;
beforeAll(() => ensureBuilt(), 240_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('serve start-up text', () => {
  it('without an admin token: no /console address, how to set a token, and a $KEY the printed keys line exports', async () => {
    const server = await spawnServe(['--db', join(dir, 'plain.db'), '--render-workers', '0'], envWithoutToken);
    try {
      const text = server.stdout();
      expect(text).not.toContain(`${server.url}/console`);
      expect(text).toMatch(/console {2}off: .*--admin-token-file FILE.*HALFSPACE_ADMIN_TOKEN/);
      const keysLine = text.split('\n').find((l) => l.trim().startsWith('npx halfspace keys create'))!;
      const curlLine = text.split('\n').find((l) => l.includes('Bearer $KEY'))!;
      expect(keysLine).toBeDefined();
      expect(curlLine).toBeDefined();
      // The banner's own lines, pasted in order: keys create prints `export KEY=…`, which is pasted too.
      const created = await runShell(keysLine.trim().replace(/^npx halfspace /, `node ${JSON.stringify(BIN)} `), {
        cwd: dir,
      });
      expect(created.code, created.stderr).toBe(0);
      const exportLine = created.stdout.split('\n').find((l) => l.trim().startsWith('export KEY='));
      expect(exportLine, created.stdout).toBeDefined();
      const called = await runShell(
        `${exportLine!.trim()}\n${curlLine.trim().replace(/^curl -i /, 'curl -s -o /dev/null -w "%{http_code}" ')}`,
        {
          cwd: dir,
        },
      );
      expect(called.stdout).toBe('200');
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);

  it('with --admin-token-file: /console is advertised and signs in with that token', async () => {
    const tokenFile = join(dir, 'admin-token');
    const token = 'a'.repeat(40);
    writeFileSync(tokenFile, `${token}\n`);
    const server = await spawnServe(
      ['--db', join(dir, 'admin.db'), '--render-workers', '0', '--admin-token-file', tokenFile],
      envWithoutToken,
    );
    try {
      expect(server.stdout()).toContain(`  console  ${server.url}/console`);
      expect(server.stdout()).not.toContain('console  off');
      const admin = await fetch(`${server.url}/admin/v1/keys`, { headers: { authorization: `Bearer ${token}` } });
      expect(admin.status).toBe(200);
    } finally {
      expect(await server.stop()).toBe(0);
    }
  }, 120_000);
});

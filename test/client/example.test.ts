/**
 * The example of docs/client.md runs as written: saved as an .mjs file inside the package (so
 * `import 'halfspace/client'` resolves through package.json "exports" to the BUILT dist), run by
 * Node against a real `halfspace serve` on 127.0.0.1 named by HALFSPACE_URL.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { mkdtempSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/cli/commands/serve.js';
import { builtBinary, ROOT } from '../mcp/built.js';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'halfspace-client-example-'));
const scratch = join(ROOT, 'tmp');
const file = join(scratch, `client-example-${process.pid}.mjs`);
let server: RunningServer;

beforeAll(async () => {
  builtBinary();
  server = await startServer({ dataset: 'demo', db: join(dir, 'example.db'), port: 0, renderWorkers: 0 });
}, 600_000);
afterAll(async () => {
  await server?.close();
  rmSync(file, { force: true });
  rmSync(dir, { recursive: true, force: true });
});

describe('the typed client example of README.md and docs/client.md', () => {
  it('prints the players who play like Igor Teixeira under 24', async () => {
    const code = readFileSync(join(ROOT, 'docs', 'client.md'), 'utf8').match(/```js\n([\s\S]*?)```/)![1];
    expect(code).toContain("from 'halfspace/client'");
    // README shows the very same example, so what runs here is what README promises.
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8')).toContain(`\`\`\`js\n${code}\`\`\``);
    mkdirSync(scratch, { recursive: true });
    writeFileSync(file, code);
    const { stdout, stderr } = await run(process.execPath, [file], {
      env: { ...process.env, HALFSPACE_URL: server.listening.url },
      timeout: 60_000,
    });
    expect(stderr).toBe('');
    const lines = stdout.trim().split('\n');
    expect(lines.length).toBe(5);
    for (const line of lines) expect(line).toMatch(/^\S.* 0\.\d+$/);
    // Same answer as the engine gives for the same question.
    const engine = server.engine.dnaSearch({ name: 'Igor Teixeira', filters: { max_age: 23 }, limit: 5 });
    if (!engine.ok) throw new Error(engine.error.message);
    expect(lines[0]).toBe(
      `${engine.value.data.results[0].player.display_name} ${engine.value.data.results[0].similarity}`,
    );
  });
});

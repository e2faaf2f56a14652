/**
 * The `/docs` page in a real browser: headless Chromium (Debian's package, which `.ci/run`
 * installs) loads it from a real server on 127.0.0.1, we read the DOM it built and decode a
 * screenshot of it. On a machine without Chromium the suite says so and does not run.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { listen, type Listening } from '../../src/http/node.js';
import { ERRORS } from '../../src/service/contract/errors.js';
import { createService } from '../../src/service/service.js';
import { memoryStore } from '../../src/store/memory/store.js';
import { decodePng, distinctColours } from '../cards/png.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const run = promisify(execFile);
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium)
  console.warn(
    `[docs-page.browser] skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`,
  );

let server: Listening;
let profile: string;

/** Runs headless Chromium with the flags this closed network needs (no background connections). */
async function chromium(...args: string[]): Promise<string> {
  const { stdout } = await run(
    CHROMIUM,
    [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--user-data-dir=${profile}`,
      ...args,
    ],
    { timeout: 60_000, maxBuffer: 32 * 1024 * 1024 },
  );
  return stdout;
}

describe.skipIf(!hasChromium)('/docs in headless Chromium', () => {
  beforeAll(async () => {
    profile = mkdtempSync(join(tmpdir(), 'halfspace-chromium-'));
    const engine = Engine.open({ dataset: tinyDataset() });
    server = await listen(createService({ engine, store: memoryStore(), baseUrl: 'http://127.0.0.1' }), { port: 0 });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(profile, { recursive: true, force: true });
  });

  it('renders every endpoint with its cost and every error anchor', async () => {
    const dom = await chromium('--dump-dom', `${server.url}/docs`);
    expect(dom).toContain('<title>');
    for (const path of [
      '/api/v1/intelligence/player',
      '/api/v1/cards/prompt',
      '/api/v1/best-xi/lineup',
      '/api/v1/match-intelligence',
    ]) {
      expect(dom, path).toContain(path);
    }
    for (const code of Object.keys(ERRORS)) expect(dom, code).toContain(`id="error-${code}"`);
    // Self-hosted: nothing in the rendered page points at another host.
    expect(dom).not.toMatch(/(src|href)="https?:\/\/(?!127\.0\.0\.1)/);
  });

  it('paints a readable page (screenshot decoded: right size, not blank)', async () => {
    const file = join(profile, 'docs.png');
    await chromium('--hide-scrollbars', '--window-size=1200,1600', `--screenshot=${file}`, `${server.url}/docs`);
    const png = decodePng(new Uint8Array(readFileSync(file)));
    expect([png.width, png.height]).toEqual([1200, 1600]);
    // Text on a background gives many anti-aliased shades; a blank or error page gives a handful.
    expect(distinctColours(png)).toBeGreaterThan(50);
  });
});

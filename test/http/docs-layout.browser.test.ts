/**
 * The `/docs` page teaches in a real browser, at desktop and phone widths: Chromium (Debian's,
 * driven by playwright-core) loads it from a real `halfspace serve` on 127.0.0.1 over the demo
 * data. Navigation links land on sections, nothing overflows sideways on a phone, every endpoint
 * has field meanings, a response example and curl lines; those curl lines are run, as written, by
 * the shell against the same server and must answer 200. Screenshots are decoded and checked.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/cli/commands/serve.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { OPERATIONS } from '../../src/service/contract/operations.js';
import { decodePng, distinctColours } from '../cards/png.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium)
  console.warn(
    `[docs-layout.browser] skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`,
  );
const sh = promisify(execFile);

const dir = mkdtempSync(join(tmpdir(), 'halfspace-docs-layout-'));
let server: RunningServer;
let browser: Browser;

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 390, height: 844 },
];

describe.skipIf(!hasChromium)('/docs at desktop and phone widths', () => {
  beforeAll(async () => {
    server = await startServer({ dataset: 'demo', db: join(dir, 'docs.db'), port: 0, renderWorkers: 0 });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const size of WIDTHS) {
    it(`${size.name} (${size.width}px): navigation lands on sections, nothing overflows, the screenshot is a page`, async () => {
      const page = await browser.newPage({ viewport: { width: size.width, height: size.height } });
      try {
        await page.goto(`${server.listening.url}/docs`);
        const overflow = (await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number;
        expect(overflow).toBeLessThanOrEqual(0);
        const targets = await page.$$eval('nav a', (links) =>
          links.map((a) => (a as unknown as { hash: string }).hash.slice(1)),
        );
        expect(targets.length).toBeGreaterThanOrEqual(OPERATIONS.length + 6);
        for (const id of targets) expect(await page.locator(`[id="${id}"]`).count(), id).toBe(1);
        const nav = (await page.locator('nav').boundingBox())!;
        const main = (await page.locator('main').boundingBox())!;
        // Beside the content on a desktop, above it on a phone.
        if (size.width > 800) expect(nav.x + nav.width).toBeLessThanOrEqual(main.x + 1);
        else expect(nav.y + nav.height).toBeLessThanOrEqual(main.y + 1);
        // Following a link scrolls its section into view.
        await page.click('nav a[href="#intelligence.dna-search"]');
        const top = await page
          .locator('[id="intelligence.dna-search"]')
          .evaluate((el) => el.getBoundingClientRect().top);
        expect(Math.abs(top)).toBeLessThan(size.height);
        await page.evaluate('window.scrollTo(0, 0)');
        const png = decodePng(new Uint8Array(await page.screenshot()));
        expect([png.width, png.height]).toEqual([size.width, size.height]);
        expect(distinctColours(png)).toBeGreaterThan(50);
      } finally {
        await page.close();
      }
    });
  }

  it('documents every endpoint: field meanings, response fields and example, curl lines', async () => {
    const page = await browser.newPage();
    try {
      await page.goto(`${server.listening.url}/docs`);
      for (const op of OPERATIONS) {
        const section = page.locator(`section[id="${op.id}"]`);
        expect(await section.count(), op.id).toBe(1);
        const meanings = await section.locator('table').first().locator('tbody tr td:nth-child(3)').allTextContents();
        expect(meanings.length, op.id).toBeGreaterThan(0);
        for (const m of meanings) expect(m.length, `${op.id}: ${m}`).toBeGreaterThan(3);
        const example = await section.locator('details pre').textContent();
        op.response.parse(JSON.parse(example!));
        expect(await section.locator('pre.curl').count(), op.id).toBeGreaterThanOrEqual(1);
      }
      for (const id of ['jobs', 'images', 'mcp', 'errors'])
        expect(await page.locator(`[id="${id}"]`).count(), id).toBe(1);
    } finally {
      await page.close();
    }
  });

  it('has curl lines that run as written against the server and answer 200', async () => {
    const page = await browser.newPage();
    const { key } = await issueKey(server.store, { credits: 1000 });
    try {
      await page.goto(`${server.listening.url}/docs`);
      const lines = (await page.locator('pre.curl').allTextContents()).filter((l) =>
        l.includes('Content-Type: application/json'),
      );
      expect(lines.length).toBeGreaterThanOrEqual(OPERATIONS.length + 2);
      for (const line of lines) {
        // Each line as the shell runs it, with the key in $KEY; -w prints the status after the body.
        const { stdout } = await sh('sh', ['-c', `${line} -w '\\n%{http_code}'`], {
          env: { ...process.env, KEY: key },
          timeout: 60_000,
        });
        const status = stdout.slice(stdout.lastIndexOf('\n') + 1);
        expect(status, line).toMatch(/^20[02]$/);
      }
    } finally {
      await page.close();
    }
  });
});

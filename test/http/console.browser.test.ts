/**
 * The developer console (`/console`) end to end in real Chromium (Debian's package, driven by
 * playwright-core): sign in with the admin token, create a key, spend from it in try-it (a JSON
 * endpoint and a card with its preview), watch the balance, ledger and chart move, revoke the key
 * and see the next call fail; screenshots at desktop and phone widths, decoded. On a machine
 * without Chromium the suite says so and does not run.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../src/cli/commands/serve.js';
import { datasetToDir } from '../../src/io/save.js';
import { decodePng, distinctColours } from '../cards/png.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium)
  console.warn(
    `[console.browser] skipped: no Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`,
  );

const TOKEN = 'console-admin-token-0123456789ab';
const dir = mkdtempSync(join(tmpdir(), 'halfspace-console-'));
let server: RunningServer;
let browser: Browser;
let page: Page;
const consoleErrors: string[] = [];
/** expect.poll with room for a loaded machine (the default gives up after 1 s). */
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read, { timeout: 20_000, interval: 100 });

describe.skipIf(!hasChromium)('/console in Chromium', () => {
  beforeAll(async () => {
    const datasetDir = join(dir, 'tiny');
    datasetToDir(tinyDataset(), datasetDir);
    server = await startServer({
      dataset: datasetDir,
      db: join(dir, 'console.db'),
      port: 0,
      renderWorkers: 0,
      operations: { adminToken: TOKEN },
    });
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-quic',
        '--disable-sync',
      ],
    });
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    page.on('pageerror', (e) => consoleErrors.push(e.message));
    // The revoke button asks for confirmation.
    page.on('dialog', (d) => void d.accept());
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const text = (selector: string) => page.locator(selector).innerText();

  it('signs in with the admin token only', async () => {
    await page.goto(`${server.listening.url}/console`);
    // Nobody is signed in yet, so there is nothing to sign out of.
    expect(await page.locator('#signout').isVisible()).toBe(false);
    await page.fill('#token', 'not-the-token-at-all');
    await page.click('#signin-form button');
    await poll(() => text('#signin-msg')).toContain('not valid');
    expect(await page.locator('#app').isVisible()).toBe(false);
    await page.fill('#token', TOKEN);
    await page.click('#signin-form button');
    await page.locator('#app').waitFor({ state: 'visible' });
    expect(await page.locator('#signout').isVisible()).toBe(true);
    await poll(() => page.locator('#try-op option').count()).toBeGreaterThanOrEqual(10);
    expect(consoleErrors).toEqual([expect.stringContaining('401')]);
  });

  it('creates a key whose secret is shown once and works', async () => {
    await page.fill('#new-credits', '20');
    await page.fill('#new-label', 'browser');
    await page.click('#create-form button');
    await page.locator('#secret-value').waitFor();
    const secret = await text('#secret-value');
    expect(secret).toMatch(/^svc_sk_[0-9A-Za-z]{49}$/);
    const row = page.locator('#keys tbody tr', { hasText: 'browser' });
    await poll(() => row.innerText()).toContain('active');
    expect(await text('#balance')).toBe('20');
    // The list the console got from the admin API never carries the secret.
    const listed = await page.evaluate(
      async (t) => (await fetch('/admin/v1/keys', { headers: { authorization: `Bearer ${t}` } })).text(),
      TOKEN,
    );
    expect(listed).not.toContain(secret);
  });

  it('calls an endpoint from try-it and shows the request, the response and the credits; balance, ledger and chart move', async () => {
    await page.selectOption('#try-op', 'intelligence.player');
    expect(JSON.parse(await page.inputValue('#try-body'))).toHaveProperty('name');
    await page.click('#try-send');
    await poll(() => text('#try-status')).toBe('200');
    expect(await text('#try-charged')).toBe('1');
    expect(await text('#try-request')).toMatch(
      /^POST http:\/\/127\.0\.0\.1:\d+\/api\/v1\/intelligence\/player\nAuthorization: Bearer svc_sk_[0-9A-Za-z]{4}…\n/,
    );
    expect(await text('#try-response')).toContain('x-svc-credits-charged: 1');
    await poll(() => text('#balance')).toBe('19');
    await poll(() => page.locator('#ledger tbody tr').count()).toBe(3);
    expect(await page.locator('#ledger tbody tr').first().innerText()).toContain('capture');
    expect(await page.locator('#chart svg rect[data-op="intelligence.player"]').getAttribute('data-credits')).toBe('1');
  });

  it('renders a card from try-it and previews it', async () => {
    await page.selectOption('#try-op', 'cards');
    await page.fill('#try-body', JSON.stringify({ player_id: 1, style: 'player_card' }));
    await page.click('#try-send');
    await expect.poll(() => text('#try-status'), { timeout: 60_000 }).toBe('200');
    expect(await text('#try-charged')).toBe('15');
    const preview = page.locator('#try-preview img');
    await preview.waitFor();
    await poll(() =>
      preview.evaluate((img: { complete: boolean; naturalWidth: number }) => img.complete && img.naturalWidth),
    ).toBeGreaterThan(100);
    await poll(() => text('#balance')).toBe('4');
    await poll(() => page.locator('#chart svg rect[data-op="cards"]').count()).toBe(1);
  });

  it('looks right at desktop and phone widths (screenshots decoded)', async () => {
    for (const [name, width, height] of [
      ['desktop', 1280, 900],
      ['phone', 390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await page.evaluate('window.scrollTo(0, 0)');
      // HALFSPACE_SCREENSHOTS=<dir> keeps them for a human to look at.
      const file = join(process.env.HALFSPACE_SCREENSHOTS ?? dir, `console-${name}.png`);
      await page.screenshot({ path: file });
      const png = decodePng(new Uint8Array(readFileSync(file)));
      expect([png.width, png.height]).toEqual([width, height]);
      expect(distinctColours(png), name).toBeGreaterThan(50);
      // Nothing wider than the screen: tables scroll inside their panels.
      expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth'), name).toBe(true);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('revokes the key, and the next try-it call fails with 401', async () => {
    await page.locator('#keys tbody tr', { hasText: 'browser' }).locator('button[data-revoke]').click();
    await poll(() => page.locator('#keys tbody tr', { hasText: 'browser' }).innerText()).toContain('revoked');
    await page.selectOption('#try-op', 'intelligence.player');
    await page.click('#try-send');
    await poll(() => text('#try-status')).toBe('401');
    expect(await text('#try-response')).toContain('"code": "unauthorized"');
    expect(await text('#balance')).toBe('4');
    // The 401 in the browser console is the expected one; nothing else went wrong on the page.
    expect(consoleErrors.filter((e) => !/401/.test(e))).toEqual([]);
  });

  it('starts every operation with a default that succeeds on the served dataset (not the demo)', async () => {
    await page.fill('#new-credits', '200');
    await page.fill('#new-label', 'defaults');
    await page.click('#create-form button');
    await poll(() => page.locator('#keys tbody tr', { hasText: 'defaults' }).innerText()).toContain('active');
    const ids = await page.evaluate<string[]>("[...document.querySelectorAll('#try-op option')].map((o) => o.value)");
    expect(ids.length).toBeGreaterThanOrEqual(10);
    for (const id of ids) {
      await page.selectOption('#try-op', id);
      const body = await page.inputValue('#try-body');
      // The tiny dataset has none of the demo universe's players.
      expect(body, id).not.toContain('Igor Teixeira');
      await page.evaluate("document.querySelector('#try-status').textContent = '…'");
      await page.click('#try-send');
      await expect.poll(() => text('#try-status'), { timeout: 60_000 }).not.toBe('…');
      expect([id, body, await text('#try-status')], await text('#try-response')).toEqual([id, body, '200']);
    }
  }, 180_000);

  it('shows the ledger notes whole at 1280 px (the note column wraps inside its panel)', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await poll(() => page.locator('#ledger tbody tr').count()).toBeGreaterThan(5);
    const fits = await page.evaluate<{ overflow: number; clipped: string[]; notes: number }>(`(() => {
      const scroll = document.querySelector('#ledger').parentElement;
      const cells = [...document.querySelectorAll('#ledger tbody td:last-child')];
      const right = scroll.getBoundingClientRect().right;
      return {
        overflow: scroll.scrollWidth - scroll.clientWidth,
        clipped: cells.filter((c) => c.getBoundingClientRect().right > right + 0.5).map((c) => c.textContent),
        notes: cells.filter((c) => c.textContent.length > 0).length,
      };
    })()`);
    expect(fits.notes).toBeGreaterThan(0);
    await page.screenshot({ path: join(process.env.HALFSPACE_SCREENSHOTS ?? dir, 'console-ledger.png') });
    expect(fits).toMatchObject({ overflow: 0, clipped: [] });
  });
});

/**
 * Cards over HTTP: sync styles charged 15 with a stored image, the prompt charged 3, hd styles as
 * async jobs (40 held at queue time, captured on success, released on failure), photo upload.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { listen, type Listening } from '../../src/http/node.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { createService, type Service } from '../../src/service/service.js';
import { fetchPhoto } from '../../src/service/photos/photo-fetch.js';
import type { ServiceStore } from '../../src/store/ports.js';
import { sqliteStore } from '../../src/store/sqlite/store.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';
import { CardJobResponse, CardPromptResponse, CardResponse } from '../../src/service/contract/schemas/cards.js';

const dir = mkdtempSync(join(tmpdir(), 'halfspace-cards-'));
let store: ServiceStore;
let service: Service;
let server: Listening;
let auth: string;
let keyId: string;
let cardPng: Uint8Array;

beforeAll(async () => {
  store = sqliteStore(join(dir, 'cards.db'));
  // DNS is simulated: every photo host resolves to loopback, so the fetch-time guard must refuse it.
  const resolveToLoopback = async () => [{ address: '127.0.0.1', family: 4 }];
  service = createService({
    engine: Engine.open({ dataset: tinyDataset() }),
    store,
    baseUrl: 'http://127.0.0.1:9',
    fetchPhoto: (url) => fetchPhoto(url, { resolve: resolveToLoopback }),
  });
  server = await listen(service, { port: 0 });
  const issued = await issueKey(store, { credits: 200 });
  auth = `Bearer ${issued.key}`;
  keyId = issued.record.id;
});
afterAll(async () => {
  await server.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const jsonOf = (r: Response): Promise<any> => r.json();
const money = (r: Response) => [r.headers.get('x-svc-credits-charged'), r.headers.get('x-svc-wallet-balance')];

describe('cards over http', () => {
  it('renders player_card and stat_ribbon for 15 credits each, with a served image URL', async () => {
    const r = await post('/api/v1/cards', { player_id: 1, style: 'player_card', caption: 'Clinical.' });
    const body = await jsonOf(r);
    expect(r.status, JSON.stringify(body)).toBe(200);
    // 200 − 15 = 185.
    expect(money(r)).toEqual(['15', '185']);
    expect(body).toMatchObject({ player: { player_id: 1 }, style: 'player_card', watermark: true });
    expect(CardResponse.safeParse(body).success).toBe(true);
    expect(body.image_url).toMatch(/^http:\/\/127\.0\.0\.1:9\/images\/[0-9a-f]{64}\.png$/);
    const path = new URL(body.image_url).pathname;
    const img = await fetch(`${server.url}${path}`);
    expect(img.headers.get('content-type')).toBe('image/png');
    cardPng = new Uint8Array(await img.arrayBuffer());
    expect(Array.from(cardPng.subarray(0, 4))).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(`sha256:${path.slice(8, 72)}`).toBe(body.content_hash);

    const ribbon = await post('/api/v1/cards', {
      player_id: 1,
      style: 'stat_ribbon',
      stats: ['goals_per90', 'shots_per90'],
      hero_stat: 'goals_per90',
    });
    expect(ribbon.status).toBe(200);
    // 185 − 15 = 170.
    expect(money(ribbon)).toEqual(['15', '170']);
  });

  it('refuses invalid card requests without charge', async () => {
    const cases: [unknown, string][] = [
      [{ player_id: 1, style: 'player_card', stats: ['goals_per90'] }, 'stats'],
      [{ player_id: 1, style: 'stat_ribbon', stats: ['a', 'b'] }, 'stats.0'],
      [{ player_id: 1, style: 'stat_ribbon', caption: 'x'.repeat(61) }, 'caption'],
      [{ player_id: 1, style: 'player_card', caption: `W${'\u0301\u0316'.repeat(250)}`.repeat(60) }, 'caption'],
      [{ player_id: 1, style: 'player_card', caption: `W${'\u0301'.repeat(3000)}` }, 'caption'],
      [{ player_id: 1, style: 'player_card', caption: 'W\u0316 marks the font lacks' }, 'caption'],
      [{ player_id: 1, style: 'stat_ribbon', take: 'W\u0301\u0300\u0302' }, 'take'],
      [{ player_id: 1, style: 'poster' }, 'style'],
      [
        {
          player_id: 1,
          style: 'stat_ribbon',
          stats: [
            'goals_per90',
            'shots_per90',
            'assists_per90',
            'dribbles_per90',
            'key_passes_per90',
            'crosses_per90',
            'rating',
          ],
        },
        'stats',
      ],
    ];
    for (const [body, param] of cases) {
      const r = await post('/api/v1/cards', body);
      const j = await jsonOf(r);
      expect([r.status, j.code, j.param], JSON.stringify(body)).toEqual([400, 'invalid_request', param]);
      expect(r.headers.get('x-svc-credits-charged')).toBe('0');
    }
  });

  it('composes a prompt with the safety block for 3 credits', async () => {
    const before = (await store.wallets.balance(keyId))!;
    const r = await post('/api/v1/cards/prompt', { player_id: 1, style: 'fifa_viral', include_attribution: true });
    const j = await jsonOf(r);
    expect(r.status).toBe(200);
    expect(money(r)).toEqual(['3', String(before - 3)]);
    expect(j.safety.instructions.length).toBeGreaterThan(20);
    expect(CardPromptResponse.safeParse(j).success).toBe(true);
    expect(typeof j.prompt.data_and_style).toBe('string');
  });

  it('queues hd cards: 202, 40 held, captured on success', async () => {
    const before = (await store.wallets.balance(keyId))!;
    const r = await post('/api/v1/cards', { player_id: 1, style: 'editorial_cover', photo_mode: 'silhouette' });
    const j = await jsonOf(r);
    expect(r.status, JSON.stringify(j)).toBe(202);
    expect(j).toMatchObject({ status: 'queued', style: 'editorial_cover', credits_held: 40 });
    expect(r.headers.get('x-svc-credits-held')).toBe('40');
    expect(money(r)).toEqual(['0', String(before - 40)]);
    expect(j.poll_url).toBe(`http://127.0.0.1:9/api/v1/cards/jobs/${j.job_id}`);
    await service.idle();
    const poll = await fetch(`${server.url}/api/v1/cards/jobs/${j.job_id}`, { headers: { authorization: auth } });
    const done = await jsonOf(poll);
    expect(done.status, JSON.stringify(done)).toBe('succeeded');
    expect(done.credits_charged).toBe(40);
    expect(done.result.image_url).toMatch(/\/images\/[0-9a-f]{64}\.png$/);
    expect(CardJobResponse.safeParse(done).error).toBeUndefined();
    expect(CardJobResponse.safeParse(j).error).toBeUndefined();
    // Captured: the held 40 stay spent.
    expect(await store.wallets.balance(keyId)).toBe(before - 40);
    const ledger = await store.wallets.ledger(keyId, 2);
    expect(ledger.map((e) => e.kind)).toEqual(['hold', 'capture']);
  });

  it('releases the 40 credits of a failed job (photo_url whose host resolves to loopback)', async () => {
    const before = (await store.wallets.balance(keyId))!;
    const r = await post('/api/v1/cards', {
      player_id: 1,
      style: 'collage',
      photo_url: 'https://photos.example.com/me.png',
    });
    const j = await jsonOf(r);
    expect(r.status).toBe(202);
    await service.idle();
    const done = await jsonOf(
      await fetch(`${server.url}/api/v1/cards/jobs/${j.job_id}`, { headers: { authorization: auth } }),
    );
    expect(done.status).toBe('failed');
    expect(done.credits_charged).toBe(0);
    expect(done.error).toMatchObject({ code: 'invalid_request', param: 'photo_url' });
    expect(await store.wallets.balance(keyId)).toBe(before);
  });

  it('refuses with 400, before any hold, photos that can never work', async () => {
    const entries = async () => (await store.wallets.ledger(keyId, 1000)).length;
    const ledgerBefore = await entries();
    const before = (await store.wallets.balance(keyId))!;
    for (const host of [
      '127.0.0.1',
      '169.254.169.254',
      '[::1]',
      '10.0.0.1',
      '2130706433',
      '0x7f.1',
      'localhost',
      '[::ffff:127.0.0.1]',
      'photos.localhost',
      'intranet',
      'x.invalid',
    ]) {
      const r = await post('/api/v1/cards', { player_id: 1, style: 'collage', photo_url: `https://${host}/me.png` });
      const j = await jsonOf(r);
      expect([r.status, j.code, j.param], host).toEqual([400, 'invalid_request', 'photo_url']);
      expect(money(r), host).toEqual(['0', String(before)]);
    }
    const upload = (request: unknown, photos: Uint8Array[]) => {
      const form = new FormData();
      form.set('request', JSON.stringify(request));
      for (const p of photos) form.append('photo', new Blob([p], { type: 'image/png' }), 'me.png');
      return fetch(`${server.url}/api/v1/cards`, { method: 'POST', headers: { authorization: auth }, body: form });
    };
    const text = new TextEncoder().encode('not an image at all');
    const fakePng = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
    const cases: [unknown, Uint8Array[], string][] = [
      [{ player_id: 1, style: 'collage' }, [text], 'photo'],
      [{ player_id: 1, style: 'collage' }, [fakePng], 'photo'],
      [{ player_id: 1, style: 'collage' }, [new Uint8Array()], 'photo'],
      [{ player_id: 1, style: 'collage', photo_url: 'https://photos.example.com/me.png' }, [cardPng], 'photo'],
      [{ player_id: 1, style: 'collage', photo_mode: 'silhouette' }, [cardPng], 'photo'],
      [{ player_id: 1, style: 'collage' }, [cardPng, cardPng], 'photo'],
      [{ player_id: 1, style: 'player_card' }, [cardPng], 'photo'],
    ];
    for (const [request, photos, param] of cases) {
      const r = await upload(request, photos);
      const j = await jsonOf(r);
      expect([r.status, j.code, j.param], JSON.stringify(request)).toEqual([400, 'invalid_request', param]);
      expect(money(r)).toEqual(['0', String(before)]);
    }
    // Not one hold (nor any other ledger entry) was written.
    expect(await entries()).toBe(ledgerBefore);
  });

  it("accepts a multipart photo upload for hd styles, refuses hd on the demo channel, and hides other keys' jobs", async () => {
    const form = new FormData();
    form.set('request', JSON.stringify({ player_id: 1, style: 'fifa_viral' }));
    form.set('photo', new Blob([cardPng], { type: 'image/png' }), 'me.png');
    const r = await fetch(`${server.url}/api/v1/cards`, {
      method: 'POST',
      headers: { authorization: auth },
      body: form,
    });
    const j = await jsonOf(r);
    expect(r.status, JSON.stringify(j)).toBe(202);
    await service.idle();
    const done = await jsonOf(
      await fetch(j.poll_url.replace('http://127.0.0.1:9', server.url), { headers: { authorization: auth } }),
    );
    expect(done.status, JSON.stringify(done)).toBe('succeeded');

    const demo = await fetch(`${server.url}/api/v1/cards`, {
      method: 'POST',
      headers: { 'x-svc-demo-channel': 'mcp', 'content-type': 'application/json' },
      body: JSON.stringify({ player_id: 1, style: 'collage' }),
    });
    expect(demo.status).toBe(401);
    const other = await issueKey(store, { credits: 0 });
    const foreign = await fetch(`${server.url}/api/v1/cards/jobs/${j.job_id}`, {
      headers: { authorization: `Bearer ${other.key}` },
    });
    expect(foreign.status).toBe(404);
    const bad = new FormData();
    bad.set('request', '{oops');
    const badRes = await fetch(`${server.url}/api/v1/cards`, {
      method: 'POST',
      headers: { authorization: auth },
      body: bad,
    });
    expect([badRes.status, (await jsonOf(badRes)).param]).toEqual([400, 'request']);
  });
});

describe('radar over http', () => {
  it('renders a radar of two strikers for 15 credits, and refuses a second player of another role without charge', async () => {
    const own = await issueKey(store, { credits: 30 });
    const headers = { authorization: `Bearer ${own.key}` };
    const r = await post('/api/v1/cards', { player_id: 1, style: 'radar', name2: 'Anton Berg' }, headers);
    const body = await jsonOf(r);
    expect(r.status, JSON.stringify(body)).toBe(200);
    // 30 − 15 = 15.
    expect(money(r)).toEqual(['15', '15']);
    expect(CardResponse.safeParse(body).success).toBe(true);
    expect([body.style, body.player.player_id]).toEqual(['radar', 1]);
    const keeper = await post('/api/v1/cards', { player_id: 1, style: 'radar', name2: 'Piet de Vries' }, headers);
    const refused = await jsonOf(keeper);
    expect([keeper.status, refused.code, refused.param]).toEqual([400, 'invalid_request', 'name2']);
    expect(keeper.headers.get('x-svc-credits-charged')).toBe('0');
    expect(await store.wallets.balance(own.record.id)).toBe(15);
  });
});

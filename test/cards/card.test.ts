import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine.js';
import { cardOfParsed, type CardOptions, watermarkTextOf } from '../../src/cards/card.js';
import { CardRequest } from '../../src/cards/request.js';
import { parseWith } from '../../src/validation.js';
import { WATERMARK_HEIGHT, WATERMARK_INSET } from '../../src/cards/layouts/shared.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';
import { decodePng, pixelAt } from './png.js';

const engine = Engine.open({ dataset: tinyDataset() });

/** A card request as a JSON caller sends it: parsed by `CardRequest`, then rendered without a verdict line. */
const cardOf = async (ctx: Engine, input: unknown, options: CardOptions = {}) => {
  const parsed = parseWith(CardRequest, input);
  return parsed.ok ? cardOfParsed(ctx, parsed.value, options) : parsed;
};

describe('cardOf', () => {
  it('renders a player_card with the player block, size, watermark flag and content hash', async () => {
    const r = await cardOf(
      engine,
      { player_name: 'Jörg Müller-Weiß', style: 'player_card' },
      { baseUrl: 'https://api.example.com/' },
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.player).toEqual({
      player_id: 1,
      display_name: 'Jörg Müller-Weiß',
      position: 'Attacker',
      team_name: 'FC Nordhafen',
    });
    expect([r.value.width, r.value.height, r.value.watermark]).toEqual([1080, 1350, true]);
    expect(r.value.content_hash).toBe(`sha256:${createHash('sha256').update(r.value.png).digest('hex')}`);
    const img = decodePng(r.value.png);
    expect([img.width, img.height]).toEqual([1080, 1350]);
  });

  it('is deterministic through the whole operation', async () => {
    const a = await cardOf(engine, { player_id: 3, style: 'stat_ribbon', hero_stat: 'goals_per90' });
    const b = await cardOf(engine, { player_id: 3, style: 'stat_ribbon', hero_stat: 'goals_per90' });
    expect(a.ok && b.ok && a.value.content_hash === b.value.content_hash).toBe(true);
  });

  it('leaves the corner empty when the watermark is off', async () => {
    const r = await cardOf(engine, { player_id: 1, style: 'stat_ribbon' }, { watermark: false });
    expect(r.ok && r.value.watermark).toBe(false);
    if (!r.ok) return;
    const img = decodePng(r.value.png);
    // Background #0b1020 = (11, 16, 32) where the pill would be.
    expect(pixelAt(img, 1080 - WATERMARK_INSET - 8, 1080 - WATERMARK_INSET - WATERMARK_HEIGHT / 2).slice(0, 3)).toEqual(
      [11, 16, 32],
    );
  });

  it('refuses stats that do not suit the position group, naming stats', async () => {
    const r = await cardOf(engine, { player_id: 7, style: 'stat_ribbon', stats: ['saves_per90', 'goals_per90'] });
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.error.code, r.error.param]).toEqual(['invalid_request', 'stats']);
  });

  it('refuses a hero_stat outside the group defaults when stats are omitted', async () => {
    // Attacker defaults: goals, assists, shots, shots on target, big chances, key passes — not rating.
    const r = await cardOf(engine, { player_id: 1, style: 'stat_ribbon', hero_stat: 'rating' });
    expect(!r.ok && r.error.param).toBe('hero_stat');
  });

  it('refuses photos on sync styles and non-image photo bytes', async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const sync = await cardOf(engine, { player_id: 1, style: 'player_card' }, { photo: png });
    expect(!sync.ok && sync.error.param).toBe('photo');
    const gif = await cardOf(engine, { player_id: 1, style: 'collage' }, { photo: new TextEncoder().encode('GIF89a') });
    expect(!gif.ok && gif.error.param).toBe('photo');
  });

  it('passes resolver failures through and validates before resolving', async () => {
    const missing = await cardOf(engine, { player_name: 'Nobody Atall', style: 'player_card' });
    expect(!missing.ok && missing.error.code).toBe('player_not_found');
    const bad = await cardOf(engine, { player_name: 'Nobody Atall', style: 'poster' });
    expect(!bad.ok && bad.error.param).toBe('style');
  });

  it('renders every hd style for a goalkeeper without a photo', async () => {
    for (const style of ['editorial_cover', 'fifa_viral', 'collage'] as const) {
      const r = await cardOf(engine, { player_id: 7, style, event_type: 'milestone' });
      expect(r.ok && [r.value.width, r.value.height]).toEqual([1080, 1350]);
    }
  });
});

describe('watermarkTextOf', () => {
  it('drops the scheme and trailing slashes', () => {
    expect(watermarkTextOf('https://api.halfspace.dev/')).toBe('api.halfspace.dev');
    expect(watermarkTextOf('http://127.0.0.1:8787')).toBe('127.0.0.1:8787');
    expect(watermarkTextOf(undefined)).toBe('halfspace');
  });
});

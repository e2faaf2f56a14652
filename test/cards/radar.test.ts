/**
 * The radar card: the polygons sit where the percentiles put them (decoded pixels), and the request
 * rules of the style (spokes fixed by role, `name2` only on radar and only of the same role).
 */
import { describe, expect, it } from 'vitest';
import { cardOfParsed, type CardOptions, renderCard } from '../../src/cards/card.js';
import { parseWith } from '../../src/validation.js';
import { RADAR_AREA, radarPointOf, spokeAngleOf } from '../../src/cards/layouts/radar.js';
import { CARD_SIZES } from '../../src/cards/styles.js';
import { CardRequest } from '../../src/cards/request.js';
import { Engine } from '../../src/engine.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';
import { decodePng, pixelAt } from './png.js';
import { sampleFacts, sampleRadar } from './sample-facts.js';

const engine = Engine.open({ dataset: tinyDataset() });

/** A card request as a JSON caller sends it: parsed by `CardRequest`, then rendered without a verdict line. */
const cardOf = async (ctx: Engine, input: unknown, options: CardOptions = {}) => {
  const parsed = parseWith(CardRequest, input);
  return parsed.ok ? cardOfParsed(ctx, parsed.value, options) : parsed;
};

/** The card pixel `p` percent out along spoke `i` of `n`, nudged `side` px across the spoke (off its grid line). */
function probe(img: ReturnType<typeof decodePng>, i: number, n: number, p: number, side = 6) {
  const { x, y } = radarPointOf(i, n, p);
  const a = spokeAngleOf(i, n);
  return pixelAt(img, Math.round(x - Math.sin(a) * side), Math.round(RADAR_AREA.top + y + Math.cos(a) * side)).slice(
    0,
    3,
  );
}
// Cyan (#22d3ee) at 45 % over the disc is about (26, 110, 133); amber (#f59e0b) at 30 % about (87, 66, 36).
const isCyan = ([r, , b]: number[]) => b - r > 60;
const isAmber = ([r, , b]: number[]) => r - b > 40;
// The radar disc is the panel colour #141b2f = (20, 27, 47).
const isPanel = (px: number[]) => px.every((v, k) => Math.abs(v - [20, 27, 47][k]!) <= 3);

describe('radar layout', () => {
  it('draws each player where his percentiles put him: cyan inside the first, amber inside the second only, bare disc outside both', async () => {
    // Spoke 9: first 100, second 5. Spoke 0: first 10, second 95. Spoke 5: first 60, second 45.
    const img = decodePng((await renderCard('radar', sampleFacts())).png);
    expect([img.width, img.height]).toEqual([CARD_SIZES.radar.width, CARD_SIZES.radar.height]);
    expect(isCyan(probe(img, 9, 10, 60))).toBe(true);
    expect(isAmber(probe(img, 0, 10, 60))).toBe(true);
    expect(isPanel(probe(img, 5, 10, 88))).toBe(true);
    // Within both polygons the first player's fill lies on top of the second's: not plain amber.
    expect(isAmber(probe(img, 5, 10, 30))).toBe(false);
  });

  it('a radar of one player has no amber polygon', async () => {
    const img = decodePng((await renderCard('radar', sampleFacts({ radar: sampleRadar(false) }))).png);
    expect(isPanel(probe(img, 0, 10, 60))).toBe(true);
    expect(isCyan(probe(img, 9, 10, 60))).toBe(true);
  });
});

describe('radar requests', () => {
  it('refuses stats, hero_stat and caption on radar, and name2 on any other style', () => {
    const param = (body: unknown) => CardRequest.safeParse(body).error?.issues[0]?.path.join('.');
    expect(param({ player_id: 1, style: 'radar', stats: ['goals_per90'] })).toBe('stats');
    expect(param({ player_id: 1, style: 'radar', caption: 'x' })).toBe('caption');
    expect(param({ player_id: 1, style: 'player_card', name2: 'Anton Berg' })).toBe('name2');
    expect(CardRequest.safeParse({ player_id: 1, style: 'radar', name2: 'Anton Berg' }).success).toBe(true);
    expect(param({ player_id: 1, style: 'player_card', closest: true })).toBe('closest');
    expect(param({ player_id: 1, style: 'radar', closest: true, name2: 'Anton Berg' })).toBe('closest');
    expect(CardRequest.safeParse({ player_id: 1, style: 'radar', closest: true }).success).toBe(true);
  });

  it('overlays a second striker, and refuses a goalkeeper or an unknown name on name2', async () => {
    const two = await cardOf(engine, { player_name: 'Jörg Müller-Weiß', style: 'radar', name2: 'Anton Berg' });
    expect(two.ok && [two.value.width, two.value.height]).toEqual([1080, 1350]);
    const keeper = await cardOf(engine, { player_name: 'Jörg Müller-Weiß', style: 'radar', name2: 'Piet de Vries' });
    expect(!keeper.ok && [keeper.error.code, keeper.error.param]).toEqual(['invalid_request', 'name2']);
    expect(!keeper.ok && keeper.error.message).toMatch(/goalkeepers, not strikers/);
    const nobody = await cardOf(engine, { player_name: 'Jörg Müller-Weiß', style: 'radar', name2: 'Zzyzx Qwerty' });
    expect(!nobody.ok && [nobody.error.code, nobody.error.param]).toEqual(['player_not_found', 'name2']);
    const same = await cardOf(engine, { player_id: 1, style: 'radar', name2: 'Jörg Müller-Weiß' });
    expect(!same.ok && same.error.param).toBe('name2');
  });
});

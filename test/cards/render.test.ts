import { describe, expect, it } from 'vitest';
import { layoutOf, renderCard } from '../../src/cards/card.js';
import { CARD_SIZES } from '../../src/cards/styles.js';
import { INLINE_SVG_MARK, inlineMarkedImagesOf, layoutToSvg, svgToPng } from '../../src/cards/render.js';
import { CARD_STYLES, type CardStyle } from '../../src/cards/request.js';
import { WATERMARK_HEIGHT, WATERMARK_INSET } from '../../src/cards/layouts/shared.js';
import { decodePng, distinctColours, pixelAt } from './png.js';
import { sampleFacts } from './sample-facts.js';

// Background behind the watermark corner when the mark is off: #0b1020 on every style (editorial_cover's
// lower third is a solid panel of that colour, so nothing behind it shows through).
const BACKGROUND: Record<CardStyle, [number, number, number]> = {
  player_card: [11, 16, 32],
  stat_ribbon: [11, 16, 32],
  shot_map: [11, 16, 32],
  radar: [11, 16, 32],
  editorial_cover: [11, 16, 32],
  fifa_viral: [11, 16, 32],
  collage: [11, 16, 32],
};
// The pill is #f5f7fb = (245, 247, 251).
const PILL: [number, number, number] = [245, 247, 251];

const close = (a: number[], b: number[], tol = 2) => a.every((v, i) => Math.abs(v - b[i]) <= tol);

describe('renderCard', () => {
  for (const style of CARD_STYLES) {
    it(`${style}: decodes to its size, is not blank, and carries the watermark in the corner`, async () => {
      const { width, height } = CARD_SIZES[style];
      const on = decodePng((await renderCard(style, sampleFacts())).png);
      const off = decodePng((await renderCard(style, sampleFacts({ watermark: null }))).png);
      expect([on.width, on.height]).toEqual([width, height]);
      expect(distinctColours(on)).toBeGreaterThan(20);
      // Probe 8 px inside the pill's right end, on its vertical centre line.
      const x = width - WATERMARK_INSET - 8;
      const y = height - WATERMARK_INSET - WATERMARK_HEIGHT / 2;
      const withMark = pixelAt(on, x, y).slice(0, 3);
      const without = pixelAt(off, x, y).slice(0, 3);
      expect(close(withMark, PILL)).toBe(true);
      expect(close(without, BACKGROUND[style])).toBe(true);
      expect(close(withMark, without, 20)).toBe(false);
    });
  }

  it('is deterministic: the same facts give byte-identical PNGs', async () => {
    for (const style of ['player_card', 'stat_ribbon', 'fifa_viral'] as const) {
      const a = await renderCard(style, sampleFacts());
      const b = await renderCard(style, sampleFacts());
      expect(Buffer.from(a.png).equals(Buffer.from(b.png))).toBe(true);
    }
  });

  it('draws different cards for different facts (the output depends on the input)', async () => {
    const a = await renderCard('player_card', sampleFacts());
    const b = await renderCard('player_card', sampleFacts({ caption: 'Different take.' }));
    expect(Buffer.from(a.png).equals(Buffer.from(b.png))).toBe(false);
  });

  it("prints a caller's caption on fifa_viral, and only a caller's", async () => {
    const own = await renderCard(
      'fifa_viral',
      sampleFacts({ caption: 'Best number nine in the league.', caption_is_user: true }),
    );
    const none = await renderCard('fifa_viral', sampleFacts({ caption: 'A default take.', caption_is_user: false }));
    const other = await renderCard(
      'fifa_viral',
      sampleFacts({ caption: 'Another default take.', caption_is_user: false }),
    );
    expect(Buffer.from(own.png).equals(Buffer.from(none.png))).toBe(false);
    // The default take is not drawn on this card: two default takes give the same picture.
    expect(Buffer.from(none.png).equals(Buffer.from(other.png))).toBe(true);
  });

  it('renders captions full of markup, entities, emoji and combining marks as text', async () => {
    const captions = [
      '<script>alert("x")</script>',
      '&amp; &lt;svg onload=x&gt; ]]> <!-- --> "\'',
      '⚽🔥👍🏽🇧🇷 👨‍👩‍👧 ❤️',
      'Zoë Ðorđević e\u0301 n\u0303 a\u0308\u0301',
    ];
    const plain = decodePng((await renderCard('stat_ribbon', sampleFacts({ caption: 'x' }))).png);
    for (const caption of captions) {
      const img = decodePng((await renderCard('stat_ribbon', sampleFacts({ caption }))).png);
      expect([img.width, img.height]).toEqual([1080, 1080]);
      // The caption band (y 830–910, right of the opening quote) must differ from a card whose caption
      // is one letter: glyphs were drawn there rather than nothing.
      let differs = 0;
      for (let py = 830; py < 910; py += 3)
        for (let px = 140; px < 1000; px += 3)
          if (!close(pixelAt(img, px, py).slice(0, 3), pixelAt(plain, px, py).slice(0, 3), 0)) differs++;
      expect(differs).toBeGreaterThan(50);
    }
  });

  it('renders names from the data in scripts the font lacks without failing (glyphs are left out)', async () => {
    const facts = sampleFacts({ player: { ...sampleFacts().player, display_name: 'محمد صلاح 孫興慜' } });
    const img = decodePng((await renderCard('player_card', facts)).png);
    expect([img.width, img.height]).toEqual([1080, 1350]);
  });

  it('embeds a caller photo on hd styles (the portrait area changes)', async () => {
    const { photoOf } = await import('../../src/cards/photo.js');
    // A 1×1 opaque green PNG, built with the same hand-built path as the decoder test.
    const { deflateSync } = await import('node:zlib');
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(1, 0);
    ihdr.writeUInt32BE(1, 4);
    ihdr.set([8, 6, 0, 0, 0], 8);
    const chunk = (type: string, data: Buffer) => {
      const len = Buffer.alloc(4);
      len.writeUInt32BE(data.length);
      const { crc32 } = crcOf();
      const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(body));
      return Buffer.concat([len, body, crc]);
    };
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', deflateSync(Buffer.from([0, 0, 200, 0, 255]))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    const photo = photoOf(png);
    expect(photo.ok).toBe(true);
    if (!photo.ok) return;
    const img = decodePng((await renderCard('collage', sampleFacts(), photo.value)).png);
    // Collage portrait tile spans x 40–520, y 40–600; its centre shows the green photo (0,200,0).
    expect(close(pixelAt(img, 280, 320).slice(0, 3), [0, 200, 0], 3)).toBe(true);
  });
});

/** CRC-32 (PNG polynomial), so resvg accepts the hand-built photo. */
function crcOf() {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  return {
    crc32(buf: Buffer): number {
      let c = 0xffffffff;
      for (const b of buf) c = table[(c ^ b) & 0xff] ^ (c >>> 8);
      return (c ^ 0xffffffff) >>> 0;
    },
  };
}

describe('inlineMarkedImagesOf', () => {
  const dataUrlOf = (svg: string) => `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  const imageOf = (svg: string, w = 20, h = 10) =>
    `<image x="5" y="7" width="${w}" height="${h}" href="${dataUrlOf(svg)}" preserveAspectRatio="none" clip-path="url(#c)" mask="url(#m)"/>`;
  const marked = `<svg ${INLINE_SVG_MARK} xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10"><circle cx="10" cy="5" r="4" fill="#fff"/></svg>`;

  it('draws a marked SVG image of its element’s size as its shapes, moved to the element’s place', () => {
    const card = `<svg>${imageOf(marked)}<path d="M0 0"/></svg>`;
    expect(inlineMarkedImagesOf(card)).toBe(
      '<svg><g transform="translate(5 7)"><circle cx="10" cy="5" r="4" fill="#fff"/></g><path d="M0 0"/></svg>',
    );
  });

  it('leaves unmarked SVG images and marked ones drawn at another size as images', () => {
    const unmarked = marked.replace(`${INLINE_SVG_MARK} `, '');
    for (const card of [`<svg>${imageOf(unmarked)}</svg>`, `<svg>${imageOf(marked, 40, 20)}</svg>`])
      expect(inlineMarkedImagesOf(card)).toBe(card);
  });

  it('the radar card drawn with its shapes inline looks as drawn through an image (every channel within 1)', async () => {
    const tree = layoutOf('radar', sampleFacts());
    const inlineSvg = await layoutToSvg(tree, 1080, 1350);
    expect(inlineSvg).not.toContain('data:image/svg+xml');
    const inline = decodePng(svgToPng(inlineSvg));
    const unmarked = JSON.parse(
      JSON.stringify(tree).replaceAll(
        Buffer.from(`<svg ${INLINE_SVG_MARK} `).toString('base64'),
        Buffer.from('<svg data-inline="nope" ').toString('base64'),
      ),
    );
    const imageSvg = await layoutToSvg(unmarked, 1080, 1350);
    expect(imageSvg).toContain('data:image/svg+xml');
    const viaImage = decodePng(svgToPng(imageSvg));
    let worst = 0;
    for (let i = 0; i < inline.rgba.length; i++) worst = Math.max(worst, Math.abs(inline.rgba[i]! - viaImage.rgba[i]!));
    expect(worst).toBeLessThanOrEqual(1);
  }, 60_000);
});

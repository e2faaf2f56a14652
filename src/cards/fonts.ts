/**
 * @module The bundled fonts and emoji images every card uses: Inter TTFs from
 * @expo-google-fonts/inter (full Latin-ext, Greek and Cyrillic coverage) and Twemoji SVGs from
 * @twemoji/svg. Read from the package files once per process; never system fonts, never the network.
 */
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** The font family name layouts use. */
const CARD_FONT_FAMILY = 'Inter';

/** One font face in the shape satori expects. */
export interface CardFont {
  name: string;
  data: Buffer;
  weight: 400 | 500 | 600 | 700 | 800 | 900;
  style: 'normal';
}

const WEIGHTS = [
  [400, '400Regular/Inter_400Regular.ttf'],
  [500, '500Medium/Inter_500Medium.ttf'],
  [700, '700Bold/Inter_700Bold.ttf'],
  [900, '900Black/Inter_900Black.ttf'],
] as const;

const require = createRequire(import.meta.url);
let fonts: CardFont[] | null = null;

/** Directory of an installed package, found through Node resolution so it works from src and dist. */
function packageDir(name: string): string {
  return dirname(require.resolve(`${name}/package.json`));
}

/**
 * The card fonts, read from disk on first call and cached for the process.
 * @example cardFonts().map((f) => f.weight) // => [400, 500, 700, 900]
 */
export function cardFonts(): CardFont[] {
  if (fonts) return fonts;
  const dir = packageDir('@expo-google-fonts/inter');
  fonts = WEIGHTS.map(([weight, file]) => ({
    name: CARD_FONT_FAMILY,
    data: readFileSync(join(dir, file)),
    weight,
    style: 'normal' as const,
  }));
  return fonts;
}

const emojiCache = new Map<string, string>();
let emojiDir: string | null = null;

/** Twemoji file stem of an emoji grapheme: code points in hex joined by '-'. */
function emojiStem(segment: string, dropVariation: boolean): string {
  const points = [...segment].map((c) => c.codePointAt(0)!).filter((cp) => !(dropVariation && cp === 0xfe0f));
  return points.map((cp) => cp.toString(16)).join('-');
}

/**
 * An emoji grapheme as an SVG data URL from @twemoji/svg, or null when Twemoji has no image for it
 * (the grapheme is then left out of the card rather than drawn as a missing-glyph box).
 * @example emojiDataUrl('⚽')?.startsWith('data:image/svg+xml;base64,') // => true
 */
export function emojiDataUrl(segment: string): string | null {
  const cached = emojiCache.get(segment);
  if (cached !== undefined) return cached || null;
  const dir = (emojiDir ??= packageDir('@twemoji/svg'));
  // With the variation selector first, then without: Twemoji names some files one way, some the other.
  const file = [false, true].map((drop) => join(dir, `${emojiStem(segment, drop)}.svg`)).find((f) => existsSync(f));
  const url = file ? `data:image/svg+xml;base64,${readFileSync(file).toString('base64')}` : '';
  emojiCache.set(segment, url);
  return url || null;
}

/**
 * satori's `loadAdditionalAsset` hook: emoji become Twemoji images; other scripts the bundled font
 * lacks get no extra font (no system fonts, no network), so such glyphs are simply not drawn.
 */
export async function loadCardAsset(languageCode: string, segment: string): Promise<string | CardFont[]> {
  if (languageCode === 'emoji') return emojiDataUrl(segment) ?? [];
  return [];
}

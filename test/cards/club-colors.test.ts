/**
 * Clubs without colours in their data (every club of an event dataset) get a colour of their own:
 * deterministic, legible under white text, and different from club to club
 * (docs/cards.md#club-colours). Checked on the names of the 78 clubs of the big four leagues of
 * 2017/18 and on the palette a card uses.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CLUB_COLOR_LUMINANCE_MAX, clubColorOf, luminanceOf, paletteOf } from '../../src/cards/layouts/shared.js';
import type { CardFacts } from '../../src/cards/facts.js';

/** WCAG contrast ratio of two relative luminances. */
const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

const CLUBS = [
  'Arsenal',
  'Chelsea',
  'Liverpool',
  'Manchester City',
  'Manchester United',
  'Tottenham Hotspur',
  'Everton',
  'Leicester City',
  'Burnley',
  'Watford',
  'West Ham United',
  'Crystal Palace',
  'Newcastle United',
  'Bournemouth',
  'Brighton & Hove Albion',
  'Huddersfield Town',
  'Southampton',
  'Swansea City',
  'Stoke City',
  'West Bromwich Albion',
  'Barcelona',
  'Real Madrid',
  'Atlético Madrid',
  'Valencia',
  'Villarreal',
  'Real Betis',
  'Sevilla',
  'Getafe',
  'Eibar',
  'Girona',
  'Espanyol',
  'Real Sociedad',
  'Celta de Vigo',
  'Alavés',
  'Levante',
  'Athletic Club',
  'Leganés',
  'Deportivo La Coruña',
  'Las Palmas',
  'Málaga',
  'Bayern München',
  'Schalke 04',
  'Hoffenheim',
  'Borussia Dortmund',
  'Bayer Leverkusen',
  'RB Leipzig',
  'VfB Stuttgart',
  'Eintracht Frankfurt',
  "Borussia M'gladbach",
  'Hertha BSC',
  'Werder Bremen',
  'FC Augsburg',
  'Hannover 96',
  'Mainz 05',
  'SC Freiburg',
  'VfL Wolfsburg',
  'Hamburger SV',
  '1. FC Köln',
  'PSG',
  'Monaco',
  'Olympique Lyonnais',
  'Olympique Marseille',
  'Rennes',
  'Bordeaux',
  'Saint-Étienne',
  'Nice',
  'Nantes',
  'Montpellier',
  'Dijon',
  'Guingamp',
  'Amiens',
  'Angers',
  'Strasbourg',
  'Caen',
  'Lille',
  'Toulouse',
  'Troyes',
  'Metz',
];

describe('clubColorOf', () => {
  it('gives every name one colour, dark enough for white text at 4.5:1 or more', () => {
    fc.assert(
      fc.property(fc.string(), (name) => {
        const hex = clubColorOf(name);
        expect(hex).toMatch(/^#[0-9a-f]{6}$/);
        expect(clubColorOf(name)).toBe(hex);
        expect(luminanceOf(hex)).toBeLessThanOrEqual(CLUB_COLOR_LUMINANCE_MAX);
        expect(contrast(luminanceOf(hex), 1)).toBeGreaterThanOrEqual(4.5);
      }),
    );
  });

  it('tells the clubs of the big leagues apart: each gets a colour of its own', () => {
    const colors = CLUBS.map(clubColorOf);
    expect(new Set(colors).size).toBe(CLUBS.length);
    // Hues spread over the wheel: no 30° sector holds more than a quarter of the clubs.
    const sectors = new Array(12).fill(0);
    for (const c of colors) {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16) / 255) as [number, number, number];
      const max = Math.max(r, g, b);
      const d = max - Math.min(r, g, b);
      const hue = d === 0 ? 0 : max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
      sectors[Math.floor(hue * 2) % 12]++;
    }
    expect(Math.max(...sectors)).toBeLessThanOrEqual(CLUBS.length / 4);
  });

  it('is the card palette of a club whose data has no colours, and yields to colours it has', () => {
    const facts = (club: CardFacts['club']) => ({ club }) as Pick<CardFacts, 'club'> as CardFacts;
    const bare = { name: 'Liverpool', short_name: null, primary_color: null, secondary_color: null };
    expect(paletteOf(facts(bare)).primary).toBe(clubColorOf('Liverpool'));
    expect(paletteOf(facts({ ...bare, primary_color: '#c8102e' })).primary).toBe('#c8102e');
    expect(paletteOf(facts(bare)).onPrimary).toBe(paletteOf(facts({ ...bare, primary_color: '#000000' })).onPrimary);
  });
});

/**
 * The nations of the demo universe: the four domestic football countries and the other nations
 * whose players appear in their leagues. All 48 take part in the demo's 2026 World Cup (the demo
 * picks its six play-off qualifiers itself; it is not an official list).
 */

/** A nation: display name (the `nationality` value), FIFA-style code (the `wc2026_nation` value), naming cultures. */
export interface Nation {
  name: string;
  code: string;
  /** Naming cultures with weights; a player's culture is drawn from these. */
  cultures: ReadonlyArray<readonly [string, number]>;
  /** Relative share of the foreign players in the domestic leagues. */
  exportWeight: number;
}

/** A nation from its culture mix written as `{ culture: weight }` (entries keep the order written). */
const n = (name: string, code: string, cultures: Record<string, number>, exportWeight: number): Nation => ({
  name,
  code,
  cultures: Object.entries(cultures),
  exportWeight,
});

/** The four countries whose leagues the demo simulates. */
export const DOMESTIC_NATIONS: readonly Nation[] = [
  n('England', 'ENG', { english: 0.86, ghanaian: 0.06, scottish: 0.04, senegalese: 0.04 }, 3),
  n('Spain', 'ESP', { spanish: 0.9, latam: 0.05, senegalese: 0.05 }, 4),
  n('Italy', 'ITA', { italian: 0.92, latam: 0.04, ghanaian: 0.04 }, 3),
  n('Germany', 'GER', { german: 0.82, turkish: 0.08, croatian: 0.04, ghanaian: 0.06 }, 3),
];

/** The 44 other nations (all in the demo's 2026 World Cup). */
export const FOREIGN_NATIONS: readonly Nation[] = [
  n('France', 'FRA', { french: 0.6, senegalese: 0.1, ivorian: 0.1, maghreb: 0.14, congolese: 0.06 }, 6),
  n('Brazil', 'BRA', { brazilian: 1 }, 6),
  n('Argentina', 'ARG', { latam: 0.85, italian: 0.15 }, 5),
  n('Portugal', 'POR', { portuguese: 0.85, caboverdean: 0.15 }, 4),
  n('Netherlands', 'NED', { dutch: 0.78, maghreb: 0.1, curacaoan: 0.12 }, 4),
  n('Belgium', 'BEL', { dutch: 0.5, french: 0.26, congolese: 0.14, maghreb: 0.1 }, 4),
  n('Croatia', 'CRO', { croatian: 1 }, 3),
  n('Uruguay', 'URU', { latam: 0.85, italian: 0.15 }, 3),
  n('Colombia', 'COL', { latam: 1 }, 3),
  n('Morocco', 'MAR', { maghreb: 1 }, 3),
  n('Senegal', 'SEN', { senegalese: 1 }, 3),
  n('Ivory Coast', 'CIV', { ivorian: 1 }, 3),
  n('Switzerland', 'SUI', { german: 0.55, french: 0.25, croatian: 0.1, italian: 0.1 }, 3),
  n('Austria', 'AUT', { austrian: 0.6, german: 0.3, croatian: 0.1 }, 3),
  n('Norway', 'NOR', { nordic: 0.9, ghanaian: 0.1 }, 3),
  n('Denmark', 'DEN', { nordic: 0.92, ghanaian: 0.08 }, 3),
  n('Scotland', 'SCO', { scottish: 0.9, english: 0.1 }, 3),
  n('Turkey', 'TUR', { turkish: 1 }, 3),
  n('Ukraine', 'UKR', { ukrainian: 1 }, 2),
  n('United States', 'USA', { english: 0.65, latam: 0.2, ghanaian: 0.15 }, 3),
  n('Mexico', 'MEX', { latam: 1 }, 2),
  n('Canada', 'CAN', { english: 0.6, french: 0.2, ghanaian: 0.1, croatian: 0.1 }, 2),
  n('Ecuador', 'ECU', { latam: 1 }, 2),
  n('Paraguay', 'PAR', { latam: 1 }, 2),
  n('Ghana', 'GHA', { ghanaian: 1 }, 2),
  n('Algeria', 'ALG', { maghreb: 1 }, 2),
  n('Tunisia', 'TUN', { maghreb: 1 }, 2),
  n('Egypt', 'EGY', { mashriq: 1 }, 2),
  n('Japan', 'JPN', { japanese: 1 }, 3),
  n('South Korea', 'KOR', { korean: 1 }, 2),
  n('Australia', 'AUS', { english: 0.75, croatian: 0.1, italian: 0.1, ghanaian: 0.05 }, 2),
  n('DR Congo', 'COD', { congolese: 1 }, 2),
  n('Iran', 'IRN', { persian: 1 }, 1),
  n('Cape Verde', 'CPV', { caboverdean: 1 }, 1),
  n('South Africa', 'RSA', { southafrican: 1 }, 1),
  n('Saudi Arabia', 'KSA', { mashriq: 1 }, 1),
  n('Qatar', 'QAT', { mashriq: 1 }, 1),
  n('Jordan', 'JOR', { mashriq: 1 }, 1),
  n('Iraq', 'IRQ', { mashriq: 1 }, 1),
  n('Uzbekistan', 'UZB', { uzbek: 1 }, 1),
  n('Panama', 'PAN', { latam: 1 }, 1),
  n('Haiti', 'HAI', { haitian: 1 }, 1),
  n('Curaçao', 'CUW', { curacaoan: 0.7, dutch: 0.3 }, 1),
  n('New Zealand', 'NZL', { english: 0.9, croatian: 0.1 }, 1),
];

/** Every nation of the demo universe, domestic first. */
export const NATIONS: readonly Nation[] = [...DOMESTIC_NATIONS, ...FOREIGN_NATIONS];

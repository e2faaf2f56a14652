/**
 * Generated English reads right with real names: "from the Netherlands", "Oakhurst Harriers' goal
 * difference", "1 match", "an international competition". The helpers are checked on real country
 * and club names, the narrative on every nationality of the demo universe plus the real ones below,
 * and a scan of src/ fails on a sentence template that builds these forms by hand again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../src/engine.js';
import fc from 'fast-check';
import { counted, countryInProse, possessive, withArticle, withThousands } from '../src/prose.js';
import { narrativeOf } from '../src/reports/narrative.js';
import { ROOT } from './helpers/built-cli.js';

describe('countryInProse', () => {
  it('puts "the" before the country names that take it, and only those', () => {
    const the = [
      'Netherlands',
      'United States',
      'Czech Republic',
      'Republic of Ireland',
      'United Arab Emirates',
      'Central African Republic',
      'Dominican Republic',
      'Democratic Republic of the Congo',
      'Gambia',
      'Philippines',
      'Faroe Islands',
      'Ivory Coast',
    ];
    const bare = ['Brazil', 'England', 'France', 'Korea Republic', 'Bosnia and Herzegovina', 'DR Congo', 'Curaçao'];
    for (const c of the) expect(countryInProse(c)).toBe(`the ${c}`);
    for (const c of bare) expect(countryInProse(c)).toBe(c);
    expect(countryInProse('the Netherlands')).toBe('the Netherlands');
  });
});

describe('possessive', () => {
  it('takes an apostrophe alone after a final s, as club names ending in s read', () => {
    for (const club of ['Oakhurst Harriers', 'Wolverhampton Wanderers', 'Newell’s Old Boys', 'Lens', 'Atlético Madrid'])
      expect(possessive(club)).toBe(/s$/.test(club) ? `${club}'` : `${club}'s`);
    expect(possessive('Harry Kane')).toBe("Harry Kane's");
  });
});

describe('counted and withArticle', () => {
  it('agree the noun with the count', () => {
    expect(counted(1, 'match', 'matches')).toBe('1 match');
    expect(counted(0, 'match', 'matches')).toBe('0 matches');
    expect(counted(2, 'goal')).toBe('2 goals');
  });

  it('choose "an" by sound, not only by letter', () => {
    expect(withArticle('international competition')).toBe('an international competition');
    expect(withArticle('attacker')).toBe('an attacker');
    expect(withArticle('historic derby')).toBe('a historic derby');
    expect(withArticle('city derby')).toBe('a city derby');
    expect(withArticle('UEFA competition')).toBe('a UEFA competition');
    expect(withArticle('one-club man')).toBe('a one-club man');
    expect(withArticle('hour')).toBe('an hour');
    expect(withArticle('8-0 win')).toBe('an 8-0 win');
    expect(withArticle('11-1 win')).toBe('an 11-1 win');
    expect(withArticle('1-0 win')).toBe('a 1-0 win');
    expect(withArticle('110-0 win')).toBe('a 110-0 win');
  });
});

describe('withThousands', () => {
  it('puts a comma between thousands, signs kept', () => {
    expect(withThousands(999)).toBe('999');
    expect(withThousands(1980)).toBe('1,980');
    expect(withThousands(-1_234_567)).toBe('-1,234,567');
    expect(withThousands(-0)).toBe('-0');
    expect(withThousands(1234.5678)).toBe('1,234.5678');
  });

  it('writes every safe integer as English number formatting does', () => {
    fc.assert(
      fc.property(fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (n) => {
        expect(withThousands(n)).toBe(n.toLocaleString('en-US'));
      }),
    );
  });
});

describe('the player narrative', () => {
  it('reads right for every nationality of the demo universe', () => {
    const engine = Engine.open({ dataset: 'demo' });
    const seen = new Set<string>();
    for (const p of engine.players) {
      if (!p.nationality || seen.has(p.nationality)) continue;
      seen.add(p.nationality);
      const r = engine.scouting({ player_id: p.player_id });
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.data.dna.narrative).toContain(` from ${countryInProse(p.nationality)} `);
    }
    expect(seen.size).toBeGreaterThan(20);
  });

  it('says "from the Netherlands" and "an attacker"', () => {
    const text = narrativeOf(
      {
        player_id: 1,
        name: 'Virgil van Dijk',
        known_as: null,
        display_name: 'Virgil van Dijk',
        birth_date: null,
        age: 26,
        nationality: 'Netherlands',
        position: 'CB',
        position_group: 'defender',
        position_label: 'Attacker',
        preferred_foot: null,
        height_cm: null,
        team: null,
        league: null,
        fee_tier: null,
        wc2026_nation: null,
        contract_end_date: null,
      },
      null,
      null,
      null,
    );
    expect(text).toBe(
      'Virgil van Dijk, 26, is an attacker from the Netherlands. No seasonal statistics are recorded for Virgil van Dijk.',
    );
  });
});

/** Every TypeScript file under `dir`. */
const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourcesUnder(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

describe('sentence templates in src/', () => {
  // Hand-built forms that break on real names and counts; src/prose.ts has the helper for each.
  const HAND_BUILT: { pattern: RegExp; use: string }[] = [
    { pattern: /\}'s\b/, use: 'possessive(name)' },
    // (a conditional that picks between consonant-initial words, `a ${x ? 'UTF-8' : 'UTF-16LE'}`, is fine)
    { pattern: / a \$\{(?![^}]*\?)/, use: 'withArticle(word)' },
    { pattern: /from \$\{(?!countryInProse)[^}]*nationality/, use: 'countryInProse(country)' },
    // A rate ("0.114 goals per shot") is not a count.
    { pattern: /\$\{[^}]*\} (matches|goals|assists|appearances|players)\b(?! per )/, use: 'counted(n, one, many)' },
  ];

  it('build possessives, articles, countries and counted nouns with src/prose.ts', () => {
    const offending: string[] = [];
    for (const file of sourcesUnder(join(ROOT, 'src'))) {
      if (file.includes('/src/demo/')) continue; // the demo generator writes names, not sentences
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (/^\s*(\/\*|\*|\/\/)/.test(line) || file.endsWith('/src/prose.ts')) return;
          for (const { pattern, use } of HAND_BUILT)
            if (pattern.test(line))
              offending.push(`${file.slice(ROOT.length + 1)}:${i + 1} (use ${use}): ${line.trim()}`);
        });
    }
    expect(offending).toEqual([]);
  });
});

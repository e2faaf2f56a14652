import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { buildIdentityIndex } from '../../src/identity/name-index.js';
import { resolvePlayer } from '../../src/identity/resolve.js';
import { tokenKeyOf } from '../../src/identity/names.js';

// Name tokens with accents, special letters and apostrophes, so the variants below really differ from the original.
const TOKENS = [
  'Jörg',
  'Müller',
  'Weiß',
  'Søren',
  'Łukasz',
  'Æbelø',
  "N'Golo",
  'Kanté',
  'João',
  'Silva',
  'Ferrante',
  'Zoë',
  'Ödegaard',
  'Çakır',
  'Dvořák',
  'Berg',
  'Núñez',
  "O'Neill",
];

const nameArb = fc.array(fc.constantFrom(...TOKENS), { minLength: 2, maxLength: 3 }).map((t) => t.join(' '));
// Players with distinct order-free keys: a reordered query can then point at only one of them.
const playersArb = fc.uniqueArray(nameArb, { minLength: 1, maxLength: 25, selector: tokenKeyOf });

const stripAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

describe('resolvePlayer (property)', () => {
  it("any player's exact name, reordered, upper-cased or accent-stripped resolves to that player or an ambiguity listing it", () => {
    fc.assert(
      fc.property(
        playersArb,
        fc.nat(),
        fc.constantFrom('same', 'reversed', 'upper', 'stripped'),
        fc.nat(),
        (names, pick, variant, teamPick) => {
          const players = names.map((name, i) => ({
            player_id: i + 1,
            name,
            known_as: null,
            team_id: 1 + (i % 2),
            position: 'CM',
          }));
          const teams = [
            { team_id: 1, name: 'Alpha FC', short_name: 'Alpha', league_id: 1 },
            { team_id: 2, name: 'Beta United', short_name: 'Beta', league_id: 1 },
          ];
          const index = buildIdentityIndex(players, teams, [{ league_id: 1, name: 'Liga', country: null }]);
          const target = players[pick % players.length];
          const query =
            variant === 'reversed'
              ? target.name.split(' ').reverse().join(' ')
              : variant === 'upper'
                ? target.name.toUpperCase()
                : variant === 'stripped'
                  ? stripAccents(target.name)
                  : target.name;
          const hint = teamPick % 3 === 0 ? undefined : teams[target.team_id - 1].short_name;
          const r = resolvePlayer(index, { name: query, ...(hint ? { team_hint: hint } : {}) });
          if (r.ok) {
            expect(r.value.player_id).toBe(target.player_id);
          } else {
            expect(r.error.code).toBe('ambiguous_player');
            const ids = (r.error.candidates as { player_id: number }[]).map((c) => c.player_id);
            expect(ids).toContain(target.player_id);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

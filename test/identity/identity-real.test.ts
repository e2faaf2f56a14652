/**
 * Identity resolution over the 476 real players of the StatsBomb Premier League 2015/16 sample
 * (../shared/real): full names with accents, nicknames as known_as, and StatsBomb's own doubled
 * apostrophe ("N''Golo Kanté").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it, expect } from 'vitest';
import { buildIdentityIndex } from '../../src/identity/name-index.js';
import { resolvePlayer } from '../../src/identity/resolve.js';
import { realDataPresent, realPath } from '../helpers/real-data.js';

const dir = realPath('statsbomb', 'premier-league-2015-16', 'lineups');
const present = realDataPresent('identity-real tests', dir);

interface Lineup {
  team_id: number;
  team_name: string;
  lineup: { player_id: number; player_name: string; player_nickname: string | null }[];
}

describe.skipIf(!present)('resolvePlayer on real StatsBomb names', () => {
  const players = new Map<
    number,
    { player_id: number; name: string; known_as: string | null; team_id: number; position: string }
  >();
  const teams = new Map<
    number,
    { team_id: number; name: string; short_name: string | null; league_id: number | null }
  >();
  if (present) {
    for (const f of readdirSync(dir).sort()) {
      for (const side of JSON.parse(readFileSync(join(dir, f), 'utf8')) as Lineup[]) {
        teams.set(side.team_id, { team_id: side.team_id, name: side.team_name, short_name: null, league_id: null });
        for (const p of side.lineup)
          players.set(p.player_id, {
            player_id: p.player_id,
            name: p.player_name,
            known_as: p.player_nickname,
            team_id: side.team_id,
            position: 'CM',
          });
      }
    }
  }
  const index = buildIdentityIndex([...players.values()], [...teams.values()], []);
  const idOf = (name: string) => [...players.values()].find((p) => p.name === name)!.player_id;
  const resolved = (query: Parameters<typeof resolvePlayer>[1]) => {
    const r = resolvePlayer(index, query);
    return r.ok ? r.value : r.error.code;
  };

  it('resolves names typed the way people type them', () => {
    expect(resolved({ name: "N'Golo Kante" })).toEqual({
      player_id: idOf("N''Golo Kanté"),
      resolution: { matched_by: 'exact_name', confidence: 1 },
    });
    expect(resolved({ name: 'juan mata' })).toEqual({
      player_id: idOf('Juan Manuel Mata García'),
      resolution: { matched_by: 'known_as', confidence: 0.95 },
    });
    expect(resolved({ name: 'Mata' })).toEqual({
      player_id: idOf('Juan Manuel Mata García'),
      resolution: { matched_by: 'surname', confidence: 0.8 },
    });
    expect(resolved({ name: 'Juanmi' })).toMatchObject({ player_id: idOf('Juan Miguel Jiménez López') });
    expect(resolved({ name: 'Eriksen' })).toMatchObject({
      player_id: idOf('Christian Dannemann Eriksen'),
      resolution: { matched_by: 'surname' },
    });
    expect(resolved({ name: 'PRODL' })).toMatchObject({ player_id: idOf('Sebastian Prödl') });
    expect(resolved({ name: 'Christian Eriksn' })).toMatchObject({ player_id: idOf('Christian Dannemann Eriksen') });
  });

  it('every real name, upper-cased, accent-stripped or reversed, resolves to its player or an ambiguity listing him', () => {
    const strip = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
    const misses: string[] = [];
    for (const p of players.values()) {
      for (const q of [p.name.toUpperCase(), strip(p.name), p.name.split(' ').reverse().join(' ')]) {
        const r = resolvePlayer(index, { name: q });
        const ok = r.ok
          ? r.value.player_id === p.player_id
          : r.error.code === 'ambiguous_player' &&
            (r.error.candidates as { player_id: number }[]).some((c) => c.player_id === p.player_id);
        if (!ok) misses.push(`${q} → ${r.ok ? r.value.player_id : r.error.code}`);
      }
    }
    expect(misses).toEqual([]);
    expect(players.size).toBe(476);
  });
});

import { describe, expect, it } from 'vitest';
import { playerInputsOf } from '../../src/identity/player-inputs.js';
import { bundledDatasetFromDir } from '../../src/io/load.js';
import { demoDatasetDir } from '../../src/io/paths.js';
import { LazyRows } from '../../src/model/lazy-rows.js';
import { rowsOf } from '../../src/model/schema.js';

const players = bundledDatasetFromDir(demoDatasetDir()).tables.players;
const eager = rowsOf(players, 'players');

describe('LazyRows (the engine’s players, read as they are asked for)', () => {
  it('reads each row as rowsOf does, one at a time or all at once, and keeps the objects it gave', () => {
    const lazy = new LazyRows(players, 'players');
    const probes = [0, 1, 777, players.numRows - 1];
    const early = probes.map((i) => lazy.at(i));
    for (const [k, i] of probes.entries()) expect(early[k]).toEqual(eager[i]);
    const all = lazy.all();
    expect(all).toEqual(eager);
    for (const [k, i] of probes.entries()) expect(all[i]).toBe(early[k]);
    expect(lazy.at(5)).toBe(all[5]);
  });

  it('gives the identity index the same five fields the full rows hold', () => {
    const inputs = playerInputsOf(players);
    expect(inputs).toEqual(
      eager.map((p) => ({
        player_id: p.player_id,
        name: p.name,
        known_as: p.known_as,
        team_id: p.team_id,
        position: p.position,
      })),
    );
    expect(inputs.some((p) => p.known_as !== null)).toBe(true);
  });
});

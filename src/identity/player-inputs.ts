/**
 * What the identity index needs of every player, read column by column from the `players` table:
 * five of its twelve columns, without building every player's full row at open
 * (docs/methodology/stats.md#implementation-and-performance).
 */
import type { Table } from 'apache-arrow';
import { columnValuesOf } from '../model/lazy-rows.js';
import type { PlayerInput } from './name-index.js';

/**
 * The identity fields of every player, in table order: the values rowsOf reads for them.
 * @example playerInputsOf(tableFromRows('players', rows))[0].name // => rows[0].name
 */
export function playerInputsOf(players: Table): PlayerInput[] {
  const column = (name: string) => {
    const vector = players.getChild(name);
    return vector ? columnValuesOf(vector) : new Array<unknown>(players.numRows).fill(null);
  };
  const ids = column('player_id');
  const names = column('name');
  const knownAs = column('known_as');
  const teams = column('team_id');
  const positions = column('position');
  return ids.map((id, i) => ({
    player_id: Number(id),
    name: String(names[i]),
    known_as: textOrNull(knownAs[i]),
    team_id: numberOrNull(teams[i]),
    position: String(positions[i]),
  }));
}

function numberOrNull(v: unknown): number | null {
  return typeof v === 'number' ? v : null;
}

function textOrNull(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

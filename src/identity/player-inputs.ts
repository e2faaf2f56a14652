/**
 * What the identity index needs of every player, read column by column from the `players` table:
 * five of its twelve columns, without building every player's full row.
 */
import type { Table } from 'apache-arrow';
import { columnValuesOf } from '../model/lazy-rows.js';
import type { PlayerInput } from './name-index.js';

/**
 * The identity fields of every player, in table order: the values rowsOf reads for them.
 * @example playerInputsOf(tableFromRows('players', rows))[0].name // => rows[0].name
 */
export function playerInputsOf(players: Table): PlayerInput[] {
  const column = <T>(name: string, as: (v: unknown) => T): T[] => {
    const vector = players.getChild(name);
    return vector ? columnValuesOf(vector).map(as) : new Array<T>(players.numRows).fill(as(null));
  };
  const names = column('name', String);
  const knownAs = column('known_as', textOrNull);
  const teams = column('team_id', numberOrNull);
  const positions = column('position', String);
  return column('player_id', Number).map((id, i) => ({
    player_id: id,
    name: names[i],
    known_as: knownAs[i],
    team_id: teams[i],
    position: positions[i],
  }));
}

function numberOrNull(v: unknown): number | null {
  return typeof v === 'number' ? v : null;
}

function textOrNull(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

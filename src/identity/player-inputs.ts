/**
 * What the identity index needs of every player, read column by column from the `players` table:
 * five of its twelve columns, each decoded when a lookup first needs it, without building every
 * player's full row (docs/methodology/stats.md#implementation-and-performance,
 * docs/design.md#opening-a-dataset).
 */
import type { Table } from 'apache-arrow';
import { columnValuesOf } from '../model/lazy-rows.js';
import type { PlayerColumns, PlayerInput } from './name-index.js';

/**
 * The identity columns of a `players` table, in table order: the values rowsOf reads for them,
 * each column decoded on first use and kept.
 * @example playerColumnsOf(tableFromRows('players', rows)).names()[0] // => rows[0].name
 */
export function playerColumnsOf(players: Table): PlayerColumns {
  const column = <T>(name: string, as: (v: unknown) => T): (() => T[]) => {
    let values: T[] | undefined;
    return () => {
      if (!values) {
        const vector = players.getChild(name);
        values = vector ? columnValuesOf(vector).map(as) : new Array<T>(players.numRows).fill(as(null));
      }
      return values;
    };
  };
  return {
    length: players.numRows,
    ids: column('player_id', Number),
    names: column('name', String),
    knownAs: column('known_as', textOrNull),
    teamIds: column('team_id', numberOrNull),
    positions: column('position', String),
  };
}

/**
 * The identity fields of every player, in table order: the values rowsOf reads for them.
 * @example playerInputsOf(tableFromRows('players', rows))[0].name // => rows[0].name
 */
export function playerInputsOf(players: Table): PlayerInput[] {
  const c = playerColumnsOf(players);
  const [ids, names, knownAs, teams, positions] = [c.ids(), c.names(), c.knownAs(), c.teamIds(), c.positions()];
  return ids.map((id, i) => ({
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

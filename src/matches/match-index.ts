/** @module What match intelligence reads from the engine, and the per-dataset index it builds once from it. */
import type { EngineContext } from '../context.js';
import type { IdentityIndex } from '../identity/resolve.js';
import { rowsOf, type Dataset } from '../model/schema.js';
import { rivalryIndexOf, type RivalryIndex } from './derby.js';
import { fixtureStoreOf, type FixtureStore } from './fixture-store.js';
import type { SquadPlayer } from './lineups.js';

/** What match intelligence reads from the engine (a type-only view; `Engine` provides it). */
export type MatchContext = Pick<
  EngineContext,
  'dataset' | 'asOf' | 'now' | 'teamById' | 'leagueById' | 'seasonById' | 'playerById' | 'players'
> & {
  readonly identity: IdentityIndex;
};

/** What every match of one dataset is read from, built once per dataset. */
export interface MatchIndex {
  store: FixtureStore;
  rivalries: RivalryIndex;
  squads: Map<number, SquadPlayer[]>;
  cities: Map<number, string | null>;
}

const indexes = new WeakMap<Dataset, MatchIndex>();

/**
 * The match index of the context's dataset: its fixture store, rivalries, squads and club cities.
 * @example matchIndexOf(engine).store.rowsOfTeam(1).length // => 34
 */
export function matchIndexOf(ctx: MatchContext): MatchIndex {
  let s = indexes.get(ctx.dataset);
  if (!s) {
    const rivalryTable = ctx.dataset.tables.rivalries;
    const squads = new Map<number, SquadPlayer[]>();
    for (const p of ctx.players) {
      if (p.team_id === null) continue;
      const list = squads.get(p.team_id);
      const entry: SquadPlayer = {
        player_id: p.player_id,
        name: p.known_as ?? p.name,
        position: p.position,
        team_id: p.team_id,
        market_value_eur: p.market_value_eur,
      };
      if (list) list.push(entry);
      else squads.set(p.team_id, [entry]);
    }
    const cities = new Map(rowsOf(ctx.dataset.tables.teams, 'teams').map((t) => [t.team_id, t.city]));
    s = {
      store: fixtureStoreOf(ctx.dataset),
      rivalries: rivalryIndexOf(rivalryTable ? rowsOf(rivalryTable, 'rivalries') : []),
      squads,
      cities,
    };
    indexes.set(ctx.dataset, s);
  }
  return s;
}

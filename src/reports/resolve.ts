/** Turning identity inputs into a registry player, for every player-facing operation. */
import type { EngineContext, PlayerQuery, PlayerRow, Resolution } from '../context.js';
import { assert, fail, ok, type Result } from '../errors.js';

/** Resolves `{ name | player_id, team_hint }` to a player row, or the resolver's failure unchanged. */
export function resolveOrFail(
  ctx: EngineContext,
  query: PlayerQuery,
): Result<{ player: PlayerRow; resolution: Resolution }> {
  const r = ctx.resolvePlayer(query);
  if (!r.ok) return r;
  const player = ctx.playerById(r.value.player_id);
  assert(player, `resolver returned unknown player ${r.value.player_id}`);
  return ok({ player, resolution: r.value.resolution });
}

/** Resolves the second player `name2` names (a compare, a radar overlay): the resolver's failures restated on `name2`. */
export function resolveName2Of(ctx: EngineContext, name2: string): Result<PlayerRow> {
  const other = resolveOrFail(ctx, { name: name2 });
  if (other.ok) return ok(other.value.player);
  return fail(other.error.code, other.error.message.replace(/^name\b/, 'name2'), { ...other.error, param: 'name2' });
}

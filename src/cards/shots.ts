/**
 * @module The shots a shot map draws: a player's own shots, or, for a goalkeeper, the shots he
 * faced while he was on the pitch (docs/cards.md#shot_map). Read from the dataset's optional
 * `shots` table (event data only) and, for the goalkeeper, its `appearances`.
 */
import type { EngineContext } from '../context.js';
import { rowsOf } from '../model/schema.js';

/** One shot on a shot map: pitch fractions toward the goal attacked, its xG, whether it was a goal. */
export interface CardShot {
  x: number;
  y: number;
  xg: number;
  goal: boolean;
}

/** Whose shots a map shows: the player's own, or those a goalkeeper faced. */
export type ShotsKind = 'taken' | 'faced';

/** A match's length in minutes when no shot comes later: the window a substitute keeper's minutes end at. */
export const MATCH_MINUTES = 90;

const fixturesOf = (ctx: EngineContext, seasonId: number): Set<number> =>
  new Set(
    rowsOf(ctx.dataset.tables.fixtures, 'fixtures')
      .filter((f) => f.season_id === seasonId)
      .map((f) => f.fixture_id),
  );

const cardShotOf = (s: { x: number; y: number; xg: number; outcome: string }): CardShot => ({
  x: s.x,
  y: s.y,
  xg: s.xg,
  goal: s.outcome === 'goal',
});

/**
 * The season's shots of a player (`kind` 'taken'), or the opponents' shots a goalkeeper faced
 * (`kind` 'faced'): shots by the other team in a match he played, within his minutes on the pitch —
 * a starter's first `minutes`, a substitute's last `minutes` before the match's end (its last shot,
 * at least {@link MATCH_MINUTES}). Shot minutes are whole minutes of the clock, so a keeper changed
 * mid-match may be credited a shot from the minute of the change. Own goals are not shots, so the
 * goals on the map can be fewer than his goals conceded. Null when the dataset has no shots table
 * (or, for 'faced', no appearances table).
 * @example shotsOf(engine, keeperId, seasonId, 'faced')?.every((s) => s.xg >= 0) // => true
 */
export function shotsOf(ctx: EngineContext, playerId: number, seasonId: number, kind: ShotsKind): CardShot[] | null {
  const table = ctx.dataset.tables.shots;
  if (!table) return null;
  const inSeason = fixturesOf(ctx, seasonId);
  const shots = rowsOf(table, 'shots').filter((s) => inSeason.has(s.fixture_id));
  if (kind === 'taken') return shots.filter((s) => s.player_id === playerId).map(cardShotOf);
  const appearances = ctx.dataset.tables.appearances;
  if (!appearances) return null;
  const played = rowsOf(appearances, 'appearances').filter(
    (a) => a.player_id === playerId && inSeason.has(a.fixture_id),
  );
  const lastMinute = new Map<number, number>();
  for (const s of shots) lastMinute.set(s.fixture_id, Math.max(lastMinute.get(s.fixture_id) ?? 0, s.minute));
  const windows = new Map(
    played.map((a) => {
      const end = Math.max(MATCH_MINUTES, lastMinute.get(a.fixture_id) ?? 0);
      return [
        a.fixture_id,
        { team: a.team_id, from: a.started ? 0 : end - a.minutes, to: a.started ? a.minutes : end },
      ];
    }),
  );
  return shots
    .filter((s) => {
      const w = windows.get(s.fixture_id);
      return w !== undefined && s.team_id !== w.team && s.minute >= Math.floor(w.from) && s.minute <= Math.ceil(w.to);
    })
    .map(cardShotOf);
}

/**
 * @module What a radar card shows: the spokes that define a player's role, his role-cohort
 * percentile on each, and optionally a second player of the same role on the same spokes
 * (docs/cards.md#radar). Pure over the engine context; the layout only draws it.
 */
import type { EngineContext, PlayerRow } from '../context.js';
import { fail, ok, type Result } from '../errors.js';
import { positionCodeOf } from '../model/positions.js';
import { POSITION_GROUPS } from '../model/schema.js';
import { cohortNameOf } from '../stats/cohorts.js';
import { percentileAt } from '../stats/derived.js';
import { METRICS, type MetricKey } from '../stats/metrics.js';
import { minutesShown } from '../stats/per90.js';
import { ROLE_LABELS, ROLES, roleOfPosition, type Role } from '../stats/roles.js';
import { playerDnaIndexOf, type DnaContext } from '../dna/player-index.js';
import { searchTopK } from '../dna/search.js';
import { slotOfPlayer } from '../dna/similarity-index.js';
import { similarityOf } from '../dna/similarity.js';

/**
 * One spoke: the metric drawn, and the one drawn instead when the dataset has no value for it
 * (the possession-adjusted and event-value metrics exist only on event data).
 */
type Spoke = MetricKey | readonly [MetricKey, MetricKey];

/**
 * The spokes of each role, clockwise from the top (docs/cards.md#radar): what the role is judged
 * on, defending first for the back line, creating and scoring first further up. Goalkeepers get
 * the goalkeeper metrics only.
 */
export const RADAR_SPOKES: Readonly<Record<Role, readonly Spoke[]>> = {
  goalkeeper: [
    'saves_per90',
    'goals_conceded_per90',
    'cleansheets_per90',
    'punches_per90',
    'passes_per90',
    'pass_accuracy_pct',
    'long_balls_per90',
    'rating',
  ],
  centre_back: [
    ['tackles_padj_per90', 'tackles_per90'],
    ['interceptions_padj_per90', 'interceptions_per90'],
    ['clearances_padj_per90', 'clearances_per90'],
    'aerials_won_per90',
    ['shots_blocked_padj_per90', 'shots_blocked_per90'],
    'duels_won_per90',
    ['ball_recovery_padj_per90', 'ball_recovery_per90'],
    'passes_per90',
    'pass_accuracy_pct',
    'long_balls_per90',
    'progressive_passes_per90',
    'passes_into_final_third_per90',
  ],
  full_back: [
    ['tackles_padj_per90', 'tackles_per90'],
    ['interceptions_padj_per90', 'interceptions_per90'],
    'duels_won_per90',
    ['ball_recovery_padj_per90', 'ball_recovery_per90'],
    'crosses_per90',
    'cross_accuracy_pct',
    'key_passes_per90',
    'dribbles_per90',
    'progressive_passes_per90',
    'progressive_carries_per90',
    'passes_into_box_per90',
    'xa_per90',
  ],
  midfielder: [
    ['tackles_padj_per90', 'tackles_per90'],
    ['interceptions_padj_per90', 'interceptions_per90'],
    ['ball_recovery_padj_per90', 'ball_recovery_per90'],
    'duels_won_per90',
    'passes_per90',
    'pass_accuracy_pct',
    'long_balls_per90',
    'key_passes_per90',
    'progressive_passes_per90',
    'passes_into_final_third_per90',
    'progressive_carries_per90',
    'xa_per90',
  ],
  attacking_midfielder: [
    'key_passes_per90',
    'assists_per90',
    'xa_per90',
    'dribbles_per90',
    'progressive_carries_per90',
    'passes_into_box_per90',
    'goals_per90',
    'npxg_per90',
    'shots_per90',
    'crosses_per90',
    'duels_won_per90',
    ['ball_recovery_padj_per90', 'ball_recovery_per90'],
  ],
  striker: [
    'goals_per90',
    'npxg_per90',
    'shots_per90',
    'shots_on_target_per90',
    'big_chances_per90',
    'assists_per90',
    'xa_per90',
    'key_passes_per90',
    'dribbles_per90',
    'aerials_won_per90',
    'duels_won_per90',
    ['ball_recovery_padj_per90', 'ball_recovery_per90'],
  ],
};

/** Fewest spokes a radar draws; with fewer known metrics the card says so instead (docs/cards.md#radar). */
export const RADAR_SPOKES_MIN = 3;

/** One player drawn on a radar. */
export interface RadarSeries {
  player_id: number;
  display_name: string;
  team_name: string | null;
  /** Minutes of the season row the percentiles come from. */
  minutes: number;
  /** Cohort the percentiles were ranked in, e.g. "strikers" (its league and season in `season`). */
  cohort: string;
  /** "Premier League 2017/18", or null without a season row. */
  season: string | null;
  /** Whether the row is a cohort member (enough minutes); a low sample is marked on the card. */
  sample: 'ok' | 'low';
  /** Percentile 0–100 on each spoke, in spoke order; null when not ranked. */
  percentiles: (number | null)[];
  /** DNA similarity 0–1 to the first player when this one was chosen as his closest; absent otherwise. */
  similarity?: number;
}

/** Everything a radar card draws beyond the common facts. */
export interface RadarFacts {
  role: Role;
  /** Plural label of the role, e.g. "strikers". */
  role_label: string;
  spokes: { key: MetricKey; label: string }[];
  /** The player, then the compared player when there is one. */
  series: RadarSeries[];
}

const known = (x: number) => (Number.isNaN(x) ? null : Math.round(x));

/** The role of a player: his latest season row's role, else his position's. */
function roleOf(ctx: EngineContext, player: PlayerRow, row: number): Role {
  return (row >= 0 ? ROLES[ctx.derived.role[row]!] : undefined) ?? roleOfPosition(positionCodeOf(player.position));
}

/** The spoke keys of a role for a player row: each spoke's first metric ranked for him, else its fallback. */
function radarKeysOf(ctx: EngineContext, role: Role, row: number): MetricKey[] {
  const keys: MetricKey[] = [];
  for (const spoke of RADAR_SPOKES[role]) {
    const options = typeof spoke === 'string' ? [spoke] : spoke;
    const key = options.find((k) => row >= 0 && !Number.isNaN(percentileAt(ctx.derived, k, row)));
    if (key && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

/** One series: a player's latest row's percentiles on `keys`. */
function seriesOf(ctx: EngineContext, player: PlayerRow, keys: readonly MetricKey[]): RadarSeries {
  const d = ctx.derived;
  const row = ctx.latestRowOf(player.player_id);
  const season = row >= 0 ? ctx.seasonById(d.season_id[row]!) : undefined;
  const league = row >= 0 ? ctx.leagueById(d.league_id[row]!) : undefined;
  const cohort = row >= 0 && d.cohort[row]! >= 0 ? d.cohorts[d.cohort[row]!] : undefined;
  return {
    player_id: player.player_id,
    display_name: player.known_as ?? player.name,
    team_name: player.team_id === null ? null : (ctx.teamById(player.team_id)?.name ?? null),
    minutes: row >= 0 ? minutesShown(d.minutes[row]!) : 0,
    cohort: cohort ? cohortNameOf(cohort) : ROLE_LABELS[roleOf(ctx, player, row)],
    season: season && league ? `${league.name} ${season.name}` : null,
    sample: row >= 0 && d.inCohort[row] ? 'ok' : 'low',
    percentiles: keys.map((k) => (row >= 0 ? known(percentileAt(d, k, row)) : null)),
  };
}

/**
 * The radar of `player`, overlaid with `other` when given. The spokes are the player's role's
 * ({@link RADAR_SPOKES}); `other` must share that role, else `invalid_request` on `name2`, since
 * his percentiles would rank him among other peers on metrics his role is not judged on.
 * @example radarFactsOf(engine, engine.playerById(7)!, null).ok // => true
 */
export function radarFactsOf(
  ctx: EngineContext,
  player: PlayerRow,
  other: PlayerRow | null,
  similarity?: number,
): Result<RadarFacts> {
  const row = ctx.latestRowOf(player.player_id);
  const role = roleOf(ctx, player, row);
  if (other) {
    if (other.player_id === player.player_id)
      return fail('invalid_request', 'name2: is the same player as player_name; name another player', {
        param: 'name2',
      });
    const otherRole = roleOf(ctx, other, ctx.latestRowOf(other.player_id));
    if (otherRole !== role)
      return fail(
        'invalid_request',
        `name2: ${other.known_as ?? other.name} is ranked among ${ROLE_LABELS[otherRole]}, not ${ROLE_LABELS[role]}; a radar overlays two players of the same role`,
        { param: 'name2' },
      );
  }
  const keys = radarKeysOf(ctx, role, row);
  return ok({
    role,
    role_label: ROLE_LABELS[role],
    spokes: keys.map((key) => ({ key, label: METRICS[key].label })),
    series: [
      seriesOf(ctx, player, keys),
      ...(other ? [{ ...seriesOf(ctx, other, keys), ...(similarity === undefined ? {} : { similarity }) }] : []),
    ],
  });
}

/** How many DNA neighbours of his position group are searched for one of his role. */
export const CLOSEST_SEARCH_K = 50;

/**
 * The player of `player`'s role closest to him by DNA (cosine of the DNA vectors, docs/methodology/dna.md),
 * among the nearest {@link CLOSEST_SEARCH_K} of his position group, with the similarity 0–1; null
 * when he has no DNA vector or none of them shares his role.
 * @example closestByDnaOf(engine, engine.playerById(7)!)?.player.player_id // => 12
 */
export function closestByDnaOf(ctx: DnaContext, player: PlayerRow): { player: PlayerRow; similarity: number } | null {
  const row = ctx.latestRowOf(player.player_id);
  if (row < 0) return null;
  const { index } = playerDnaIndexOf(ctx);
  const slot = slotOfPlayer(index, player.player_id);
  if (slot < 0) return null;
  const role = roleOf(ctx, player, row);
  const group = POSITION_GROUPS[ctx.derived.group[row]!]!;
  const hits = searchTopK(index, {
    slot,
    k: CLOSEST_SEARCH_K,
    exclude_player_id: player.player_id,
    filters: { position_group: group },
  });
  for (const hit of hits) {
    const other = ctx.playerById(hit.player_id);
    if (other && roleOf(ctx, other, ctx.latestRowOf(other.player_id)) === role)
      return { player: other, similarity: Math.round(similarityOf(hit.score) * 1e4) / 1e4 };
  }
  return null;
}

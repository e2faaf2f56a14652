/**
 * POST /api/v1/intelligence/player (docs/design.md#op-player): profile, seasonal rows, DNA with style tags, a
 * one-line summary; optionally a narrative paragraph and a side-by-side comparison (`name2`).
 */
import * as z from 'zod';
import type { EngineContext } from '../context.js';
import { entityMetaOf } from '../model/schema.js';
import { fail, ok, type Result } from '../errors.js';
import { highlightOf, profileOf, sampleOf, seasonStatsOf, Highlight, PlayerProfile, SeasonStats } from './blocks.js';
import { Compare, compareOf } from './compare.js';
import { StyleSummary } from '../dna/clear-role.js';
import { EntityMeta } from '../identity/name-match.js';
import { narrativeOf, summaryOf } from './narrative.js';
import { PlayerRequest } from './requests.js';
import { resolveOrFail } from './resolve.js';

export { PlayerRequest };

/** Player profile response (docs/design.md#op-player); the API documents this schema. */
export const PlayerResponse = z
  .object({
    data: z
      .object({
        profile: PlayerProfile,
        recent_stats: z.array(SeasonStats).describe('Seasonal rows, newest first'),
        dna: z
          .object({
            has_vector: z.boolean(),
            season: z.string().nullable(),
            style_tags: z.array(z.string()),
            style: StyleSummary.nullable(),
          })
          .loose(),
        highlight: Highlight.nullable(),
        narrative: z.string().optional(),
        compare: Compare.optional(),
      })
      .loose(),
    summary: z.string(),
    meta: EntityMeta,
  })
  .strict();
export type PlayerResponse = z.infer<typeof PlayerResponse>;

/**
 * Builds the player profile response. Unknown or ambiguous names are failures, not exceptions.
 * Takes a request its schema has parsed (`engine.player` in the public API parses first).
 * @example playerReportOfParsed(engine, PlayerRequest.parse({ name: 'Saka' })).ok // => true
 */
export function playerReportOfParsed(
  ctx: EngineContext,
  req: z.output<typeof PlayerRequest>,
  options: { narrative?: boolean } = {},
): Result<PlayerResponse> {
  const resolved = resolveOrFail(ctx, req);
  if (!resolved.ok) return resolved;
  const { player, resolution } = resolved.value;
  const rows = ctx.rowsOfPlayer(player.player_id);
  const latest = ctx.latestRowOf(player.player_id);
  const profile = profileOf(ctx, player);
  const recent = [...rows].reverse().map((row) => seasonStatsOf(ctx, row));
  const latestStats = latest >= 0 ? seasonStatsOf(ctx, latest) : null;
  const highlight = latest >= 0 ? highlightOf(ctx, latest) : null;
  const style = latest >= 0 ? ctx.styleOf(latest) : null;
  const data: PlayerResponse['data'] = {
    profile,
    recent_stats: recent,
    dna: {
      has_vector: style !== null,
      season: latestStats?.season ?? null,
      style_tags: style ? [style.primary, ...style.traits] : [],
      style,
    },
    highlight,
  };
  if (options.narrative)
    data.narrative = narrativeOf(
      profile,
      latestStats,
      highlight,
      style,
      latest >= 0 ? sampleOf(ctx, latest).level : 'ok',
    );
  if (req.name2 !== undefined) {
    const other = resolveOrFail(ctx, { name: req.name2 });
    if (!other.ok)
      return fail(other.error.code, other.error.message.replace(/^name\b/, 'name2'), {
        ...other.error,
        param: 'name2',
      });
    if (other.value.player.player_id === player.player_id)
      return fail('invalid_request', 'name2 names the same player as name', { param: 'name2' });
    data.compare = compareOf(ctx, player, other.value.player);
  }
  return ok({
    data,
    summary: summaryOf(profile, latestStats, highlight),
    meta: entityMetaOf(ctx, player.player_id, resolution),
  });
}

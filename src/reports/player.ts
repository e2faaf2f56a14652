/**
 * POST /api/v1/intelligence/player (docs/design.md#op-player): profile, seasonal rows, DNA with style tags, a
 * one-line summary; optionally a narrative paragraph and a side-by-side comparison (`name2`).
 */
import * as z from 'zod';
import type { EngineContext, PlayerRow } from '../context.js';
import { entityMetaOf } from '../model/schema.js';
import { fail, ok, type Result } from '../errors.js';
import { highlightOf, profileOf, sampleOf, seasonStatsOf, Highlight, PlayerProfile, SeasonStats } from './blocks.js';
import { Compare, compareOf } from './compare.js';
import { StyleSummary } from '../dna/clear-role.js';
import { EntityMeta } from '../identity/name-match.js';
import { narrativeOf, summaryOf } from './narrative.js';
import type { PlayerRequest } from './requests.js';
import { resolveName2Of, resolveOrFail } from './resolve.js';

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
 * What both player reports show of a player: his profile, his seasons newest first, and his latest
 * season's stats, highlight and style (null without one), its narrative paragraph and one-line summary.
 */
export function playerBlocksOf(ctx: EngineContext, player: PlayerRow) {
  const latest = ctx.latestRowOf(player.player_id);
  const profile = profileOf(ctx, player);
  const stats = [...ctx.rowsOfPlayer(player.player_id)].reverse().map((row) => seasonStatsOf(ctx, row));
  const latestStats = latest >= 0 ? seasonStatsOf(ctx, latest) : null;
  const highlight = latest >= 0 ? highlightOf(ctx, latest) : null;
  const style = latest >= 0 ? ctx.styleOf(latest) : null;
  const sample = latest >= 0 ? sampleOf(ctx, latest) : null;
  return {
    latest,
    profile,
    stats,
    latestStats,
    highlight,
    style,
    styleTags: style ? [style.primary, ...style.traits] : [],
    sample,
    narrative: () => narrativeOf(profile, latestStats, highlight, style, sample?.level ?? 'ok'),
    summary: summaryOf(profile, latestStats, highlight),
  };
}

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
  const b = playerBlocksOf(ctx, player);
  const data: PlayerResponse['data'] = {
    profile: b.profile,
    recent_stats: b.stats,
    dna: {
      has_vector: b.style !== null,
      season: b.latestStats?.season ?? null,
      style_tags: b.styleTags,
      style: b.style,
    },
    highlight: b.highlight,
  };
  if (options.narrative) data.narrative = b.narrative();
  if (req.name2 !== undefined) {
    const other = resolveName2Of(ctx, req.name2);
    if (!other.ok) return other;
    if (other.value.player_id === player.player_id)
      return fail('invalid_request', 'name2 names the same player as name', { param: 'name2' });
    data.compare = compareOf(ctx, player, other.value);
  }
  return ok({ data, summary: b.summary, meta: entityMetaOf(ctx, player.player_id, resolution) });
}

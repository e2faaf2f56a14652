/**
 * POST /api/v1/intelligence/scouting (docs/design.md#op-scouting): identity, DNA with narrative, seasonal stats,
 * the flat per-90 map and cohort percentiles (each with its cohort and the player's sample).
 */
import * as z from 'zod';
import type { EngineContext } from '../context.js';
import { ok, type Result } from '../errors.js';
import {
  Highlight,
  PercentileEntry,
  per90MapOf,
  percentilesOf,
  PlayerProfile,
  SampleSchema,
  SeasonStats,
} from './blocks.js';
import { StyleSummary } from '../dna/clear-role.js';
import { EntityMeta } from '../identity/name-match.js';
import { playerBlocksOf } from './player.js';
import { entityMetaOf } from '../model/schema.js';
import type { ScoutingRequest } from './requests.js';
import { resolveOrFail } from './resolve.js';

/** Scouting response (docs/design.md#op-scouting); the API documents this schema. */
export const ScoutingResponse = z
  .object({
    data: z
      .object({
        profile: PlayerProfile,
        dna: z
          .object({
            has_vector: z.boolean(),
            style_tags: z.array(z.string()),
            style: StyleSummary.nullable(),
            narrative: z.string(),
          })
          .loose(),
        stats: z.array(SeasonStats),
        season: z.string().nullable(),
        per90_stats: z.record(z.string(), z.number().nullable()),
        percentiles: z
          .record(
            z.string(),
            PercentileEntry.extend({
              provider: z
                .literal(true)
                .optional()
                .describe('Marks a provider metric (docs/scoring.md#provider-metrics); absent on ours'),
            }),
          )
          .describe('Metric key → percentile in the cohort'),
        sample: SampleSchema.nullable(),
        highlight: Highlight.nullable(),
      })
      .loose(),
    summary: z.string(),
    meta: EntityMeta,
  })
  .strict();
export type ScoutingResponse = z.infer<typeof ScoutingResponse>;

/**
 * Builds the scouting report for the player's latest season (the season with his most recent minutes).
 * Takes a request its schema has parsed (`engine.scouting` in the public API parses first).
 * @example scoutingReportOfParsed(engine, ScoutingRequest.parse({ name: 'Saka' })).ok // => true
 */
export function scoutingReportOfParsed(
  ctx: EngineContext,
  req: z.output<typeof ScoutingRequest>,
): Result<ScoutingResponse> {
  const resolved = resolveOrFail(ctx, req);
  if (!resolved.ok) return resolved;
  const { player, resolution } = resolved.value;
  const b = playerBlocksOf(ctx, player);
  return ok({
    data: {
      profile: b.profile,
      dna: { has_vector: b.style !== null, style_tags: b.styleTags, style: b.style, narrative: b.narrative() },
      stats: b.stats,
      season: b.latestStats?.season ?? null,
      per90_stats: b.latest >= 0 ? per90MapOf(ctx, b.latest) : {},
      percentiles: b.latest >= 0 ? percentilesOf(ctx, b.latest) : {},
      sample: b.sample,
      highlight: b.highlight,
    },
    summary: b.summary,
    meta: entityMetaOf(ctx, player.player_id, resolution),
  });
}

/**
 * @module The card operation: validate a request, resolve the player, check stats against his
 * position group, build the facts and render the style's layout to PNG (docs/design.md#op-cards).
 */
import * as z from 'zod';
import { createHash } from 'node:crypto';
import type { EngineContext, PlayerRow } from '../context.js';
import type { DnaContext } from '../dna/player-index.js';
import { positionGroupOf } from '../model/schema.js';
import { positionCodeOf } from '../model/positions.js';
import { fail, ok, type Result } from '../errors.js';
import { CARD_TRIPLET, DEFAULT_CARD_STATS, GROUP_METRICS, type MetricKey } from '../stats/metrics.js';
import { angleOf, type EventType } from './angle.js';
import { cardFactsOf, type CardFacts } from './facts.js';
import type { EngineVerdict } from './verdict-line.js';
import type { LayoutNode } from './layout-tree.js';
import { collageLayout } from './layouts/collage.js';
import { editorialCoverLayout } from './layouts/editorial-cover.js';
import { fifaViralLayout } from './layouts/fifa-viral.js';
import { playerCardLayout } from './layouts/player-card.js';
import { statRibbonLayout } from './layouts/stat-ribbon.js';
import { shotMapLayout } from './layouts/shot-map.js';
import { radarLayout } from './layouts/radar.js';
import { closestByDnaOf, radarFactsOf, type RadarFacts } from './radar.js';
import { photoOf, type CardPhoto } from './photo.js';
import { photoPixelsProblemOf } from './photo-pixels.js';
import { renderLayout, type RenderedPng } from './render.js';
import type { RenderTask } from './render-pool.js';
import { type CardRequest, CardStyle, hasVerdictLine, isHdStyle } from './request.js';
import { CARD_SIZES } from './styles.js';
import { withArticle } from '../prose.js';
import { resolveName2Of, resolveOrFail } from '../reports/resolve.js';

/** Watermark text when no base address is configured. */
export const DEFAULT_WATERMARK = 'halfspace';

/** Rendering options the caller (service or CLI) controls; none of them come from the request body. */
export interface CardOptions {
  /** Base address shown in the watermark (scheme and trailing slash dropped); default {@link DEFAULT_WATERMARK}. */
  baseUrl?: string;
  /** Draw the watermark; default true (paid plans may turn it off). */
  watermark?: boolean;
  /** Photo bytes (PNG or JPEG) for the hd styles; the service fetches `photo_url` into this. */
  photo?: Uint8Array;
  /** The verdict engine, when there is one: its answer for a player id, or null. Without it the line uses style tags. */
  verdictOf?: (playerId: number) => EngineVerdict | null;
  /** Renders the laid-out card; default {@link renderCard} in this thread (a server passes its render pool). */
  render?: (task: RenderTask) => Promise<RenderedPng>;
  /** Why the photo's pixel data cannot be drawn, or null; default {@link photoPixelsProblemOf} in this thread (a server passes its render pool). */
  photoProblem?: (bytes: Uint8Array) => Promise<string | null>;
}

/** The player block of every card response (docs/design.md#op-cards). */
export const CardPlayer = z.object({
  player_id: z.number().int(),
  display_name: z.string(),
  position: z.string(),
  team_name: z.string().nullable(),
});
export type CardPlayer = z.infer<typeof CardPlayer>;

/** The player block of a card or prompt response, from the facts the card was drawn from. */
export function cardPlayerOf(playerId: number, facts: CardFacts): CardPlayer {
  return {
    player_id: playerId,
    display_name: facts.player.display_name,
    position: facts.player.position,
    team_name: facts.club?.name ?? null,
  };
}

/**
 * A rendered card: the player block, the PNG bytes and their size, watermark flag and content hash.
 * The API's card response (src/service/contract/schemas/cards.ts) is built from these fields, with
 * the stored image's URL in place of the bytes.
 */
export const CardResult = z.object({
  player: CardPlayer,
  style: CardStyle,
  // Any Uint8Array, shared buffer or not, as the renderer hands it over.
  png: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
  width: z.number().int(),
  height: z.number().int(),
  watermark: z.boolean(),
  /** `sha256:<hex>` of the PNG bytes: the storage key behind `image_url`. */
  content_hash: z.string(),
  /** Milliseconds in satori and resvg. */
  timings: z.object({ svg_ms: z.number(), png_ms: z.number() }),
});
export type CardResult = z.infer<typeof CardResult>;

/** The layout of each style; the hd styles also draw the decision angle and the caller's photo. */
const LAYOUTS: Record<CardStyle, (facts: CardFacts, photo: CardPhoto | null, eventType?: EventType) => LayoutNode> = {
  player_card: playerCardLayout,
  stat_ribbon: statRibbonLayout,
  shot_map: shotMapLayout,
  radar: radarLayout,
  editorial_cover: (facts, photo, eventType) => editorialCoverLayout(facts, angleOf(facts, eventType), photo),
  fifa_viral: (facts, photo, eventType) => fifaViralLayout(facts, angleOf(facts, eventType), photo),
  collage: (facts, photo, eventType) => collageLayout(facts, angleOf(facts, eventType), photo),
};

/**
 * The layout tree of a style for given facts (pure; `photo` and `eventType` matter for hd styles only).
 * @example layoutOf('player_card', facts).props.style?.width // => 1080
 */
export function layoutOf(
  style: CardStyle,
  facts: CardFacts,
  photo: CardPhoto | null = null,
  eventType?: EventType,
): LayoutNode {
  return LAYOUTS[style](facts, photo, eventType);
}

/**
 * Renders facts in a style to PNG.
 * @example (await renderCard('stat_ribbon', facts)).height // => 1080
 */
export async function renderCard(
  style: CardStyle,
  facts: CardFacts,
  photo: CardPhoto | null = null,
  eventType?: EventType,
) {
  const size = CARD_SIZES[style];
  return renderLayout(layoutOf(style, facts, photo, eventType), size.width, size.height);
}

/**
 * The watermark text for a base address: scheme and trailing slashes dropped.
 * @example watermarkTextOf('https://api.halfspace.dev/') // => 'api.halfspace.dev'
 */
export function watermarkTextOf(baseUrl: string | undefined): string {
  if (!baseUrl) return DEFAULT_WATERMARK;
  return baseUrl.replace(/^[a-z]+:\/\//i, '').replace(/\/+$/, '') || DEFAULT_WATERMARK;
}

/** `sha256:<hex>` of bytes. @example contentHashOf(new Uint8Array()) // => 'sha256:e3b0c442…' */
export const contentHashOf = (bytes: Uint8Array): string =>
  `sha256:${createHash('sha256').update(bytes).digest('hex')}`;

/**
 * The checks of a card request that need the dataset: the player resolves to one player, and
 * `stats` and `hero_stat` suit his position group. The service runs them before it holds the
 * credits of an hd job, so a job never starts only to fail on them (docs/api.md#async-hd-cards).
 * @example cardRequestCheckOf(engine, CardRequest.parse({ player_name: 'Nobody', style: 'collage' })).ok // => false
 */
export function cardRequestCheckOf(
  ctx: EngineContext,
  req: z.output<typeof CardRequest>,
): Result<{ player: PlayerRow; stats: readonly MetricKey[] }> {
  const resolved = resolveOrFail(ctx, { name: req.player_name, player_id: req.player_id, team_hint: req.team_hint });
  if (!resolved.ok) return resolved;
  const { player } = resolved.value;
  const group = positionGroupOf(positionCodeOf(player.position));
  const allowed = GROUP_METRICS[group];
  const bad = req.stats?.find((k) => !allowed.includes(k));
  if (bad) {
    const message = `stats: "${bad}" is not ${withArticle(group)} metric (valid: ${allowed.join(', ')})`;
    return fail('invalid_request', message, { param: 'stats', position_group: group });
  }
  const stats: readonly MetricKey[] =
    req.style === 'player_card' ? CARD_TRIPLET[group] : (req.stats ?? DEFAULT_CARD_STATS[group]);
  if (req.hero_stat && !stats.includes(req.hero_stat)) {
    return fail('invalid_request', `hero_stat: must be one of stats (${stats.join(', ')})`, { param: 'hero_stat' });
  }
  return ok({ player, stats });
}

const hasDna = (ctx: EngineContext): ctx is DnaContext => 'dna' in ctx;

/**
 * The radar of a resolved player, overlaid with the player `name2` names when given, or with the
 * closest player of his role by DNA when `closest` is set (alone when he has none): the name's
 * resolution failures (`player_not_found`, `ambiguous_player`) and a second player of another role
 * come back on `name2`.
 */
function radarOf(
  ctx: EngineContext,
  player: PlayerRow,
  name2: string | undefined,
  closest: boolean,
): Result<RadarFacts> {
  if (closest) {
    // Every engine context carries the DNA vectors; a bare context without them draws him alone.
    const near = hasDna(ctx) ? closestByDnaOf(ctx, player) : null;
    return near ? radarFactsOf(ctx, player, near.player, near.similarity) : radarFactsOf(ctx, player, null);
  }
  if (name2 === undefined) return radarFactsOf(ctx, player, null);
  const other = resolveName2Of(ctx, name2);
  return other.ok ? radarFactsOf(ctx, player, other.value) : other;
}

/**
 * Renders a card request against a dataset. Failures are values: `invalid_request` (with `param`)
 * for `stats`/`hero_stat` that do not suit the resolved player's position group, and the
 * resolver's `player_not_found` / `ambiguous_player`. Takes a request `CardRequest` has parsed
 * (`engine.card` in the public API parses first).
 * @example (await cardOfParsed(engine, CardRequest.parse({ player_name: 'Saka', style: 'player_card' }))).ok // => true
 */
export async function cardOfParsed(
  ctx: EngineContext,
  req: z.output<typeof CardRequest>,
  options: CardOptions = {},
): Promise<Result<CardResult>> {
  const hd = isHdStyle(req.style);
  if (options.photo && !hd)
    return fail('invalid_request', 'photo: photos are only for the hd styles', { param: 'photo' });
  let photo: CardPhoto | null = null;
  if (options.photo && hd) {
    const p = photoOf(options.photo);
    if (!p.ok) return p;
    // A resumed job or a fetched photo_url was never decoded at upload: an unreadable one fails (and is refunded).
    const pixels = await (options.photoProblem ?? photoPixelsProblemOf)(options.photo);
    if (pixels) return fail('invalid_request', `photo: ${pixels}`, { param: 'photo' });
    photo = p.value;
  }

  const checked = cardRequestCheckOf(ctx, req);
  if (!checked.ok) return checked;
  const { player, stats } = checked.value;

  let radar: RadarFacts | null = null;
  if (req.style === 'radar') {
    const drawn = radarOf(ctx, player, req.name2, req.closest === true);
    if (!drawn.ok) return drawn;
    radar = drawn.value;
  }

  const watermark = options.watermark ?? true;
  const facts = cardFactsOf(ctx, player, {
    stats: radar ? radar.spokes.map((s) => s.key) : stats,
    hero_stat: req.hero_stat,
    caption: req.caption ?? req.take,
    verdict_code: req.verdict_code,
    engine_verdict: hasVerdictLine(req.style) ? (options.verdictOf?.(player.player_id) ?? null) : null,
    shots: req.style === 'shot_map',
    watermark: watermark ? watermarkTextOf(options.baseUrl) : null,
  });
  if (radar) facts.radar = radar;
  const render = options.render ?? ((t: RenderTask) => renderCard(t.style, t.facts, t.photo, t.eventType));
  const rendered = await render({
    style: req.style,
    facts,
    photo,
    ...(req.event_type ? { eventType: req.event_type } : {}),
  });
  return ok({
    player: cardPlayerOf(player.player_id, facts),
    style: req.style,
    png: rendered.png,
    width: rendered.width,
    height: rendered.height,
    watermark,
    content_hash: contentHashOf(rendered.png),
    timings: { svg_ms: rendered.svg_ms, png_ms: rendered.png_ms },
  });
}

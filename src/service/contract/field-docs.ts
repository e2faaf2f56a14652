/**
 * @module What each request field means, for the OpenAPI document (a `description` on every body
 * property that has none) and so for the /docs page and generated clients. Keyed by
 * `<operation id>.<field>` where a name means something else per endpoint, else by field name.
 */
import { HD_STYLES, SYNC_STYLES } from '../../cards/styles.js';
import { listInProse } from '../../prose.js';

const BY_FIELD: Record<string, string> = {
  name: 'Player name as written (accents and case ignored); add team_hint when it is ambiguous',
  player_name: 'Player name as written (accents and case ignored); add team_hint when it is ambiguous',
  player_id: 'Player id (from an earlier answer or the candidates of an ambiguous name); instead of a name',
  team_hint: 'Club name that narrows an ambiguous player name',
  name2: 'A second player to compare side by side',
  closest: 'radar only: overlay the player of the same role closest to him by DNA (not with name2)',
  limit: 'How many results to return',
  filters: 'Optional filters: max_age, max_fee_tier (T1–T5), league_tier_max, position_group',
  team_name: 'Club name as written; or team_id',
  team_id: 'Club id; instead of team_name',
  league_name: 'League that narrows an ambiguous club name',
  style: `Card style: ${listInProse(SYNC_STYLES, 'and')} render now, ${listInProse(HD_STYLES, 'and')} are hd (async job, key only)`,
  stats: "Metric keys shown on the card (1–6, from the catalog's stat_keys_by_group); not on player_card",
  hero_stat: 'The metric shown largest; one of stats',
  caption: 'A short line printed on the card (60 characters at most)',
  take: "stat_ribbon's name for caption (not both)",
  verdict_code: 'Stamp a verdict on the card: fraud, merchant or cooked (not on stat_ribbon)',
  photo_url: 'https URL of a photo for an hd style (fetched by the server, 5 MB at most); or upload it as multipart',
  photo_mode: 'silhouette: an hd card without a photo',
  event_type: 'The moment the hd card celebrates (e.g. signing, milestone)',
  include_attribution: 'Add the data attribution line to the prompt',
  user_take: 'Your own line for the prompt (checked by the safety rules)',
  vibe_id: 'Vibe of the side (see the catalog: balanced, high_press, u23, …)',
  accepts: 'Position codes the slot accepts, e.g. ["ST","CF"]',
  wc2026_only: 'Only players whose nation is at the 2026 World Cup',
  min_fee_tier: 'Cheapest market-value tier allowed (T1 cheapest … T5)',
  max_league_tier: 'Lowest league level allowed (1 = top flight)',
  player_ids: 'Player ids',
};

const BY_OPERATION: Record<string, string> = {
  'match-intelligence.mode': 'upcoming (default), recent or all fixtures',
  'match-intelligence.limit': 'How many fixtures (1–30, default 10)',
  'best-xi.pool.mode': "pool (ranked candidates), full (one player's fit: needs player_id) or byIds (score player_ids)",
  'best-xi.pool.player_id': 'The player of mode full',
  'best-xi.pool.player_ids': 'The players of mode byIds',
  'best-xi.lineup.player_ids': 'The lineup: 1–11 player ids',
  'best-xi.lineup.vibe_id': "Score the lineup's fit to this vibe (vibe_fit)",
  'best-xi.pick.vibe_id': 'The vibe whose weights, filters and per-club cap pick the XI (default balanced)',
  'best-xi.pick.formation': 'The formation whose slots are filled: 4-3-3 (default), 4-4-2, 3-5-2 or 4-2-3-1',
  'best-xi.pick.league': "A league's name or id: the XI of that league alone (default: every league of the dataset)",
};

/**
 * The description of request field `field` of operation `opId`, or undefined when none is known.
 * @example fieldDescriptionOf('verdict', 'team_hint') // => 'Club name that narrows an ambiguous player name'
 */
export const fieldDescriptionOf = (opId: string, field: string): string | undefined =>
  BY_OPERATION[`${opId}.${field}`] ?? BY_FIELD[field];

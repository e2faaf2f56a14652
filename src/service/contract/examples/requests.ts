/**
 * @module The example request of every operation, on the demo universe (the player Igor Teixeira,
 * his club Saltmarsh United): used as the OpenAPI examples, the /docs curl lines and the source
 * of the generated response examples (examples.json, `npm run openapi:examples`).
 */

/** Base address written into generated examples (image and poll URLs). */
export const EXAMPLE_BASE_URL = 'http://127.0.0.1:8787';

/** Example request body (and query) by operation id. */
export const REQUEST_EXAMPLES: Record<
  string,
  { body: Record<string, unknown>; query?: Record<string, string>; summary: string }
> = {
  'intelligence.player': {
    body: { name: 'Igor Teixeira' },
    query: { enhance: 'narrative' },
    summary: 'A profile by name, with the narrative paragraph',
  },
  'intelligence.scouting': { body: { name: 'Igor Teixeira' }, summary: 'Per-90 map and percentiles by name' },
  'intelligence.dna-search': {
    body: { name: 'Igor Teixeira', filters: { max_age: 23 }, limit: 3 },
    summary: 'Who plays like Igor Teixeira under 24?',
  },
  alternatives: { body: { name: 'Igor Teixeira', limit: 2 }, summary: 'Cheaper, younger players with a similar style' },
  'match-intelligence': {
    body: { team_name: 'Saltmarsh United', mode: 'recent', limit: 1 },
    summary: "The club's latest fixture with its signals",
  },
  verdict: { body: { player_name: 'Igor Teixeira' }, summary: 'A verdict with its receipts' },
  cards: {
    body: { player_name: 'Igor Teixeira', style: 'player_card' },
    summary: 'A player card rendered now (15 credits)',
  },
  'cards.prompt': {
    body: { player_name: 'Igor Teixeira', style: 'editorial_cover' },
    summary: 'An image prompt for an editorial cover',
  },
  'best-xi.pool': { body: { vibe_id: 'u23', limit: 2 }, summary: 'Two wonderkids for the U23 vibe' },
  'best-xi.lineup': {
    body: { player_ids: [10080, 11907], vibe_id: 'u23' },
    summary: 'Aggregates of a two-player lineup',
  },
  'best-xi.pick': { body: { vibe_id: 'balanced', formation: '4-3-3' }, summary: 'The balanced XI in a 4-3-3' },
};

/** The hd card request whose job is the example of 202 and of the job poll. */
export const HD_CARD_EXAMPLE = {
  player_name: 'Igor Teixeira',
  style: 'editorial_cover',
  photo_mode: 'silhouette',
} as const;

/** A request that fails, for the problem example. */
export const PROBLEM_EXAMPLE = { operation: 'verdict', body: { player_name: 'Rafinha' } } as const;

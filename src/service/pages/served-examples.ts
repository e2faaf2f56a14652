/**
 * @module The example request of every operation on the dataset a server actually serves: the
 * /docs curl lines and the console's try-it defaults. The demo universe keeps its written examples
 * (the OpenAPI response examples were generated from them); any other dataset gets examples built
 * from its own players and clubs, so "this call works as is" holds there too.
 */
import type { Engine } from '../../engine.js';
import { possessive } from '../../prose.js';
import { REQUEST_EXAMPLES } from '../contract/examples/requests.js';

/** One example request: its JSON body, an optional query string and a one-line summary. */
export interface ServedExample {
  body: Record<string, unknown>;
  query?: Record<string, string>;
  summary: string;
}

/** The examples of a served dataset: the player they are about, and one request per operation id. */
export interface ServedExamples {
  /** The name the examples use for their player (or his id, as text, when the name is not unique). */
  player: string;
  byOperation: Record<string, ServedExample>;
}

/** The demo universe's written examples, as the docs page shows them without a served dataset. */
export const DEMO_EXAMPLES: ServedExamples = { player: 'Igor Teixeira', byOperation: REQUEST_EXAMPLES };

/** Whether the written demo examples name players that exist, by name and by id, in `engine`. */
function demoExamplesFit(engine: Engine): boolean {
  const ids = REQUEST_EXAMPLES['best-xi.lineup']?.body.player_ids;
  return (
    engine.resolvePlayer({ name: DEMO_EXAMPLES.player }).ok &&
    Array.isArray(ids) &&
    ids.every((id) => typeof id === 'number' && engine.playerById(id) !== undefined)
  );
}

/**
 * Whether the examples can be about player `id`: he has a season row and a style vector, which
 * every operation on a player (the similarity ones included) needs.
 */
const usable = (engine: Engine, id: number): boolean =>
  engine.latestRowOf(id) >= 0 && engine.dnaSearch({ player_id: id, limit: 1 }).ok;

/** The usable player with the most minutes in his latest season, else the first player. */
function mostPlayedOf(engine: Engine) {
  const minutesOf = (id: number) => {
    const row = engine.latestRowOf(id);
    return row < 0 ? -1 : engine.derived.minutes[row]!;
  };
  const ranked = [...engine.players].sort((a, b) => minutesOf(b.player_id) - minutesOf(a.player_id));
  return ranked.find((p) => usable(engine, p.player_id)) ?? engine.players[0];
}

/** A teammate of `playerId` with a season row (for a two-player lineup), or null. */
function teammateOf(engine: Engine, playerId: number, teamId: number | null): number | null {
  const mate = engine.players.find(
    (p) => p.player_id !== playerId && p.team_id === teamId && engine.latestRowOf(p.player_id) >= 0,
  );
  return mate?.player_id ?? null;
}

/**
 * The examples for the dataset `engine` serves, about `sampleName` (e.g. the banner's sample
 * player). When that name does not resolve to one player with a season row, the examples name the
 * player with the most minutes by id instead; a club without played fixtures is asked for all its
 * fixtures.
 * @example servedExamplesOf(Engine.open({ dataset: 'demo' }), 'Igor Teixeira').player // => 'Igor Teixeira'
 */
export function servedExamplesOf(engine: Engine, sampleName: string): ServedExamples {
  if (demoExamplesFit(engine)) return DEMO_EXAMPLES;
  const resolved = engine.resolvePlayer({ name: sampleName });
  const named = resolved.ok && usable(engine, resolved.value.player_id);
  const player = named ? engine.playerById(resolved.value.player_id) : mostPlayedOf(engine);
  if (!player) return DEMO_EXAMPLES;
  const by = named ? { name: sampleName } : { player_id: player.player_id };
  const byPlayer = named ? { player_name: sampleName } : { player_id: player.player_id };
  const label = named ? sampleName : `player ${player.player_id}`;
  const team = player.team_id === null ? undefined : engine.teamById(player.team_id);
  const mate = teammateOf(engine, player.player_id, player.team_id);
  const recent = team ? engine.matchIntelligence({ team_id: team.team_id, mode: 'recent', limit: 1 }) : null;
  const mode = recent?.ok && recent.value.matches.length > 0 ? 'recent' : 'all';
  const matchBody = team ? { team_name: team.name, mode, limit: 1 } : { league_name: leagueNameOf(engine), limit: 1 };
  return {
    player: label,
    byOperation: {
      'intelligence.player': {
        body: by,
        query: { enhance: 'narrative' },
        summary: `${possessive(label)} profile, with the narrative paragraph`,
      },
      'intelligence.scouting': { body: by, summary: `${possessive(label)} per-90 map and percentiles` },
      'intelligence.dna-search': { body: { ...by, limit: 3 }, summary: `Who plays like ${label}?` },
      alternatives: { body: { ...by, limit: 2 }, summary: `Players with a style like ${possessive(label)}` },
      'match-intelligence': {
        body: matchBody,
        summary: team
          ? `${possessive(team.name)} ${mode === 'recent' ? 'latest fixture' : 'fixtures'} with their signals`
          : 'Fixtures with their signals',
      },
      verdict: { body: byPlayer, summary: `A verdict on ${label} with its receipts` },
      cards: {
        body: { ...byPlayer, style: 'player_card' },
        summary: `${possessive(label)} player card rendered now (15 credits)`,
      },
      'cards.prompt': {
        body: { ...byPlayer, style: 'editorial_cover' },
        summary: `An image prompt for an editorial cover of ${label}`,
      },
      'best-xi.pool': { body: { limit: 2 }, summary: 'Two players for the balanced vibe' },
      'best-xi.lineup': {
        body: { player_ids: mate === null ? [player.player_id] : [player.player_id, mate] },
        summary: mate === null ? `Aggregates of a lineup of ${label}` : `Aggregates of ${label} and a teammate`,
      },
    },
  };
}

/** The name of the dataset's first league, for a player without a club. */
function leagueNameOf(engine: Engine): string {
  const league = engine.dataset.tables.leagues?.getChild('name')?.get(0);
  return typeof league === 'string' ? league : 'League';
}

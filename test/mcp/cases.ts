/**
 * One valid and one failing call per MCP tool on the demo data, shared by the stdio and HTTP tests,
 * and the check that a result matches its operation's response schema.
 */
import { HD_STYLES } from '../../src/cards/request.js';
import { OPERATIONS, type Operation } from '../../src/service/contract/operations.js';
import { toolNameOf } from '../../src/mcp/server.js';

export const IGOR = 'Igor Teixeira';

/** Valid arguments per tool name; each must succeed on the demo data. */
export const VALID: Record<string, Record<string, unknown>> = {
  player: { name: IGOR, enhance: 'narrative' },
  scouting: { name: IGOR },
  dna_search: { name: IGOR, filters: { max_age: 23 }, limit: 5 },
  alternatives: { name: IGOR, limit: 3 },
  match_intelligence: { team_name: 'Saltmarsh United', limit: 3 },
  verdict: { player_name: IGOR },
  card: { player_name: IGOR, style: 'player_card' },
  card_prompt: { player_name: IGOR, style: HD_STYLES[0] },
  best_xi_pool: { vibe_id: 'u23', limit: 5 },
  best_xi_lineup: { player_ids: [10080, 11907] },
  best_xi_pick: { vibe_id: 'balanced', formation: '4-4-2' },
};

/** A failing call per tool and the problem code it must come back with. */
export const FAILING: Record<string, { args: Record<string, unknown>; code: string; param?: string }> = {
  player: { args: { name: 'Rafinha' }, code: 'ambiguous_player', param: 'name' },
  scouting: { args: { name: 'Nobody Atall' }, code: 'player_not_found' },
  dna_search: { args: { name: IGOR, limit: 0 }, code: 'invalid_request', param: 'limit' },
  alternatives: { args: { name: IGOR, bogus: 1 }, code: 'invalid_request', param: 'bogus' },
  match_intelligence: { args: { team_name: 'No Such Team FC' }, code: 'team_not_found' },
  verdict: { args: { player_name: 'Rafinha' }, code: 'ambiguous_player', param: 'player_name' },
  card: { args: { player_name: IGOR, style: 'no_such_style' }, code: 'invalid_request', param: 'style' },
  card_prompt: { args: { player_name: 'Nobody Atall', style: HD_STYLES[0] }, code: 'player_not_found' },
  best_xi_pool: { args: { vibe_id: 'no_such_vibe' }, code: 'invalid_request', param: 'vibe_id' },
  best_xi_lineup: { args: { player_ids: [] }, code: 'invalid_request', param: 'player_ids' },
  best_xi_pick: { args: { formation: '5-5' }, code: 'invalid_request', param: 'formation' },
};

/** The operation behind a tool name. */
export const opOf = (tool: string): Operation => OPERATIONS.find((op) => toolNameOf(op) === tool)!;

/** Parses a structured result with the operation's own response schema (throws on mismatch). */
export const checkShape = (tool: string, value: unknown) => opOf(tool).response.parse(value);

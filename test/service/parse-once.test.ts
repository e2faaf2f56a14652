/**
 * The service parses each request body once: with the operation's schema, before billing, and
 * then calls the engine's operations on parsed requests (`Engine.parsed`), which trust it. The
 * engine's public methods still parse what a library user passes them, with the same errors.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Engine } from '../../src/engine.js';
import { issueKey } from '../../src/service/billing/accounts.js';
import { OPERATIONS } from '../../src/service/contract/operations.js';
import { createService } from '../../src/service/service.js';
import { memoryStore } from '../../src/store/memory/store.js';
import { tinyDataset } from '../helpers/tiny-dataset.js';

const engine = Engine.open({ dataset: tinyDataset() });

/** A valid body per operation on the tiny dataset (player 1 is a striker with a DNA vector). */
const BODIES: Record<string, unknown> = {
  'intelligence.player': { player_id: 1 },
  'intelligence.scouting': { player_id: 1 },
  'intelligence.dna-search': { player_id: 1, limit: 2 },
  verdict: { player_id: 1 },
  alternatives: { player_id: 1 },
  'match-intelligence': { team_id: 10, mode: 'all' },
  'cards.prompt': { player_id: 1, style: 'fifa_viral' },
  'best-xi.lineup': { player_ids: [1, 2] },
  cards: { player_id: 1, style: 'player_card' },
  'best-xi.pool': { vibe_id: 'u23' },
};

/** The operation with id `id` (the table has every id used here). */
function opOf(id: string) {
  const op = OPERATIONS.find((o) => o.id === id);
  if (!op) throw new Error(`no operation ${id}`);
  return op;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('request parsing', () => {
  it.each(Object.keys(BODIES))('parses a %s body once on the service path', async (id) => {
    const op = opOf(id);
    const store = memoryStore();
    const { key } = await issueKey(store, { credits: 100 });
    const service = createService({ engine, store, baseUrl: 'http://h', operations: [op], onError: () => {} });
    // The operation's schema is the domain's request schema, so a second parse would count here too.
    const safeParse = vi.spyOn(op.body, 'safeParse');
    const res = await service.handle({
      method: 'POST',
      path: op.path,
      authorization: `Bearer ${key}`,
      body: BODIES[id],
      query: {},
      clientIp: '127.0.0.1',
    });
    expect(res.status).toBe(200);
    expect(safeParse).toHaveBeenCalledTimes(1);
  });

  it('still parses, once, what a library user passes to the engine, with the same errors', () => {
    const dna = opOf('intelligence.dna-search');
    const safeParse = vi.spyOn(dna.body, 'safeParse');
    expect(engine.dnaSearch({ player_id: 1, limit: 2 }).ok).toBe(true);
    expect(safeParse).toHaveBeenCalledTimes(1);
    const bad = engine.dnaSearch({ player_id: 1, limit: 999 });
    expect(bad.ok ? null : [bad.error.code, bad.error.param]).toEqual(['invalid_request', 'limit']);
    const unknown = engine.verdict({ player_id: 1, colour: 'red' } as never);
    expect(unknown.ok ? null : [unknown.error.code, unknown.error.param]).toEqual(['invalid_request', 'colour']);
  });

  it('answers the same through the engine and through its parsed operations', () => {
    const dna = opOf('intelligence.dna-search');
    const request = { player_id: 1, limit: 2 };
    const parsed = dna.body.parse(request) as Parameters<typeof engine.parsed.dnaSearch>[0];
    expect(engine.parsed.dnaSearch(parsed)).toEqual(engine.dnaSearch(request));
  });
});

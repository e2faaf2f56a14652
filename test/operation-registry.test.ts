/**
 * The operation registry (src/operation-registry.ts) is the one list of engine operations, and
 * every piece derived from it exists: the Engine method and its `parsed` entry, the service route
 * (whose request schema is the registry's), its OpenAPI path and MCP tool, the typed client method
 * its GET catalog, and the CLI command. Adding a registry line without one of these fails here, naming
 * what is missing. The response blocks the service documents are the types the engine returns.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import ts from 'typescript';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { COMMAND_CATALOG } from '../src/cli/commands/catalog.js';
import { createClient } from '../src/client/index.js';
import { Engine } from '../src/engine.js';
import { toolNameOf, toolOf } from '../src/mcp/server.js';
import type { AnswerOf, RequestOf } from '../src/client/index.js';
import { REQUEST_EXAMPLES } from '../src/service/contract/examples/requests.js';
import { ROUTE_PATHS } from '../src/service/contract/paths.js';
import { VerdictResponse } from '../src/verdict/verdict.js';
import { DnaSearchResponse } from '../src/dna/search-request.js';
import { AlternativesResponse } from '../src/dna/alternatives.js';
import { BestXiPoolResponse } from '../src/bestxi/pool.js';
import { BestXiLineupResponse } from '../src/bestxi/lineup.js';
import { runCliCaptured } from './helpers/run-cli.js';
import { ENGINE_OPERATIONS, type EngineOperationName, type ParsedOperations } from '../src/operation-registry.js';
import { openApiOf } from '../src/service/contract/openapi.js';
import { OPERATIONS } from '../src/service/contract/operations.js';
import { catalogOf } from '../src/service/contract/catalog.js';
import { type CohortRef, type PercentileEntry, PlayerProfile, SeasonStats } from '../src/reports/blocks.js';
import type { ScoutingResponse } from '../src/reports/scouting.js';
import type { DnaSearchRequest } from '../src/dna/search-request.js';
import type { AlternativesRequest } from '../src/dna/alternatives.js';
import type { VerdictRequest } from '../src/verdict/verdict.js';
import type { BestXiPoolRequest } from '../src/bestxi/pool.js';
import type { BestXiPickRequest } from '../src/bestxi/pick.js';
import type { BestXiLineupRequest } from '../src/bestxi/lineup.js';
import type { MatchIntelligenceRequest } from '../src/matches/match-intelligence.js';
import type { StandingsRequest } from '../src/matches/standings-request.js';
import { CardPlayer, type CardOptions, CardResult } from '../src/cards/card.js';
import { MatchIntelligenceResponse } from '../src/matches/match-intelligence.js';
import type { MatchItem } from '../src/matches/match-item.js';
import { MatchItemBlock } from '../src/matches/match-blocks.js';
import { CardResponse } from '../src/service/contract/schemas/cards.js';
import type { CardPromptRequest, CardRequest } from '../src/cards/request.js';
import { parseWith } from '../src/validation.js';
import type { PlayerRequest, ScoutingRequest } from '../src/reports/requests.js';

/** Engine operations the HTTP API does not serve (yet), with the reason; everything else must have a route. */
const WITHOUT_ROUTE: Partial<Record<EngineOperationName, string>> = {
  standings: 'league tables are a library and CLI feature; the API contract has no standings endpoint',
};

const names = Object.keys(ENGINE_OPERATIONS) as EngineOperationName[];
const engine = Engine.open({ dataset: 'demo' });

describe('operation registry', () => {
  it('lists the operations (self-check)', () => {
    expect(names).toEqual(expect.arrayContaining(['player', 'scouting', 'verdict', 'card', 'standings']));
  });

  it('every operation is an Engine method and a `parsed` entry', () => {
    const missing = names.flatMap((n) => [
      ...(typeof Reflect.get(engine, n) === 'function' ? [] : [`Engine.${n}`]),
      ...(typeof engine.parsed[n] === 'function' ? [] : [`Engine.parsed.${n}`]),
    ]);
    expect(missing).toEqual([]);
    // Plus the card pre-check the service runs before holding an hd card's credits.
    expect(Object.keys(engine.parsed).sort()).toEqual([...names, 'cardCheck'].sort());
  });

  it('every Engine method returns the type its registry line returns', () => {
    type EngineAnswers = { [K in EngineOperationName]: ReturnType<Engine[K]> };
    type RegistryAnswers = { [K in EngineOperationName]: ReturnType<ParsedOperations[K]> };
    expectTypeOf<EngineAnswers>().toEqualTypeOf<RegistryAnswers>();
    expect(names.every((n) => typeof engine[n] === 'function')).toBe(true);
  });

  it('the parsed entry answers as the Engine method does', () => {
    const request = { name: engine.players[0].name };
    const parsed = engine.parsed.scouting(ENGINE_OPERATIONS.scouting.request.parse(request));
    expect(parsed).toEqual(engine.scouting(request));
    const verdict = engine.parsed.verdict(
      ENGINE_OPERATIONS.verdict.request.parse({ player_id: engine.players[0].player_id }),
    );
    expect(verdict).toEqual(engine.verdict({ player_id: engine.players[0].player_id }));
  });

  it('every operation has a CLI command that prints its answer with --json, or says why not', () => {
    const commands = new Set(COMMAND_CATALOG.map((c) => c.name));
    const missing = names.flatMap((n) => {
      const cli = ENGINE_OPERATIONS[n].cli;
      if (typeof cli === 'string') return commands.has(cli) ? [] : [`${n} → ${cli}`];
      return cli.none.length > 10 ? [] : [`${n}: no command and no reason`];
    });
    expect(missing).toEqual([]);
  });

  it('every operation has one service route whose request schema is the registry one, an OpenAPI path and an MCP tool', () => {
    const paths = (openApiOf(OPERATIONS, 'http://127.0.0.1:8787').paths ?? {}) as Record<string, unknown>;
    const problems: string[] = [];
    for (const n of names) {
      const routes = OPERATIONS.filter((op) => op.engine === n);
      if (n in WITHOUT_ROUTE) {
        if (routes.length > 0) problems.push(`${n} has a route but is listed in WITHOUT_ROUTE`);
        continue;
      }
      if (routes.length !== 1) {
        problems.push(
          `${n}: ${routes.length} service routes (add an engineRoute entry to src/service/contract/operations.ts)`,
        );
        continue;
      }
      const route = routes[0];
      if (route.body !== ENGINE_OPERATIONS[n].request)
        problems.push(`${n}: the route's body is not the registry schema`);
      if (!(route.path in paths)) problems.push(`${n}: no OpenAPI path ${route.path}`);
      if (!toolOf(route).name) problems.push(`${n}: no MCP tool`);
    }
    expect(problems).toEqual([]);
  });

  it('every routed operation has a GET catalog (OpenAPI path) describing the registry request schema', () => {
    const paths = (openApiOf(OPERATIONS, 'http://127.0.0.1:8787').paths ?? {}) as Record<string, { get?: unknown }>;
    const problems: string[] = [];
    for (const n of names) {
      const route = OPERATIONS.find((op) => op.engine === n);
      if (!route) continue;
      if (!paths[route.path]?.get) problems.push(`${n}: no GET catalog at ${route.path} in OpenAPI`);
      const catalog = catalogOf(route);
      const expected = z.toJSONSchema(ENGINE_OPERATIONS[n].request, { io: 'input', unrepresentable: 'any' });
      if (JSON.stringify(catalog.request_schema) !== JSON.stringify(expected))
        problems.push(`${n}: the catalog's request_schema is not the registry schema's`);
      if (catalog.operation !== route.id) problems.push(`${n}: the catalog names ${String(catalog.operation)}`);
    }
    expect(problems).toEqual([]);
  });

  it('the response blocks of the API are the types the engine returns (z.infer of one schema)', () => {
    type Data = ScoutingResponse['data'];
    expectTypeOf<Data['profile']>().toEqualTypeOf<z.infer<typeof PlayerProfile>>();
    expectTypeOf<Data['stats'][number]>().toEqualTypeOf<z.infer<typeof SeasonStats>>();
    expectTypeOf<Omit<Data['percentiles'][string], 'provider'>>().toEqualTypeOf<z.infer<typeof PercentileEntry>>();
    expectTypeOf<NonNullable<Data['percentiles'][string]['cohort']>>().toEqualTypeOf<z.infer<typeof CohortRef>>();
    // And at run time: an engine answer parses with the blocks as it is.
    const answer = engine.scouting({ player_id: engine.players[0].player_id });
    if (!answer.ok) throw new Error(answer.error.message);
    expect(PlayerProfile.parse(answer.value.data.profile)).toEqual(answer.value.data.profile);
    for (const stats of answer.value.data.stats) expect(SeasonStats.parse(stats)).toEqual(stats);
  });

  it('every paid route serves a registry operation, and MCP tool names are unique', () => {
    expect(OPERATIONS.filter((op) => op.engine === undefined).map((op) => op.id)).toEqual([]);
    const tools = OPERATIONS.map((op) => toolOf(op).name);
    expect(new Set(tools).size).toBe(tools.length);
  });

  it('the routed operations are the ROUTE_PATHS entries, each served at its path, with an MCP tool named after it and a request example', () => {
    const problems: string[] = [];
    for (const n of names) {
      const path = Reflect.get(ROUTE_PATHS, n);
      if (path === undefined) {
        if (!(n in WITHOUT_ROUTE)) problems.push(`${n}: no ROUTE_PATHS entry (src/service/contract/paths.ts)`);
        continue;
      }
      const route = OPERATIONS.find((op) => op.engine === n);
      if (!route) {
        problems.push(`${n}: a path but no route in OPERATIONS`);
        continue;
      }
      if (route.path !== path) problems.push(`${n}: served at ${route.path}, not ${String(path)}`);
      const snake = n.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
      if (toolNameOf(route) !== snake || toolNameOf({ id: route.id }) !== snake)
        problems.push(`${n}: MCP tool ${toolNameOf(route)}, expected ${snake}`);
      if (!toolOf(route).description.includes('Returns') && !toolOf(route).description.includes('Renders'))
        problems.push(`${n}: the MCP tool does not say what it returns`);
      const example = REQUEST_EXAMPLES[route.id];
      if (!example) problems.push(`${n}: no request example under ${route.id} (examples/requests.ts)`);
      else if (!ENGINE_OPERATIONS[n].request.safeParse(example.body).success)
        problems.push(`${n}: the request example does not parse with the registry schema`);
    }
    expect(problems).toEqual([]);
  });

  it('the client types are the registry types: request = schema input, answer = what the engine answers', () => {
    expectTypeOf<RequestOf<'verdict'>>().toEqualTypeOf<z.input<typeof ENGINE_OPERATIONS.verdict.request>>();
    expectTypeOf<AnswerOf<'verdict'>>().toEqualTypeOf<z.infer<typeof VerdictResponse>>();
    expectTypeOf<AnswerOf<'dnaSearch'>>().toEqualTypeOf<z.infer<typeof DnaSearchResponse>>();
    expectTypeOf<AnswerOf<'alternatives'>>().toEqualTypeOf<z.infer<typeof AlternativesResponse>>();
    expectTypeOf<AnswerOf<'bestXiPool'>>().toEqualTypeOf<z.infer<typeof BestXiPoolResponse>>();
    expectTypeOf<AnswerOf<'bestXiLineup'>>().toEqualTypeOf<z.infer<typeof BestXiLineupResponse>>();
    // And the route documents that very schema, so OpenAPI and MCP's outputSchema describe the engine's answer.
    const responseOf = (n: EngineOperationName) => OPERATIONS.find((op) => op.engine === n)?.response;
    expect(responseOf('verdict')).toBe(VerdictResponse);
    expect(responseOf('dnaSearch')).toBe(DnaSearchResponse);
    expect(responseOf('alternatives')).toBe(AlternativesResponse);
    expect(responseOf('bestXiPool')).toBe(BestXiPoolResponse);
    expect(responseOf('bestXiLineup')).toBe(BestXiLineupResponse);
    for (const n of ['verdict', 'dnaSearch', 'alternatives', 'bestXiPool', 'bestXiLineup'] as const) {
      const example = REQUEST_EXAMPLES[OPERATIONS.find((op) => op.engine === n)?.id ?? ''];
      const answer = engine.parsed[n](ENGINE_OPERATIONS[n].request.parse(example?.body) as never);
      if (!answer.ok) throw new Error(`${n}: ${answer.error.message}`);
      expect(responseOf(n)?.safeParse(JSON.parse(JSON.stringify(answer.value))).success, n).toBe(true);
    }
  });

  it('every routed operation is a method of the typed client', () => {
    const client = createClient({ baseUrl: 'http://127.0.0.1:1' });
    const routed = names.filter((n) => !(n in WITHOUT_ROUTE));
    expect(routed.filter((n) => typeof Reflect.get(client, n) !== 'function')).toEqual([]);
  });
});

describe('CLI --json is the registry answer', () => {
  /** Each command line and the engine request it stands for. */
  const CASES: { op: EngineOperationName; argv: string[]; request: Record<string, unknown> }[] = [
    {
      op: 'scouting',
      argv: ['--player-id', String(engine.players[0].player_id)],
      request: { player_id: engine.players[0].player_id },
    },
    {
      op: 'verdict',
      argv: ['--player-id', String(engine.players[1].player_id)],
      request: { player_id: engine.players[1].player_id },
    },
    { op: 'bestXiPool', argv: [], request: {} },
  ];

  it.each(CASES)(
    '$op: `halfspace <command> … --json` prints what Engine.parsed answers',
    async ({ op, argv, request }) => {
      const cli = ENGINE_OPERATIONS[op].cli;
      if (typeof cli !== 'string') throw new Error(`${op} has no command`);
      const out = await runCliCaptured(...cli.split(' '), ...argv, '--json');
      expect(out.code, out.stderr).toBe(0);
      const answer = (engine.parsed[op] as (r: unknown) => { ok: boolean; value?: unknown })(
        ENGINE_OPERATIONS[op].request.parse(request),
      );
      expect(answer.ok).toBe(true);
      expect(JSON.parse(out.stdout)).toEqual(JSON.parse(JSON.stringify(answer.value)));
    },
  );
});

describe('Engine methods are derived from the registry', () => {
  /** The operations whose Engine methods were written by hand before the registry derived them. */
  type HandWritten =
    | 'player'
    | 'scouting'
    | 'dnaSearch'
    | 'alternatives'
    | 'verdict'
    | 'bestXiPool'
    | 'bestXiLineup'
    | 'bestXiPick'
    | 'matchIntelligence'
    | 'standings'
    | 'card'
    | 'cardPrompt';
  const handWritten: HandWritten[] = [
    'player',
    'scouting',
    'dnaSearch',
    'alternatives',
    'verdict',
    'bestXiPool',
    'bestXiLineup',
    'bestXiPick',
    'matchIntelligence',
    'standings',
    'card',
    'cardPrompt',
  ];
  /** The reference each Engine method must equal: parse with the line's schema, then the `parsed` entry. */
  const BEFORE: { [K in HandWritten]: (input: unknown) => unknown } = Object.fromEntries(
    handWritten.map((n) => {
      const run = (input: unknown) => {
        const parsed = parseWith(ENGINE_OPERATIONS[n].request, input);
        if (!parsed.ok) return ENGINE_OPERATIONS[n].async ? Promise.resolve(parsed) : parsed;
        const entry: unknown = engine.parsed[n];
        if (typeof entry !== 'function') throw new Error(`Engine.parsed.${n} is not a function`);
        return n === 'player' ? entry(parsed.value, { narrative: true }) : entry(parsed.value);
      };
      return [n, run];
    }),
  ) as { [K in HandWritten]: (input: unknown) => unknown };
  // The derived methods, called with whatever the property generates (the casts only silence the request type).
  const AFTER: { [K in HandWritten]: (input: unknown) => unknown } = {
    player: (r) => engine.player(r as PlayerRequest, { narrative: true }),
    scouting: (r) => engine.scouting(r as ScoutingRequest),
    dnaSearch: (r) => engine.dnaSearch(r as DnaSearchRequest),
    alternatives: (r) => engine.alternatives(r as AlternativesRequest),
    verdict: (r) => engine.verdict(r as VerdictRequest),
    bestXiPool: (r) => engine.bestXiPool(r as BestXiPoolRequest),
    bestXiLineup: (r) => engine.bestXiLineup(r as BestXiLineupRequest),
    bestXiPick: (r) => engine.bestXiPick(r as BestXiPickRequest),
    matchIntelligence: (r) => engine.matchIntelligence(r as MatchIntelligenceRequest),
    standings: (r) => engine.standings(r as StandingsRequest),
    card: (r) => engine.card(r as CardRequest),
    cardPrompt: (r) => engine.cardPrompt(r as CardPromptRequest),
  };
  /** A valid request of each operation: its route's request example, or a league table. */
  const exampleOf = (n: HandWritten): Record<string, unknown> =>
    REQUEST_EXAMPLES[OPERATIONS.find((op) => op.engine === n)?.id ?? '']?.body ?? { league: 'Premier Division' };
  /** Bad and odd requests: anything, and the example with one field replaced or one unknown field added. */
  const inputOf = (n: HandWritten) => {
    const example = exampleOf(n);
    const key = fc.constantFrom(...Object.keys(example), 'player_id', 'limit', 'unknown_field');
    return fc.oneof(
      fc.anything(),
      fc.tuple(key, fc.anything()).map(([k, v]) => ({ ...example, [k]: v })),
    );
  };

  /** A card's render timings differ from run to run; everything else must not. */
  const withoutTimings = (answer: unknown) =>
    JSON.parse(JSON.stringify(answer, (key, value) => (key === 'timings' ? undefined : value)));

  it('a valid request answers as parsing and its `parsed` entry do (every operation, its example)', async () => {
    for (const n of handWritten) {
      const before = withoutTimings(await BEFORE[n](exampleOf(n)));
      expect(withoutTimings(await AFTER[n](exampleOf(n))), n).toEqual(before);
      expect(before, n).toMatchObject({ ok: true });
    }
  });

  it('any request, bad or odd, answers as parsing and its `parsed` entry do: the same invalid_request failure, the same answer', () => {
    for (const n of handWritten.filter((m) => m !== 'card'))
      fc.assert(
        fc.property(inputOf(n), (input) => {
          expect(AFTER[n](input)).toEqual(BEFORE[n](input));
        }),
        { numRuns: 60 },
      );
  });

  it('every operation, a new one too, is a method that answers a bad request with the invalid_request of its schema', async () => {
    for (const n of names) {
      const method: unknown = Reflect.get(engine, n);
      if (typeof method !== 'function') throw new Error(`Engine.${n} is not a method`);
      const answer = method.call(engine, 42);
      expect(answer instanceof Promise, n).toBe(ENGINE_OPERATIONS[n].async === true);
      expect(await answer, n).toEqual(parseWith(ENGINE_OPERATIONS[n].request, 42));
      expect(await answer, n).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
    }
  });

  it('card answers a bad request with a Promise of the failure', async () => {
    await fc.assert(
      fc.asyncProperty(
        inputOf('card').filter((input) => !ENGINE_OPERATIONS.card.request.safeParse(input).success),
        async (input) => {
          const answer = AFTER.card(input);
          expect(answer).toBeInstanceOf(Promise);
          const failure = await answer;
          expect(failure).toEqual(await BEFORE.card(input));
          expect(failure).toMatchObject({ ok: false, error: { code: 'invalid_request' } });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('the method types keep the public API: request = schema input, the same options', () => {
    // Every request type the hand-written methods took is still accepted.
    expectTypeOf<PlayerRequest>().toExtend<Parameters<Engine['player']>[0]>();
    expectTypeOf<ScoutingRequest>().toExtend<Parameters<Engine['scouting']>[0]>();
    expectTypeOf<VerdictRequest>().toExtend<Parameters<Engine['verdict']>[0]>();
    expectTypeOf<BestXiLineupRequest>().toExtend<Parameters<Engine['bestXiLineup']>[0]>();
    expectTypeOf<Parameters<Engine['scouting']>[0]>().toEqualTypeOf<
      z.input<typeof ENGINE_OPERATIONS.scouting.request>
    >();
    expectTypeOf<Parameters<Engine['player']>[1]>().toEqualTypeOf<{ narrative?: boolean } | undefined>();
    expectTypeOf<Parameters<Engine['scouting']>>().toHaveProperty('length').toEqualTypeOf<1>();
    // A loose line without options keeps one parameter too; card keeps its render options.
    expectTypeOf<Parameters<Engine['dnaSearch']>>().toHaveProperty('length').toEqualTypeOf<1>();
    expectTypeOf<Parameters<Engine['cardPrompt']>>().toHaveProperty('length').toEqualTypeOf<1>();
    expectTypeOf<Parameters<Engine['card']>[1]>().toEqualTypeOf<Omit<CardOptions, 'verdictOf'> | undefined>();
  });

  it('every registry line has the TSDoc its Engine method shows', () => {
    const source = ts.createSourceFile(
      'operation-registry.ts',
      readFileSync(new URL('../src/operation-registry.ts', import.meta.url), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const documented = new Set<string>();
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && node.name.getText() === 'ENGINE_OPERATIONS' && node.initializer) {
        if (!ts.isObjectLiteralExpression(node.initializer)) return;
        for (const p of node.initializer.properties) {
          const doc = ts.getJSDocCommentsAndTags(p).map((d) => d.getText());
          if (p.name && doc.some((d) => d.includes('docs/'))) documented.add(p.name.getText());
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    expect(names.filter((n) => !documented.has(n))).toEqual([]);
  });
});

describe('the last two response types are z.infer of a schema beside their builders', () => {
  it('match intelligence: the engine answers the schema the route documents, every field of it', () => {
    type Answer = Extract<ReturnType<Engine['matchIntelligence']>, { ok: true }>['value'];
    expectTypeOf<Answer>().toEqualTypeOf<z.infer<typeof MatchIntelligenceResponse>>();
    // The match block and the builder's MatchItem cannot drift apart: each is assignable to the other.
    expectTypeOf<MatchItem>().toExtend<Answer['matches'][number]>();
    expectTypeOf<Answer['matches'][number]>().toExtend<MatchItem>();
    const route = OPERATIONS.find((op) => op.engine === 'matchIntelligence');
    expect(route?.response).toBe(MatchIntelligenceResponse);
    for (const mode of ['recent', 'upcoming', 'all'] as const) {
      const answer = engine.matchIntelligence({ team_name: 'Saltmarsh United', mode, limit: 5 });
      if (!answer.ok) throw new Error(answer.error.message);
      expect(answer.value.matches.length, mode).toBeGreaterThan(0);
      // The closed blocks strip what they do not know, so a field the engine returns but a block lacks fails the
      // equality; the open objects (answer, match, signals, meta) are checked key by key.
      const json = JSON.parse(JSON.stringify(answer.value));
      expect(MatchIntelligenceResponse.parse(json)).toEqual(json);
      const unknownKeys = (o: object, shape: object) => Object.keys(o).filter((k) => !(k in shape));
      expect(unknownKeys(answer.value, MatchIntelligenceResponse.shape)).toEqual([]);
      expect(unknownKeys(answer.value.meta, MatchIntelligenceResponse.shape.meta.shape)).toEqual([]);
      for (const m of answer.value.matches) {
        expect(unknownKeys(m, MatchItemBlock.shape)).toEqual([]);
        expect(unknownKeys(m.signals, MatchItemBlock.shape.signals.shape)).toEqual([]);
      }
    }
  });

  it('card: the engine answers CardResult, and the route response is built from its very fields', async () => {
    type Answer = Extract<Awaited<ReturnType<Engine['card']>>, { ok: true }>['value'];
    expectTypeOf<Answer>().toEqualTypeOf<z.infer<typeof CardResult>>();
    expectTypeOf<Answer['player']>().toEqualTypeOf<CardPlayer>();
    for (const field of ['player', 'watermark', 'width', 'height', 'content_hash'] as const)
      expect(CardResponse.shape[field], field).toBe(CardResult.shape[field]);
    expect(CardResult.shape.player).toBe(CardPlayer);
    const answer = await engine.card({ player_name: 'Igor Teixeira', style: 'stat_ribbon' });
    if (!answer.ok) throw new Error(answer.error.message);
    expect(CardResult.strict().parse(answer.value)).toEqual(answer.value);
  });
});

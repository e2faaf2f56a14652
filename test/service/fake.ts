/**
 * A fake operation table for service tests: `test.echo` (3 credits) succeeds, fails or throws as
 * its body says, so billing and error paths can be driven without an engine.
 */
import { z } from 'zod';
import { fail, ok } from '../../src/errors.js';
import type { Operation, ServiceEngine } from '../../src/service/contract/operations.js';

export const EchoRequest = z
  .object({
    outcome: z.enum(['ok', 'not_found', 'throw', 'unchargeable']),
    n: z.number().int().min(0).max(10).optional(),
    hd: z.boolean().optional(),
  })
  .strict();

/** Builds the fake table; `gate` (when given) is awaited inside the handler, e.g. a fast-check scheduler. */
export function fakeOperations(gate?: () => Promise<void>): Operation[] {
  return [
    {
      id: 'test.echo',
      method: 'POST',
      path: '/api/v1/test/echo',
      summary: 'Echo',
      tag: 'test',
      beta: false,
      cost: (body) => ((body as { hd?: boolean }).hd ? 40 : 3),
      demo: (body) => !(body as { hd?: boolean }).hd,
      body: EchoRequest,
      query: z.object({ enhance: z.enum(['narrative']).optional() }).strict(),
      response: z.object({ echoed: z.number() }),
      catalog: () => ({ outcomes: ['ok', 'not_found', 'throw', 'unchargeable'] }),
      async run({ body }) {
        if (gate) await gate();
        const b = body as z.infer<typeof EchoRequest>;
        if (b.outcome === 'throw') throw new Error('secret stack detail');
        if (b.outcome === 'not_found')
          return fail('player_not_found', 'no player named "x"', { param: 'name', suggestions: [] });
        return ok({ body: { echoed: b.n ?? 0 }, chargeable: b.outcome !== 'unchargeable' });
      },
    },
  ];
}

/** An engine the fake table never calls. */
export const noEngine = {} as ServiceEngine;

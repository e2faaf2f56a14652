/**
 * The OpenAPI examples (src/service/contract/examples/examples.json) built from the demo universe:
 * every example request of requests.ts run through its operation, an hd card job, and a problem.
 * Deterministic (the demo engine's clock is its as-of date), so test/http/openapi.test.ts
 * regenerates and compares; `npm run openapi:examples` rewrites the file through a temporary file
 * renamed into place.
 */
import { renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Engine } from '../src/engine.js';
import { problemOf } from '../src/service/contract/errors.js';
import {
  EXAMPLE_BASE_URL,
  HD_CARD_EXAMPLE,
  PROBLEM_EXAMPLE,
  REQUEST_EXAMPLES,
} from '../src/service/contract/examples/requests.js';
import { OPERATIONS } from '../src/service/contract/operations.js';
import { parsedRequestOf } from '../src/service/pipeline.js';

/** What examples.json holds. */
export interface GeneratedExamples {
  /** Response body of each operation's example request, by operation id. */
  responses: Record<string, unknown>;
  /** A finished hd card job (202 and poll example). */
  job: Record<string, unknown>;
  /** The problem of {@link PROBLEM_EXAMPLE}. */
  problem: Record<string, unknown>;
}

/** Runs every example on the demo universe. */
export async function generateExamples(engine = Engine.open({ dataset: 'demo' })): Promise<GeneratedExamples> {
  const images = { put: async () => {}, get: async () => null };
  const run = async (id: string, body: Record<string, unknown>, query: Record<string, string> = {}) => {
    const op = OPERATIONS.find((o) => o.id === id)!;
    // As the service does: `run` receives the body and query its operation's schemas parsed.
    const parsed = parsedRequestOf(op, engine, body, query, undefined);
    if (!parsed.ok) return parsed;
    const result = await op.run({ engine, ...parsed.value, key: null, baseUrl: EXAMPLE_BASE_URL, images });
    return result.ok ? { ok: true as const, value: result.value.body } : result;
  };
  const responses: Record<string, unknown> = {};
  for (const [id, example] of Object.entries(REQUEST_EXAMPLES)) {
    const result = await run(id, example.body, example.query);
    if (!result.ok) throw new Error(`example ${id} failed: ${result.error.message}`);
    responses[id] = result.value;
  }
  const hd = await run('cards', { ...HD_CARD_EXAMPLE });
  if (!hd.ok) throw new Error(`hd example failed: ${hd.error.message}`);
  const at = `${engine.asOf}T12:00:00.000Z`;
  const job = {
    job_id: 'job_Q2hEr8xk1b9mWm3v',
    status: 'succeeded',
    poll_url: `${EXAMPLE_BASE_URL}/api/v1/cards/jobs/job_Q2hEr8xk1b9mWm3v`,
    style: HD_CARD_EXAMPLE.style,
    credits_held: 40,
    credits_charged: 40,
    created_at: at,
    updated_at: at,
    result: hd.value,
  };
  const failed = await run(PROBLEM_EXAMPLE.operation, { ...PROBLEM_EXAMPLE.body });
  if (failed.ok) throw new Error('the problem example succeeded');
  return { responses, job, problem: { ...problemOf(EXAMPLE_BASE_URL, 'req_example', failed.error) } };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = new URL('../src/service/contract/examples/examples.json', import.meta.url);
  const temp = new URL(`${target.href}.${process.pid}.tmp`);
  writeFileSync(temp, `${JSON.stringify(await generateExamples(), null, 1)}\n`);
  renameSync(temp, target);
  console.log(`wrote ${target.pathname}`);
}

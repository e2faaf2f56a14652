/**
 * @module Builds the OpenAPI examples from the demo universe: every example request of
 * requests.ts run through its operation, an hd card job, and a problem. Deterministic (the demo
 * engine's clock is its as-of date), so a test can regenerate and compare.
 */
import { Engine } from '../../../engine.js';
import { parseWith } from '../../../validation.js';
import { problemOf } from '../errors.js';
import { OPERATIONS } from '../operations.js';
import { EXAMPLE_BASE_URL, HD_CARD_EXAMPLE, PROBLEM_EXAMPLE, REQUEST_EXAMPLES } from './requests.js';

/** What examples.json holds. */
export interface GeneratedExamples {
  /** Response body of each operation's example request, by operation id. */
  responses: Record<string, unknown>;
  /** A finished hd card job (202 and poll example). */
  job: Record<string, unknown>;
  /** The problem of {@link PROBLEM_EXAMPLE}. */
  problem: Record<string, unknown>;
}

/**
 * Runs every example on the demo universe.
 * @example (await generateExamples()).responses['verdict'] // => { verdict_code: 'elite', … }
 */
export async function generateExamples(engine = Engine.open({ dataset: 'demo' })): Promise<GeneratedExamples> {
  const images = { put: async () => {}, get: async () => null };
  const run = async (id: string, body: Record<string, unknown>, query: Record<string, string> = {}) => {
    const op = OPERATIONS.find((o) => o.id === id)!;
    // As the service does: `run` receives the body and query its operation's schemas parsed.
    const parsedBody = parseWith(op.body, body);
    if (!parsedBody.ok) return parsedBody;
    const parsedQuery = parseWith(op.query, query);
    if (!parsedQuery.ok) return parsedQuery;
    const result = await op.run({
      engine,
      body: parsedBody.value,
      query: parsedQuery.value,
      key: null,
      baseUrl: EXAMPLE_BASE_URL,
      images,
    });
    if (!result.ok) return result;
    return { ok: true as const, value: result.value.body };
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

/**
 * @module The tool calls of one MCP-over-HTTP request (docs/api.md#mcp-over-http). Each runs the
 * paid pipeline of its operation (pipeline.ts, then billing) with the MCP request's credentials,
 * so it is authenticated, limited, charged and refused exactly like its REST call; an hd card's
 * job is read from the store until it ends. Credits come back as numbers from billing and the
 * wallet; the key headers of the calls are recorded for the MCP request's one error boundary
 * (service.ts) to write. What a call throws becomes that call's problem through the same fault
 * table (faultOf, serve.ts), so one failing call leaves the others of a batch standing.
 */
import type { Failure } from '../errors.js';
import type { JobRecord } from '../store/ports.js';
import { textOf, type ServiceContext, type ServiceRequest } from './context.js';
import { catalogOf } from './contract/catalog.js';
import { problemOf, type Problem } from './contract/errors.js';
import type { Operation } from './contract/operation.js';
import { faultOf } from './serve.js';
import { jobPollUrlOf, jobViewOf } from './jobs/job-run.js';
import type { PaidCall } from './pipeline.js';
import { newRequestId } from './request-id.js';

/** The caller of an MCP-over-HTTP request: the credentials each of its tool calls is made with. */
export interface ToolCaller {
  authorization?: string;
  demoChannel?: string;
  clientIp?: string;
  forwardedFor?: string;
}

/** Credits of one call with a key: what was charged and the wallet's balance after. */
export interface ToolCredits {
  charged: number;
  balance: number;
}

/** The answer of one tool call: the operation's JSON object, or its problem document. */
export type ToolAnswer =
  | { ok: true; value: Record<string, unknown>; credits?: ToolCredits }
  | { ok: false; problem: Problem; credits?: ToolCredits };

/** The tool calls of one MCP request. */
export interface ToolCalls {
  /** Runs `op` as its paid REST call would; an hd card is awaited up to `jobWaitMs`, else its job is answered. */
  call(op: Operation, body: Record<string, unknown>, query: Record<string, string>): Promise<ToolAnswer>;
  /** The free GET catalog of `op`. */
  catalog(op: Operation): Record<string, unknown>;
  /** A stored card image by its SHA-256 hex, or null. */
  image(hex: string): Promise<Uint8Array | null>;
}

/** How long a tool call waits for an hd card job before returning the job to poll, in ms. */
const JOB_WAIT_MS = 120_000;
const JOB_POLL_MS = 200;

/** Key headers of a tool call that the MCP response repeats (docs/api.md#billing); the credits are summed. */
const REPEATED = ['ratelimit-limit', 'ratelimit-policy', 'ratelimit-remaining', 'ratelimit-reset'];

/** A JSON object (not an array, not null). */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the tool calls need of the service that runs them. */
interface ToolService {
  readonly ctx: ServiceContext;
  readonly paid: PaidCall;
}

/** The answer of a paid call's JSON: its object, or (4xx/5xx) the problem document the service built. */
function answerOf(status: number, body: string | Uint8Array, credits: ToolCredits | undefined): ToolAnswer {
  const json: unknown = JSON.parse(textOf(body));
  if (!isRecord(json)) throw new Error('a paid call answered JSON that is not an object');
  const withCredits = credits ? { credits } : {};
  // cast: a 4xx/5xx body of the pipeline is always a problem document (problemOf built it).
  if (status >= 400) return { ok: false, problem: json as Problem, ...withCredits };
  return { ok: true, value: json, ...withCredits };
}

/** An hd card job once it ends or `jobWaitMs` passes: its card, its problem, or the job to poll. */
async function awaitJob(ctx: ServiceContext, first: Record<string, unknown>, jobWaitMs: number): Promise<ToolAnswer> {
  const deadline = Date.now() + jobWaitMs;
  const jobId = String(first.job_id);
  let job: JobRecord | null = await ctx.store.jobs.get(jobId);
  while (job && (job.status === 'queued' || job.status === 'running') && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, JOB_POLL_MS));
    job = await ctx.store.jobs.get(jobId);
  }
  if (!job) return { ok: true, value: first };
  const view = jobViewOf(job, jobPollUrlOf(ctx.baseUrl, job.job_id));
  const credits = {
    charged: job.status === 'succeeded' ? job.credits : 0,
    balance: (await ctx.store.wallets.balance(job.key_id)) ?? 0,
  };
  if (job.status === 'succeeded' && isRecord(view.result)) return { ok: true, value: view.result, credits };
  if (job.status === 'failed' && isRecord(view.error)) {
    const { code, detail, param } = view.error;
    const failure: Failure = {
      // cast: a failed job's error code is one the service itself recorded (an ErrorCode).
      code: String(code) as Failure['code'],
      message: String(detail),
      ...(typeof param === 'string' && param !== '' ? { param } : {}),
    };
    return { ok: false, problem: problemOf(ctx.baseUrl, job.job_id, failure), credits };
  }
  // Still running: the agent gets the job and its poll_url.
  return { ok: true, value: view, credits };
}

/**
 * The credits of a keyed call that billing did not report (refused before billing, or queued as
 * a job): nothing charged, and the balance; none without a valid key, or when the store is down.
 */
async function unbilledCredits(ctx: ServiceContext, caller: ToolCaller, status: number) {
  if (!caller.authorization || status === 401 || status === 503) return undefined;
  const key = await ctx.keyOf(caller.authorization);
  if (!key.ok) return undefined;
  return { charged: 0, balance: (await ctx.store.wallets.balance(key.value.id)) ?? 0 };
}

/**
 * The tool calls of one MCP request by `caller`; `recorded` is the MCP request's record of key
 * headers, which gets the latest call's rate-limit counts and balance and the credits of all calls.
 * @example await toolCallsOf(service, { demoChannel: 'mcp', clientIp: '127.0.0.1' }, {}).call(op, { name: 'X' }, {}) // => { ok: true, value: {…} }
 */
export function toolCallsOf(
  service: ToolService,
  caller: ToolCaller,
  recorded: Record<string, string>,
  jobWaitMs = JOB_WAIT_MS,
): ToolCalls {
  const { ctx, paid } = service;
  let chargedInAll = 0;

  /** Records a call's credits for the MCP response's key headers. */
  function tally(headers: Record<string, string>, credits: ToolCredits | undefined): void {
    for (const name of REPEATED) if (headers[name] !== undefined) recorded[name] = headers[name];
    if (!credits) return;
    chargedInAll += credits.charged;
    recorded['x-svc-credits-charged'] = String(chargedInAll);
    recorded['x-svc-wallet-balance'] = String(credits.balance);
  }

  return {
    async call(op, body, query) {
      const requestId = newRequestId();
      const req: ServiceRequest = { method: 'POST', path: op.path, ...caller, body, query, requestId };
      const headers: Record<string, string> = {};
      let billed: ToolCredits | undefined;
      let answer: ToolAnswer;
      let status: number;
      try {
        const res = await paid(op, req, requestId, headers, (charged, balance) => {
          billed = { charged, balance };
        });
        status = res.status;
        answer = answerOf(res.status, res.body, billed);
        if (answer.ok && res.status === 202) answer = await awaitJob(ctx, answer.value, jobWaitMs);
      } catch (error) {
        const fault = faultOf(ctx, error, requestId);
        status = fault.status;
        answer = answerOf(fault.status, fault.body, billed);
      }
      answer.credits ??= await unbilledCredits(ctx, caller, status).catch(() => undefined);
      tally(headers, answer.credits);
      return answer;
    },
    catalog: (op) => catalogOf(op),
    image: (hex) => ctx.store.images.get(hex),
  };
}

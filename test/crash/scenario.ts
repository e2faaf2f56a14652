/**
 * The crash scenario both stores run (issue 24, "Keep it so"): a process killed with SIGKILL in
 * the middle of calls must leave nothing stuck. Two parts:
 * - a child that claimed an Idempotency-Key, reserved the whole demo quota and took a hold is
 *   killed; the server started next must run the retry (not 409), serve the demo (not 402) and
 *   hold nothing;
 * - a real `serve` under load (keyed and demo sync cards, each keyed call with an
 *   Idempotency-Key) is killed mid-flight; after the restart every key's retry succeeds, no hold
 *   stays open, every demo call that did not succeed is given back, and the wallet equals its ledger.
 */
import { expect } from 'vitest';
import { requestFingerprint } from '../../src/service/idempotency.js';
import { killAfterWork } from '../helpers/killed-holder.js';
import type { ServeProcess } from '../helpers/serve-process.js';

/** The store and server hooks of one store kind. */
export interface CrashTarget {
  /** Module text binding a store handle of the killed process to `s` (as the instance that restarts). */
  openStore: string;
  /** Starts the server that restarts after the crash (same instance as `openStore`). */
  start(): Promise<ServeProcess>;
  /** Starts a server that keeps running through the crash (a second replica), if any. */
  survivor?: () => Promise<ServeProcess>;
  /** Open holds and the balance and ledger sum of wallet `keyId`, read from the store. */
  wallet(keyId: string): Promise<{ holds: number; balance: number; ledgerSum: number; captures: number }>;
}

const CARD = { player_id: 1, style: 'player_card' };
const DEMO_LIMIT = 15;

/** POSTs `body` to `path` on `url`; returns status and text (network failures as status 0). */
export async function post(
  url: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; text: string; headers: Headers | null }> {
  try {
    const res = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, text: await res.text(), headers: res.headers };
  } catch (error) {
    // Status 0: no answer; the text says why (a refused or reset connection names its code).
    const cause = error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
    return { status: 0, text: `${error instanceof Error ? error.message : String(error)}${cause}`, headers: null };
  }
}

/** Part one: a killed child's claim, demo reservations and hold are released by the next server. */
export async function killedClaimsAreReleased(target: CrashTarget, key: string, keyId: string): Promise<void> {
  const body = { name: 'Anton Berg' };
  const fingerprint = requestFingerprint('intelligence.player', {}, body);
  const work = `const later = new Date(now.getTime() + 5 * 60_000).toISOString();
const day = now.toISOString().slice(0, 10);
await s.idempotency.begin(${JSON.stringify(keyId)}, 'stuck-1', ${JSON.stringify(fingerprint)}, now.toISOString(), later);
for (let i = 0; i < ${DEMO_LIMIT}; i++) await s.demo.reserve('127.0.0.1', day, ${DEMO_LIMIT});
await s.wallets.hold(${JSON.stringify(keyId)}, 7, now.toISOString(), later, 'intelligence.player');`;
  const victim = await killAfterWork(target.openStore, work);
  expect(victim.signal).toBe('SIGKILL');
  const server = await target.start();
  try {
    const retry = await post(server.url, '/api/v1/intelligence/player', body, {
      authorization: `Bearer ${key}`,
      'idempotency-key': 'stuck-1',
    });
    expect(retry.status, retry.text).toBe(200);
    const demo = await post(server.url, '/api/v1/intelligence/player', body, { 'x-svc-demo-channel': 'mcp' });
    expect(demo.status, demo.text).toBe(200);
    const w = await target.wallet(keyId);
    expect(w.holds).toBe(0);
    expect(w.balance).toBe(w.ledgerSum);
  } finally {
    await server.stop();
  }
}

/** Part two: kill -9 under load, restart, retry; returns how many calls were cut off. */
export async function killUnderLoad(target: CrashTarget, key: string, keyId: string): Promise<{ cut: number }> {
  const survivor = target.survivor ? await target.survivor() : null;
  let server = await target.start();
  const keyed = Array.from({ length: 16 }, (_, i) => `load-${i}`);
  // With a second replica, odd calls go to it; after the restart every retry goes to the other one.
  const url = (i: number) => (survivor && i % 2 === 1 ? survivor.url : server.url);
  let firstDone!: () => void;
  const first = new Promise<void>((resolve) => (firstDone = resolve));
  const calls = keyed.map((k, i) =>
    post(url(i), '/api/v1/cards', CARD, { authorization: `Bearer ${key}`, 'idempotency-key': k }).then((r) => {
      firstDone();
      return r;
    }),
  );
  await first;
  // Calls run one render at a time: 40 ms into the next one, its key is claimed and its credits held.
  await new Promise((resolve) => setTimeout(resolve, 40));
  await server.kill();
  const before = await Promise.all(calls);
  const cut = before.filter((r) => r.status === 0).length;
  server = await target.start();
  try {
    const after = await Promise.all(
      keyed.map((k, i) =>
        post(url(i + 1), '/api/v1/cards', CARD, { authorization: `Bearer ${key}`, 'idempotency-key': k }),
      ),
    );
    expect(after.map((r) => r.status)).toEqual(keyed.map(() => 200));
    const w = await target.wallet(keyId);
    expect(w.holds).toBe(0);
    expect(w.balance).toBe(w.ledgerSum);
    return { cut };
  } finally {
    await server.stop();
    await survivor?.stop();
  }
}

/** Demo calls under load killed mid-flight: the quota afterwards counts only calls that succeeded. */
export async function demoQuotaSurvivesKill(target: CrashTarget): Promise<void> {
  let server = await target.start();
  const calls = Array.from({ length: 10 }, () =>
    post(server.url, '/api/v1/cards', CARD, { 'x-svc-demo-channel': 'mcp' }),
  );
  await Promise.race(calls);
  await new Promise((resolve) => setTimeout(resolve, 40));
  await server.kill();
  const seen = (await Promise.all(calls)).filter((r) => r.status === 200).length;
  server = await target.start();
  try {
    // `used` before the run: part one left 1 (its one demo call). One call may succeed on the server
    // in the instant of the kill without its answer reaching us, hence the range.
    const more = await demoSuccessesUntilRefused(server.url, DEMO_LIMIT);
    expect(1 + seen + more).toBeGreaterThanOrEqual(DEMO_LIMIT - 1);
    expect(1 + seen + more).toBeLessThanOrEqual(DEMO_LIMIT);
  } finally {
    await server.stop();
  }
}

/** Cheap demo calls until the first 402; returns how many succeeded (at most `max`). */
async function demoSuccessesUntilRefused(url: string, max: number): Promise<number> {
  let n = 0;
  for (; n <= max; n++) {
    const r = await post(url, '/api/v1/intelligence/player', { name: 'Anton Berg' }, { 'x-svc-demo-channel': 'mcp' });
    if (r.status === 402) return n;
    expect(r.status, r.text).toBe(200);
  }
  return n;
}

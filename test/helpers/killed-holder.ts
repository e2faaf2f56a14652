/**
 * A process killed mid-call: a child node opens a store, does what calls in flight would (takes
 * holds, claims Idempotency-Keys, reserves demo calls) and is killed with SIGKILL once done, so
 * tests can check what a restart does with what nobody will settle.
 */
import { spawn } from 'node:child_process';

/** One hold the child takes: credits on a key's wallet for an operation, expiring in 5 minutes. */
export interface ChildHold {
  keyId: string;
  credits: number;
  operation: string;
}

/**
 * Runs `openStore` (module text that binds the store to `s`), then `work` (module text using `s`
 * and `now`), kills the child with SIGKILL and returns its pid and the signal it died of (the
 * caller asserts it).
 */
export async function killAfterWork(
  openStore: string,
  work: string,
): Promise<{ pid: number | undefined; signal: NodeJS.Signals | null }> {
  const script = `${openStore}
const now = new Date();
${work}
process.stdout.write('held\\n');
setInterval(() => {}, 1000);`;
  const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (t: Buffer) => String(t).includes('held') && resolve());
    child.on('exit', (code) => reject(new Error(`holder exited early (${code})`)));
  });
  const died = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  child.kill('SIGKILL');
  return { pid: child.pid, signal: await died };
}

/** {@link killAfterWork} taking `holds`. */
export function killAfterHolds(
  openStore: string,
  holds: readonly ChildHold[],
): Promise<{ pid: number | undefined; signal: NodeJS.Signals | null }> {
  return killAfterWork(
    openStore,
    `const later = new Date(now.getTime() + 5 * 60_000).toISOString();
for (const h of ${JSON.stringify(holds)}) await s.wallets.hold(h.keyId, h.credits, now.toISOString(), later, h.operation);`,
  );
}

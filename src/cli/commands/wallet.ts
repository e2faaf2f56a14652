/**
 * `halfspace wallet topup|balance|holds|ledger`: the credit wallet of a key, in the service store
 * (the same `--db` file as `halfspace serve`; safe while the server runs).
 */
import { topupWallet, walletStatusOf, type WalletStatus } from '../../service/billing/accounts.js';
import type { ServiceStore } from '../../store/ports.js';
import { UsageError } from '../run.js';
import { jsonOut } from '../json-out.js';
import { creditsFlag, keyCommand } from './keys.js';

/** The wallet of key `id`, or a UsageError naming the command that lists the keys. */
async function walletOf(store: ServiceStore, id: string): Promise<WalletStatus> {
  const status = await walletStatusOf(store, id);
  if (!status.ok) throw new UsageError(`no wallet for ${id} (see halfspace keys list)`);
  return status.value;
}

/** `halfspace wallet topup`. */
export const walletTopupCommand = keyCommand(
  'wallet topup KEY_ID --credits N [--note TEXT] [--db FILE|URL] [--json]',
  async (store, id, { values, io }) => {
    const credits = creditsFlag(values.credits, 'credits', true);
    const result = await topupWallet(store, id, credits, values.note ?? 'cli topup');
    if (!result.ok)
      throw new UsageError(
        result.error.code === 'not_found' ? `no wallet for ${id} (see halfspace keys list)` : result.error.message,
      );
    io.stdout(
      values.json
        ? jsonOut({ id, credits, balance: result.value })
        : `Added ${credits} credits to ${id}: balance ${result.value}.\n`,
    );
  },
  { credits: { type: 'string' }, note: { type: 'string' } },
);

/** `halfspace wallet balance`. */
export const walletBalanceCommand = keyCommand(
  'wallet balance KEY_ID [--db FILE|URL] [--json]',
  async (store, id, { values, io }) => {
    const { balance, held, available, holds } = await walletOf(store, id);
    if (values.json) return void io.stdout(jsonOut({ id, balance, held, available, open_holds: holds.length }));
    // The balance comes first, so scripts reading the first word keep working.
    const where =
      holds.length === 0
        ? ''
        : ` in ${holds.length} open hold${holds.length === 1 ? '' : 's'}: halfspace wallet holds ${id}`;
    io.stdout(`${balance} (available ${available}, held ${held}${where})\n`);
  },
);

/** `halfspace wallet holds`. */
export const walletHoldsCommand = keyCommand(
  'wallet holds KEY_ID [--db FILE|URL] [--json]',
  async (store, id, { values, io }) => {
    const { holds } = await walletOf(store, id);
    if (values.json) return void io.stdout(jsonOut(holds));
    if (holds.length === 0) return void io.stdout(`No open holds for ${id}.\n`);
    const when = (iso: string) => `${iso.slice(0, 19)}Z`;
    const lines = holds.map(
      (h) =>
        `${String(h.hold_id).padStart(6)}  ${String(h.credits).padStart(7)}  ${when(h.created_at)}  ${when(h.expires_at)}  ${(h.owner ?? '(unknown)').padEnd(24)}  ${h.note ?? ''}`,
    );
    io.stdout(
      `${'hold'.padStart(6)}  ${'credits'.padStart(7)}  ${'created'.padEnd(20)}  ${'expires'.padEnd(20)}  ${'owner'.padEnd(24)}  note\n${lines.join('\n')}\n`,
    );
  },
);

/** `halfspace wallet ledger`. */
export const walletLedgerCommand = keyCommand(
  'wallet ledger KEY_ID [--limit N] [--db FILE|URL] [--json]',
  async (store, id, { values, io }) => {
    const limit = creditsFlag(values.limit, 'limit', true);
    if ((await store.wallets.balance(id)) === null)
      throw new UsageError(`no wallet for ${id} (see halfspace keys list)`);
    const entries = await store.wallets.ledger(id, limit);
    if (values.json) return void io.stdout(jsonOut(entries));
    const lines = entries.map(
      (e) =>
        `${String(e.entry_id).padStart(6)}  ${e.at.slice(0, 19)}Z  ${e.kind.padEnd(7)}  ${(e.amount > 0 ? `+${e.amount}` : String(e.amount)).padStart(6)}  ${String(e.balance_after).padStart(7)}  ${e.hold_id !== null && e.kind !== 'hold' ? `hold #${e.hold_id} ` : ''}${e.note ?? ''}`,
    );
    io.stdout(
      `${'entry'.padStart(6)}  ${'at'.padEnd(20)}  ${'kind'.padEnd(7)}  ${'amount'.padStart(6)}  ${'balance'.padStart(7)}  note\n${lines.join('\n')}\n`,
    );
  },
  { limit: { type: 'string', default: '50' } },
);

/**
 * `halfspace keys create|list|revoke`: API keys in the service store (the same `--db` file or
 * PostgreSQL URL as `halfspace serve`; safe while the server runs).
 */
import { issueKey } from '../../service/billing/accounts.js';
import type { ServiceStore } from '../../store/ports.js';
import { UsageError, defineCommand, type CommandArgs, type ExitCode, type OptionsConfig } from '../run.js';
import { openStore } from '../store.js';
import { jsonOut } from '../json-out.js';

/** Default store of `serve`, `keys` and `wallet` (a SQLite file; `--db` also takes a `postgres://` URL). */
export const DEFAULT_DB = './halfspace.db';

/** `--db` and `--json`: the options of a service command that only reads or changes one thing. */
const STORE_OPTIONS = {
  db: { type: 'string', default: DEFAULT_DB },
  json: { type: 'boolean', default: false },
} as const;

/**
 * The one key id positional of `keys revoke` and the `wallet` commands; a UsageError otherwise.
 * @example keyIdOf(['key_x']) // => 'key_x'
 */
const keyIdOf = (positionals: string[]): string => {
  if (positionals.length !== 1) throw new UsageError('give exactly one key id (see halfspace keys list)');
  return positionals[0];
};

/** Opens the store named by `--db`, runs `work`, and always closes it. */
async function withStore<T>(db: string, work: (store: ServiceStore) => Promise<T>): Promise<T> {
  const store = await openStore(db);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/**
 * A service command about one key: `KEY_ID` its one positional, `--db`, `--json` and `more` its options.
 * Opens the store, reads the key id, runs `work` and always closes the store.
 * @example keyCommand('keys show KEY_ID', async (store, id, { io }) => io.stdout(id))
 */
export function keyCommand<const O extends OptionsConfig = Record<never, never>>(
  usage: string,
  work: (store: ServiceStore, id: string, args: CommandArgs<typeof STORE_OPTIONS & O>) => Promise<ExitCode>,
  more?: O,
) {
  return defineCommand({
    usage,
    options: { ...STORE_OPTIONS, ...more },
    positionals: true,
    run: (args) => withStore(args.values.db, (store) => work(store, keyIdOf(args.positionals), args)),
  });
}

/**
 * Parses a non-negative (or positive) integer flag such as `--credits`: decimal digits only, so
 * `""`, `0x10`, `" 5"`, `1e3` and `5.0` are refused rather than read as 0, 16, 5 or 1000.
 */
export function creditsFlag(raw: unknown, flag: string, positive: boolean): number {
  const n = typeof raw === 'string' && /^\d{1,16}$/.test(raw) ? Number(raw) : Number.NaN;
  if (raw === undefined || !Number.isSafeInteger(n) || n < (positive ? 1 : 0)) {
    throw new UsageError(
      `--${flag} must be a ${positive ? 'positive' : 'non-negative'} integer, got ${raw === undefined ? 'nothing' : JSON.stringify(raw)}`,
    );
  }
  return n;
}

/** Longest key label, as the admin API allows (docs/api.md#admin-api). */
const KEY_LABEL_MAX_CHARS = 200;

/** `--label`: at most {@link KEY_LABEL_MAX_CHARS} characters of well-formed text, as the admin API accepts. */
function labelFlag(raw: unknown): string | null {
  if (raw === undefined) return null;
  const label = String(raw);
  if (label.length > KEY_LABEL_MAX_CHARS)
    throw new UsageError(`--label must be at most ${KEY_LABEL_MAX_CHARS} characters, got ${label.length}`);
  return label;
}

/** `halfspace keys create`. */
export const keysCreateCommand = defineCommand({
  usage: 'keys create --credits N [--label TEXT] [--no-watermark] [--db FILE|URL] [--json]',
  options: {
    ...STORE_OPTIONS,
    credits: { type: 'string' },
    label: { type: 'string' },
    'no-watermark': { type: 'boolean', default: false },
  },
  run: ({ values, io }) =>
    withStore(values.db, async (store) => {
      const credits = creditsFlag(values.credits, 'credits', false);
      const issued = await issueKey(store, {
        credits,
        label: labelFlag(values.label),
        noWatermark: values['no-watermark'],
      });
      const { key, balance, record } = issued;
      const { id, label, no_watermark, created_at } = record;
      if (values.json) return void io.stdout(jsonOut({ id, key, label, no_watermark, balance, created_at }));
      io.stdout(
        `Created ${id}${label ? ` (${label})` : ''} with ${credits} credits${no_watermark ? ', no watermark' : ''}.\n\n  ${key}\n\nStore it now: only its hash is kept, it cannot be shown again.\nThe curl examples of docs/api.md read it from $KEY:\n\n  export KEY=${key}\n`,
      );
    }),
});

/** `halfspace keys list`. */
export const keysListCommand = defineCommand({
  usage: 'keys list [--db FILE|URL] [--json]',
  options: STORE_OPTIONS,
  run: ({ values, io }) =>
    withStore(values.db, async (store) => {
      const keys = await store.keys.list();
      const rows = await Promise.all(
        keys.map(async (k) => ({
          id: k.id,
          label: k.label,
          no_watermark: k.no_watermark,
          created_at: k.created_at,
          revoked_at: k.revoked_at,
          balance: await store.wallets.balance(k.id),
        })),
      );
      if (values.json) return void io.stdout(jsonOut(rows));
      if (rows.length === 0) return void io.stdout('No keys yet: halfspace keys create --credits 100\n');
      const lines = rows.map(
        (r) =>
          `${r.id}  ${String(r.balance ?? 0).padStart(8)}  ${(r.revoked_at ? 'revoked' : 'active').padEnd(7)}  ${r.created_at.slice(0, 19)}Z  ${r.label ?? ''}${r.no_watermark ? ' [no watermark]' : ''}`,
      );
      io.stdout(
        `${'id'.padEnd(18)}  ${'credits'.padStart(8)}  ${'state'.padEnd(7)}  ${'created'.padEnd(20)}  label\n${lines.join('\n')}\n`,
      );
    }),
});

/** `halfspace keys revoke <id>`. */
export const keysRevokeCommand = keyCommand(
  'keys revoke KEY_ID [--db FILE|URL] [--json]',
  async (store, id, { values, io }) => {
    const revokedAt = new Date().toISOString();
    if (!(await store.keys.revoke(id, revokedAt))) {
      throw new UsageError((await store.keys.byId(id)) ? `${id} is already revoked` : `no key ${id}`);
    }
    io.stdout(values.json ? jsonOut({ id, revoked_at: revokedAt }) : `Revoked ${id}.\n`);
  },
);

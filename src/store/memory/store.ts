/**
 * @module The in-memory service store: the library default and the model the SQLite store is
 * tested against. Single-threaded JavaScript makes every method atomic.
 */
import type {
  DemoStore,
  IdempotencyRecord,
  IdempotencyStore,
  ImageStore,
  JobRecord,
  JobStatus,
  JobStore,
  KeyRecord,
  KeyStore,
  LedgerEntry,
  OpenHold,
  ServiceStore,
  StoredResponse,
  TopupOutcome,
  UnfinishedJob,
  WalletStore,
} from '../ports.js';
import type { HeldCredits, LedgerOp, LedgerOutcome, NewHold, OutcomeOf } from '../ledger.js';
import { batchReads, consecutiveIds, decideBatch, entryIdsNeeded, topupOp } from '../ledger.js';
import { queuedSettlements } from '../group-commit.js';
import { newHoldOwner } from '../hold-owner.js';
import { MemoryRateLimits } from './rate-limits.js';

class MemoryKeys implements KeyStore {
  private readonly byIdMap = new Map<string, KeyRecord>();
  private readonly byHashMap = new Map<string, KeyRecord>();
  private changes = 0;

  revision(): number {
    return this.changes;
  }

  async create(record: KeyRecord): Promise<void> {
    if (this.byIdMap.has(record.id) || this.byHashMap.has(record.hash))
      throw new Error(`key ${record.id} already exists`);
    const copy = { ...record };
    this.changes += 1;
    this.byIdMap.set(record.id, copy);
    this.byHashMap.set(record.hash, copy);
  }
  async byHash(hash: string): Promise<KeyRecord | null> {
    const k = this.byHashMap.get(hash);
    return k ? { ...k } : null;
  }
  async byId(id: string): Promise<KeyRecord | null> {
    const k = this.byIdMap.get(id);
    return k ? { ...k } : null;
  }
  async list(): Promise<KeyRecord[]> {
    return [...this.byIdMap.values()].map((k) => ({ ...k }));
  }
  async revoke(id: string, at: string): Promise<boolean> {
    const k = this.byIdMap.get(id);
    if (!k || k.revoked_at !== null) return false;
    this.changes += 1;
    k.revoked_at = at;
    return true;
  }
}

class MemoryWallets implements WalletStore {
  readonly owner: string;
  private readonly balances = new Map<string, number>();
  /** Every entry, entry_id − 1 being its index. */
  private readonly entries: LedgerEntry[] = [];
  /** Open holds by hold id, oldest first (settled holds are removed; the ledger keeps their history). */
  private readonly unsettled = new Map<number, NewHold>();

  readonly hold: WalletStore['hold'];
  readonly charge: WalletStore['charge'];
  readonly capture: WalletStore['capture'];
  readonly release: WalletStore['release'];

  constructor(instanceId?: string) {
    this.owner = newHoldOwner(instanceId);
    ({
      hold: this.hold,
      charge: this.charge,
      capture: this.capture,
      release: this.release,
    } = queuedSettlements(async (op) => this.run(op), this.owner));
  }

  /** Reads what the batch needs, lets the ledger core decide, and writes its decision (atomic: no await in between). */
  private apply(ops: LedgerOp[]): LedgerOutcome[] {
    const reads = batchReads(ops);
    const holds = new Map<number, HeldCredits>();
    const settledBefore = new Set<number>();
    for (const id of reads.holdIds) {
      const hold = this.unsettled.get(id);
      if (hold) holds.set(id, hold);
      else if (this.entries[id - 1]?.kind === 'hold') settledBefore.add(id);
    }
    const balances = new Map<string, number>();
    for (const walletId of [...reads.walletIds, ...[...holds.values()].map((h) => h.wallet_id)]) {
      const balance = this.balances.get(walletId);
      if (balance !== undefined) balances.set(walletId, balance);
    }
    const held = new Map(reads.heldWalletIds.map((walletId) => [walletId, this.heldOf(walletId)]));
    const decision = decideBatch(
      { balances, held, holds, settledBefore },
      ops,
      consecutiveIds(this.entries.length, entryIdsNeeded(ops)),
    );
    this.entries.push(...decision.entries);
    for (const h of decision.opened) this.unsettled.set(h.hold_id, h);
    for (const id of decision.settled) this.unsettled.delete(id);
    for (const [walletId, balance] of decision.balances) this.balances.set(walletId, balance);
    return decision.outcomes;
  }
  private run<O extends LedgerOp>(op: O): OutcomeOf<O> {
    // cast: the core answers each op with the outcome of its kind (OutcomeOf), which the batch's array type cannot say.
    return this.apply([op])[0] as OutcomeOf<O>;
  }
  private heldOf(walletId: string): number {
    let held = 0;
    for (const h of this.unsettled.values()) if (h.wallet_id === walletId) held += h.amount;
    return held;
  }
  /** Releases the given holds in one batch; returns how many were released. */
  private releaseAll(holdIds: number[], at: string, note: string): number {
    return this.apply(holdIds.map((holdId): LedgerOp => ({ kind: 'release', holdId, at, note }))).filter((o) => o.ok)
      .length;
  }

  async open(walletId: string): Promise<void> {
    if (!this.balances.has(walletId)) this.balances.set(walletId, 0);
  }
  async topup(walletId: string, credits: number, at: string, note: string | null = null): Promise<TopupOutcome> {
    return this.run(topupOp(walletId, credits, at, note));
  }
  async expireHolds(now: string): Promise<number> {
    return this.releaseAll(
      [...this.unsettled].filter(([, h]) => h.expires_at <= now).map(([id]) => id),
      now,
      'expired',
    );
  }
  async releaseAbandoned(at: string, keep: readonly number[] = []): Promise<number> {
    // Every hold of a memory store was taken by this handle, in this process: none is abandoned.
    return this.releaseAll(
      [...this.unsettled].filter(([id, h]) => h.owner !== this.owner && !keep.includes(id)).map(([id]) => id),
      at,
      'abandoned',
    );
  }
  async balance(walletId: string): Promise<number | null> {
    return this.balances.get(walletId) ?? null;
  }
  /** Open holds of every wallet (for ServiceStore.stats). */
  openHoldCount(): number {
    return this.unsettled.size;
  }
  async openHolds(walletId: string): Promise<OpenHold[]> {
    return [...this.unsettled.values()]
      .filter((h) => h.wallet_id === walletId)
      .map(({ hold_id, wallet_id, amount, note, created_at, expires_at, owner }) => ({
        hold_id,
        wallet_id,
        credits: amount,
        note,
        created_at,
        expires_at,
        owner,
      }));
  }
  async ledger(walletId: string, limit?: number): Promise<LedgerEntry[]> {
    const mine = this.entries.filter((e) => e.wallet_id === walletId).map((e) => ({ ...e }));
    return limit === undefined ? mine : mine.slice(Math.max(0, mine.length - limit));
  }
}

class MemoryIdempotency implements IdempotencyStore {
  private readonly records = new Map<string, IdempotencyRecord & { expires_at: string }>();

  async begin(scope: string, key: string, fingerprint: string, at: string, expiresAt: string) {
    const id = `${scope}\u0000${key}`;
    const existing = this.records.get(id);
    if (existing && existing.expires_at > at) {
      return {
        claimed: false as const,
        record: { fingerprint: existing.fingerprint, response: existing.response && { ...existing.response } },
      };
    }
    this.records.set(id, { fingerprint, response: null, expires_at: expiresAt });
    return { claimed: true as const };
  }
  async complete(scope: string, key: string, response: StoredResponse, expiresAt: string): Promise<void> {
    const record = this.records.get(`${scope}\u0000${key}`);
    if (!record) return;
    record.response = { ...response, headers: { ...response.headers } };
    record.expires_at = expiresAt;
  }
  /** None: pending claims die with the process that made them. */
  async releaseAbandoned(): Promise<number> {
    return 0;
  }
  async abandon(scope: string, key: string): Promise<void> {
    this.records.delete(`${scope}\u0000${key}`);
  }
  async purge(now: string): Promise<number> {
    let n = 0;
    for (const [id, record] of this.records) if (record.expires_at <= now && this.records.delete(id)) n++;
    return n;
  }
}

class MemoryDemo implements DemoStore {
  private readonly counts = new Map<string, number>();

  async reserve(client: string, day: string, limit: number) {
    const id = `${day}\u0000${client}`;
    const used = this.counts.get(id) ?? 0;
    if (used >= limit) return { ok: false, used };
    this.counts.set(id, used + 1);
    return { ok: true, used: used + 1 };
  }
  async unreserve(client: string, day: string): Promise<void> {
    const id = `${day}\u0000${client}`;
    const used = this.counts.get(id) ?? 0;
    if (used > 0) this.counts.set(id, used - 1);
  }
  /** Nothing to record: reservations die with the process that made them. */
  async confirm(): Promise<void> {}
  async releaseAbandoned(): Promise<number> {
    return 0;
  }
  async purge(day: string): Promise<number> {
    let n = 0;
    for (const id of this.counts.keys()) if (id.slice(0, id.indexOf('\u0000')) < day && this.counts.delete(id)) n++;
    return n;
  }
}

class MemoryImages implements ImageStore {
  private readonly images = new Map<string, Uint8Array>();
  async put(sha256: string, png: Uint8Array): Promise<void> {
    this.images.set(sha256, png);
  }
  async get(sha256: string): Promise<Uint8Array | null> {
    return this.images.get(sha256) ?? null;
  }
}

const isFinal = (status: JobStatus) => status === 'succeeded' || status === 'failed';

class MemoryJobs implements JobStore {
  // Map order is insertion order, the tie-break of unfinished() for jobs created in the same instant.
  private readonly jobs = new Map<string, JobRecord>();
  private readonly photos = new Map<string, Uint8Array>();
  async create(job: JobRecord, photo: Uint8Array | null = null): Promise<void> {
    this.jobs.set(job.job_id, { ...job });
    // A copy, so a caller reusing its buffer cannot change what a resumed job renders.
    if (photo) this.photos.set(job.job_id, photo.slice());
  }
  async get(jobId: string): Promise<JobRecord | null> {
    const job = this.jobs.get(jobId);
    return job ? { ...job } : null;
  }
  async update(jobId: string, status: JobStatus, result: string | null, at: string): Promise<boolean> {
    const job = this.jobs.get(jobId);
    if (!job || isFinal(job.status)) return false;
    Object.assign(job, { status, result, updated_at: at });
    if (isFinal(status)) this.photos.delete(jobId);
    return true;
  }
  /** Jobs by state (for ServiceStore.stats). */
  countByStatus(): Record<JobStatus, number> {
    const counts: Record<JobStatus, number> = { queued: 0, running: 0, succeeded: 0, failed: 0 };
    for (const j of this.jobs.values()) counts[j.status]++;
    return counts;
  }
  async unfinished(): Promise<UnfinishedJob[]> {
    const open = [...this.jobs.values()].filter((j) => !isFinal(j.status));
    // Array.prototype.sort is stable, so equal created_at keep insertion order.
    open.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
    return open.map((j) => {
      const photo = this.photos.get(j.job_id);
      return { ...j, photo: photo ? photo.slice() : null };
    });
  }
}

/** Options of {@link memoryStore}. */
interface MemoryStoreOptions {
  /** Instance part of the owner id recorded on holds; default `hostname:pid`. */
  instanceId?: string;
}

/**
 * Creates an empty in-memory store (lost when the process ends).
 * @example await memoryStore().wallets.balance('key_x') // => null
 */
export function memoryStore(options: MemoryStoreOptions = {}): ServiceStore {
  const wallets = new MemoryWallets(options.instanceId);
  const jobs = new MemoryJobs();
  return {
    keys: new MemoryKeys(),
    wallets,
    idempotency: new MemoryIdempotency(),
    demo: new MemoryDemo(),
    rateLimits: new MemoryRateLimits(),
    images: new MemoryImages(),
    jobs,
    stats: async () => ({ holds_open: wallets.openHoldCount(), jobs: jobs.countByStatus() }),
    close: () => {},
  };
}

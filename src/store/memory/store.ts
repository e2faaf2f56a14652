/**
 * @module The in-memory service store: the library default and the model the SQLite store is
 * tested against. Single-threaded JavaScript makes every method atomic.
 */
import type {
  DemoStore, HoldOutcome, IdempotencyRecord, IdempotencyStore, ImageStore, JobRecord, JobStatus, JobStore, KeyRecord, KeyStore,
  LedgerEntry, OpenHold, ServiceStore, SettleOutcome, StoredResponse, TopupOutcome, UnfinishedJob, WalletStore,
} from '../ports.js';
import { assertCredits, MAX_WALLET_CREDITS } from '../ports.js';
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
    if (this.byIdMap.has(record.id) || this.byHashMap.has(record.hash)) throw new Error(`key ${record.id} already exists`);
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

interface Hold {
  wallet_id: string;
  amount: number;
  note: string | null;
  created_at: string;
  expires_at: string;
  owner: string;
  settled: boolean;
}

class MemoryWallets implements WalletStore {
  readonly owner: string;
  private readonly balances = new Map<string, number>();
  private readonly held = new Map<string, number>();
  private readonly entries: LedgerEntry[] = [];
  private readonly holds = new Map<number, Hold>();

  constructor(instanceId?: string) {
    this.owner = newHoldOwner(instanceId);
  }

  private append(walletId: string, kind: LedgerEntry['kind'], amount: number, holdId: number | null, note: string | null, at: string): LedgerEntry {
    const balance = this.balances.get(walletId)! + amount;
    this.balances.set(walletId, balance);
    const entry: LedgerEntry = { entry_id: this.entries.length + 1, wallet_id: walletId, kind, amount, hold_id: holdId, balance_after: balance, note, at };
    if (kind === 'hold') entry.hold_id = entry.entry_id;
    this.entries.push(entry);
    return entry;
  }

  async open(walletId: string): Promise<void> {
    if (!this.balances.has(walletId)) {
      this.balances.set(walletId, 0);
      this.held.set(walletId, 0);
    }
  }
  async topup(walletId: string, credits: number, at: string, note: string | null = null): Promise<TopupOutcome> {
    assertCredits('top-up', credits);
    const balance = this.balances.get(walletId);
    if (balance === undefined) return { ok: false, reason: 'unknown_wallet', balance: 0, held: 0 };
    const held = this.held.get(walletId)!;
    if (balance + held + credits > MAX_WALLET_CREDITS) return { ok: false, reason: 'balance_limit_exceeded', balance, held };
    return { ok: true, entry: { ...this.append(walletId, 'topup', credits, null, note, at) } };
  }
  async hold(walletId: string, credits: number, at: string, expiresAt: string, note: string | null = null): Promise<HoldOutcome> {
    assertCredits('hold', credits);
    const balance = this.balances.get(walletId);
    if (balance === undefined) return { ok: false, reason: 'unknown_wallet', balance: 0 };
    if (balance < credits) return { ok: false, reason: 'insufficient_credits', balance };
    const entry = this.append(walletId, 'hold', -credits, null, note, at);
    this.held.set(walletId, this.held.get(walletId)! + credits);
    this.holds.set(entry.entry_id, { wallet_id: walletId, amount: credits, note, created_at: at, expires_at: expiresAt, owner: this.owner, settled: false });
    return { ok: true, hold_id: entry.entry_id, balance: entry.balance_after };
  }
  private settle(holdId: number, kind: 'capture' | 'release', at: string, note: string | null): SettleOutcome {
    const hold = this.holds.get(holdId);
    if (!hold) return { ok: false, reason: 'unknown_hold' };
    if (hold.settled) return { ok: false, reason: 'already_settled' };
    hold.settled = true;
    this.held.set(hold.wallet_id, this.held.get(hold.wallet_id)! - hold.amount);
    const entry = this.append(hold.wallet_id, kind, kind === 'capture' ? 0 : hold.amount, holdId, note, at);
    return { ok: true, balance: entry.balance_after, amount: hold.amount };
  }
  async capture(holdId: number, at: string): Promise<SettleOutcome> {
    return this.settle(holdId, 'capture', at, null);
  }
  async release(holdId: number, at: string, note: string | null = null): Promise<SettleOutcome> {
    return this.settle(holdId, 'release', at, note);
  }
  async expireHolds(now: string): Promise<number> {
    let n = 0;
    for (const [id, hold] of this.holds) {
      if (!hold.settled && hold.expires_at <= now) {
        this.settle(id, 'release', now, 'expired');
        n++;
      }
    }
    return n;
  }
  async releaseAbandoned(at: string, keep: readonly number[] = []): Promise<number> {
    // Every hold of a memory store was taken by this handle, in this process: none is abandoned.
    let n = 0;
    for (const [id, hold] of this.holds) {
      if (!hold.settled && hold.owner !== this.owner && !keep.includes(id)) {
        this.settle(id, 'release', at, 'abandoned');
        n++;
      }
    }
    return n;
  }
  async balance(walletId: string): Promise<number | null> {
    return this.balances.get(walletId) ?? null;
  }
  /** Open holds of every wallet (for ServiceStore.stats). */
  openHoldCount(): number {
    let n = 0;
    for (const h of this.holds.values()) if (!h.settled) n++;
    return n;
  }
  async openHolds(walletId: string): Promise<OpenHold[]> {
    const open: OpenHold[] = [];
    for (const [id, h] of this.holds) {
      if (h.wallet_id === walletId && !h.settled) open.push({ hold_id: id, wallet_id: walletId, credits: h.amount, note: h.note, created_at: h.created_at, expires_at: h.expires_at, owner: h.owner });
    }
    return open;
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
      return { claimed: false as const, record: { fingerprint: existing.fingerprint, response: existing.response && { ...existing.response } } };
    }
    this.records.set(id, { fingerprint, response: null, expires_at: expiresAt });
    return { claimed: true as const };
  }
  async complete(scope: string, key: string, response: StoredResponse): Promise<void> {
    const record = this.records.get(`${scope}\u0000${key}`);
    if (record) record.response = { ...response, headers: { ...response.headers } };
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
export interface MemoryStoreOptions {
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

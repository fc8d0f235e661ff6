// The gateway IP blacklist as every request consults it: the enabled entries held in memory, so a
// lookup is a parse and a bisection, never a database call. The entries are loaded at start-up and
// again on every `ip-blacklist-changed` message of the invalidation bus (published by each write,
// delivered to every process). Expiry needs no message: each entry keeps its expireTime, and the
// set of rules in force is rebuilt from memory when the clock passes the earliest expiry in it.
import type { InvalidationBus } from '../cache/invalidation-bus';
import type { Clock } from '../clock';
import { type IpRule, IpRuleSet, parseIpRule } from '../net/ip-matcher';

export interface BlacklistEntry {
  rule: IpRule;
  /** Epoch milliseconds; null: permanent. */
  expiresAt: number | null;
}

/** Stored entries as the loader reads them (enabled ones only). */
export interface StoredBlacklistEntry {
  ip: string;
  expireTime: Date | null;
}

/** A reload that failed is retried by the first lookup after this long; meanwhile the previous entries stay in force. */
const RELOAD_RETRY_MS = 5_000;

export class IpBlacklistMatcher {
  private entries: readonly BlacklistEntry[] = [];
  /** The rules in force from `activeFrom` until `activeUntil` (the earliest expiry among them). */
  private active = new IpRuleSet([]);
  private activeFrom = Number.POSITIVE_INFINITY;
  private activeUntil = Number.NEGATIVE_INFINITY;
  private latest: Promise<void> = Promise.resolve();
  private retryAt: number | null = null;
  private reportFailure: (error: unknown) => void = () => {};

  constructor(
    private readonly loadEntries: () => Promise<StoredBlacklistEntry[]>,
    private readonly clock: Clock,
    bus: InvalidationBus,
  ) {
    bus.subscribe((message) => {
      if (message.kind === 'ip-blacklist-changed') void this.reload();
    }, () => void this.reload());
  }

  /** The first load; a failure is thrown (a gateway that cannot read its blacklist does not start). */
  async start(): Promise<void> {
    this.replace(await this.loadEntries());
  }

  /** Where failed reloads are reported (the app's logger). */
  onReloadFailure(report: (error: unknown) => void): void {
    this.reportFailure = report;
  }

  /** Reloads the entries; the latest reload started wins. Never rejects: a failure keeps the previous entries. */
  reload(): Promise<void> {
    const loading: Promise<void> = this.loadEntries().then(
      (stored) => {
        if (this.latest === loading) this.replace(stored);
      },
      (error: unknown) => {
        if (this.latest === loading) this.retryAt = this.clock.now() + RELOAD_RETRY_MS;
        this.reportFailure(error);
      },
    );
    this.latest = loading;
    return loading;
  }

  /** Resolves once the latest reload is in place (writers wait for it before they answer). */
  settled(): Promise<void> {
    return this.latest;
  }

  /** True when `ip` is covered by an enabled entry that has not expired. No I/O. */
  blocks(ip: string): boolean {
    const now = this.clock.now();
    if (this.retryAt !== null && now >= this.retryAt) {
      this.retryAt = null;
      void this.reload();
    }
    if (now >= this.activeUntil || now < this.activeFrom) this.activate(now);
    return this.active.matches(ip);
  }

  private replace(stored: readonly StoredBlacklistEntry[]): void {
    this.entries = stored.flatMap(({ ip, expireTime }) => {
      const rule = parseIpRule(ip);
      return rule ? [{ rule, expiresAt: expireTime?.getTime() ?? null }] : [];
    });
    this.retryAt = null;
    this.activeUntil = Number.NEGATIVE_INFINITY; // rebuilt by the next lookup
  }

  private activate(now: number): void {
    const inForce = this.entries.filter((entry) => entry.expiresAt === null || entry.expiresAt > now);
    this.active = new IpRuleSet(inForce.map((entry) => entry.rule));
    this.activeFrom = now;
    this.activeUntil = inForce.reduce((earliest, entry) => Math.min(earliest, entry.expiresAt ?? earliest), Number.POSITIVE_INFINITY);
  }
}

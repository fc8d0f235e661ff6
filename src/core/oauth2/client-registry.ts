// Partner client settings, held in memory: the bearer check on every /open-api call and the token
// endpoint read them from here, never from the database. A change published on the invalidation
// bus drops the entry everywhere; the next use reloads it.
import type { Db } from '../db/client';
import { jsonStrings } from '../db/json-values';
import type { InvalidationBus } from '../cache/invalidation-bus';
import { IpRuleSet } from '../net/ip-matcher';

export interface ClientSettings {
  id: number;
  clientId: string;
  secretHash: string;
  enabled: boolean;
  grantTypes: ReadonlySet<string>;
  scopes: readonly string[];
  accessTokenValiditySeconds: number;
  /** Empty set: no restriction. */
  ipWhitelist: IpRuleSet;
  /** Requests per second; 0 = no limit. */
  rateLimitQps: number;
  /** The one tenant the client serves: its tokens are issued there. */
  tenantId: number;
}

/** Unknown ids are remembered briefly so a flood of bad client ids cannot reach the database. */
const UNKNOWN_CLIENT_TTL_MS = 60_000;
const MAX_UNKNOWN = 10_000;

export class ClientRegistry {
  private readonly known = new Map<string, ClientSettings>();
  private readonly unknownUntil = new Map<string, number>();
  private readonly loading = new Map<string, Promise<ClientSettings | null>>();

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    bus: InvalidationBus,
  ) {
    bus.subscribe((message) => {
      if (message.kind === 'client-changed') this.forget(message.clientId);
    }, () => {
      this.known.clear();
      this.unknownUntil.clear();
    });
  }

  /** The cached settings, or undefined when they must be loaded (see `get`). */
  peek(clientId: string): ClientSettings | null | undefined {
    const settings = this.known.get(clientId);
    if (settings) return settings;
    const until = this.unknownUntil.get(clientId);
    if (until !== undefined && until > this.now()) return null;
    return undefined;
  }

  async get(clientId: string): Promise<ClientSettings | null> {
    const cached = this.peek(clientId);
    if (cached !== undefined) return cached;
    let pending = this.loading.get(clientId);
    if (!pending) {
      pending = this.load(clientId).finally(() => this.loading.delete(clientId));
      this.loading.set(clientId, pending);
    }
    return pending;
  }

  private forget(clientId: string): void {
    this.known.delete(clientId);
    this.unknownUntil.delete(clientId);
  }

  private async load(clientId: string): Promise<ClientSettings | null> {
    const record = await this.db.oAuth2Client.findUnique({ where: { clientId } });
    if (!record) {
      if (this.unknownUntil.size >= MAX_UNKNOWN) this.unknownUntil.clear();
      this.unknownUntil.set(clientId, this.now() + UNKNOWN_CLIENT_TTL_MS);
      return null;
    }
    const settings: ClientSettings = {
      id: record.id,
      clientId: record.clientId,
      secretHash: record.secretHash,
      enabled: record.status === 0,
      grantTypes: new Set(jsonStrings(record.authorizedGrantTypes)),
      scopes: jsonStrings(record.scopes),
      accessTokenValiditySeconds: record.accessTokenValiditySeconds,
      // Entries were validated on save; an invalid one left in the database matches nothing.
      ipWhitelist: IpRuleSet.fromList(record.ipWhitelist).set,
      rateLimitQps: record.rateLimitQps,
      tenantId: record.tenantId,
    };
    this.known.set(clientId, settings);
    return settings;
  }
}

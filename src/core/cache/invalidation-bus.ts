// Caches in this process learn of changes made anywhere through this bus: in-process delivery when
// the service runs alone, Redis pub/sub when several processes share a database (REDIS_URL).
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export type InvalidationMessage =
  | { kind: 'token-revoked'; accessTokens: string[] }
  | { kind: 'client-changed'; clientId: string }
  | { kind: 'tenant-changed'; tenantId: number }
  /** Roles, role menus, user roles or user status of a tenant changed; tenantId null: menus or packages, every tenant. */
  | { kind: 'permissions-changed'; tenantId: number | null }
  /** A tenant's sensitive words changed: its compiled matcher is rebuilt on next use. */
  | { kind: 'sensitive-words-changed'; tenantId: number }
  /** Error-message overrides changed: every process reloads them. */
  | { kind: 'error-messages-changed' }
  /** Gateway IP blacklist entries changed: every process rebuilds its matcher. */
  | { kind: 'ip-blacklist-changed' }
  /** A partner binding was created or removed: processes forget what they resolved for it. */
  | { kind: 'binding-changed'; partnerClientId: string; externalUserId: string };

export type InvalidationHandler = (message: InvalidationMessage) => void;

export interface InvalidationBus {
  /** Delivers to this process at once, and to the others as fast as the transport allows. */
  publish(message: InvalidationMessage): Promise<void>;
  subscribe(handler: InvalidationHandler): void;
  close(): Promise<void>;
}

export class LocalInvalidationBus implements InvalidationBus {
  protected readonly handlers: InvalidationHandler[] = [];

  subscribe(handler: InvalidationHandler): void {
    this.handlers.push(handler);
  }

  protected deliver(message: InvalidationMessage): void {
    for (const handler of this.handlers) handler(message);
  }

  async publish(message: InvalidationMessage): Promise<void> {
    this.deliver(message);
  }

  async close(): Promise<void> {}
}

export class RedisInvalidationBus extends LocalInvalidationBus {
  private readonly origin = randomUUID();
  private readonly subscriber: Redis;

  private constructor(
    private readonly publisher: Redis,
    private readonly channel: string,
  ) {
    super();
    this.subscriber = publisher.duplicate();
  }

  /**
   * `publisher` is a connection the caller owns; the bus opens (and closes) its own subscriber.
   * `database` (databaseIdentity) names the channel: only processes over the same database hear
   * each other, even when other deployments (or other test databases) share the Redis.
   */
  static async connect(publisher: Redis, database: string): Promise<RedisInvalidationBus> {
    const bus = new RedisInvalidationBus(publisher, `openbuy:invalidate:${database}`);
    bus.subscriber.on('message', (_channel: string, text: string) => {
      const envelope = JSON.parse(text) as { origin: string; message: InvalidationMessage };
      if (envelope.origin !== bus.origin) bus.deliver(envelope.message);
    });
    if (bus.subscriber.status === 'wait') await bus.subscriber.connect(); // lazyConnect is inherited
    await bus.subscriber.subscribe(bus.channel);
    return bus;
  }

  override async publish(message: InvalidationMessage): Promise<void> {
    this.deliver(message);
    await this.publisher.publish(this.channel, JSON.stringify({ origin: this.origin, message }));
  }

  override async close(): Promise<void> {
    await this.subscriber.quit();
  }
}

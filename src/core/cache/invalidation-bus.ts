// Caches in this process learn of changes made anywhere through this bus: in-process delivery when
// the service runs alone, Redis pub/sub when several processes share a database (REDIS_URL).
// Pub/sub loses what is published while a subscriber is disconnected, so every cache also says how
// it resynchronises (`resync`): the Redis bus calls it when its subscriber reconnects, when a peer
// reports that it could not publish, and every `maxAgeMs` in any case, which bounds the age of every
// cached entry even when a message is lost without anyone noticing.
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { ServiceLogger } from '../logger';
import { closeRedis, type RedisCircuit, watchRedisConnection } from './redis';

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
  | { kind: 'binding-changed'; partnerClientId: string; externalUserId: string }
  /** A catalog goods or its SKUs changed (import, prices): processes forget its detail. */
  | { kind: 'goods-changed'; source: number; goodsId: string }
  /** A currency was created, changed or deleted: processes reload the currencies (a few rows, read whole). */
  | { kind: 'currencies-changed' }
  /** A rate policy of the tenant was created, changed or deleted: processes reload the tenant's enabled policies. */
  | { kind: 'rate-policies-changed'; tenantId: number }
  /** A webhook endpoint of the partner was created, changed, enabled, disabled or deleted: processes forget its endpoints. */
  | { kind: 'webhook-endpoints-changed'; tenantId: number; partnerClientId: string };

export type InvalidationHandler = (message: InvalidationMessage) => void;
/** Messages may have been missed: forget (or reload) everything cached. */
export type ResyncHandler = () => void;

export interface InvalidationBus {
  /**
   * Delivers to this process at once, and to the others as fast as the transport allows. Never
   * rejects: the change it announces is already stored, and peers that miss it resynchronise.
   */
  publish(message: InvalidationMessage): Promise<void>;
  /** Every cache registers both: what a message drops, and how it resynchronises when messages may have been lost. */
  subscribe(handler: InvalidationHandler, resync: ResyncHandler): void;
  close(): Promise<void>;
}

export class LocalInvalidationBus implements InvalidationBus {
  private readonly handlers: InvalidationHandler[] = [];
  private readonly resyncHandlers: ResyncHandler[] = [];

  subscribe(handler: InvalidationHandler, resync: ResyncHandler): void {
    this.handlers.push(handler);
    this.resyncHandlers.push(resync);
  }

  protected deliver(message: InvalidationMessage): void {
    for (const handler of this.handlers) handler(message);
  }

  /** Tells every cache of this process to resynchronise. */
  resync(): void {
    for (const resync of this.resyncHandlers) resync();
  }

  async publish(message: InvalidationMessage): Promise<void> {
    this.deliver(message);
  }

  async close(): Promise<void> {}
}

/** Default of RedisInvalidationBusOptions.maxAgeMs, in seconds (config CACHE_MAX_AGE_SECONDS). */
export const DEFAULT_CACHE_MAX_AGE_SECONDS = 30;

/** On the wire: a change, or a peer's request that everyone resynchronise (it could not publish for a while). */
type Envelope = { origin: string; message: InvalidationMessage } | { origin: string; resync: true };

export interface RedisInvalidationBusOptions {
  /** The channel (named through redisName, so REDIS_PREFIX and the database keep deployments apart). */
  channel: string;
  /** Every cache resynchronises at least this often, whatever Redis does: the longest a lost message can leave an entry stale. */
  maxAgeMs: number;
  logger: ServiceLogger;
}

export class RedisInvalidationBus extends LocalInvalidationBus {
  private readonly origin = randomUUID();
  private readonly subscriber: Redis;
  private readonly timer: NodeJS.Timeout;
  /** A publish failed: once the publisher is back, peers are asked to resynchronise. */
  private peersMissedMessages = false;

  private constructor(
    private readonly publisher: RedisCircuit,
    private readonly options: RedisInvalidationBusOptions,
  ) {
    super();
    this.subscriber = publisher.client.duplicate();
    this.timer = setInterval(() => this.resync(), options.maxAgeMs);
    this.timer.unref();
  }

  /** `publisher` is a connection the caller owns; the bus opens (and closes) its own subscriber. */
  static async connect(publisher: RedisCircuit, options: RedisInvalidationBusOptions): Promise<RedisInvalidationBus> {
    const bus = new RedisInvalidationBus(publisher, options);
    const { subscriber } = bus;
    watchRedisConnection(subscriber, 'invalidation subscriber', options.logger);
    subscriber.on('message', (_channel: string, text: string) => bus.receive(text));
    if (subscriber.status === 'wait') await subscriber.connect(); // lazyConnect is inherited
    await subscriber.subscribe(options.channel);
    // From now on each 'ready' is a reconnect (ioredis resubscribes by itself): what was published
    // meanwhile is lost.
    subscriber.on('ready', () => bus.resync());
    // A publish that failed opened the publisher's circuit: once it closes, peers hear of the loss.
    publisher.onRecovered(() => void bus.askPeersToResync());
    return bus;
  }

  override async publish(message: InvalidationMessage): Promise<void> {
    this.deliver(message);
    await this.send({ origin: this.origin, message });
  }

  override async close(): Promise<void> {
    clearInterval(this.timer);
    await closeRedis(this.subscriber);
  }

  private receive(text: string): void {
    const envelope = JSON.parse(text) as Envelope;
    if (envelope.origin === this.origin) return;
    if ('resync' in envelope) this.resync();
    else this.deliver(envelope.message);
  }

  private async askPeersToResync(): Promise<void> {
    if (this.peersMissedMessages) await this.send({ origin: this.origin, resync: true });
  }

  private async send(envelope: Envelope): Promise<void> {
    try {
      await this.publisher.run((client) => client.publish(this.options.channel, JSON.stringify(envelope)));
    } catch (error) {
      this.peersMissedMessages = true;
      this.options.logger.warn({ reason: (error as Error).message }, 'invalidation not published; peers resynchronise when redis is back');
      return;
    }
    if ('resync' in envelope) this.peersMissedMessages = false;
    else await this.askPeersToResync();
  }
}

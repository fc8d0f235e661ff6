// The composition root of the domain: every service, built once per process over one database,
// with Redis (when configured) for what several processes must share.
import { Redis } from 'ioredis';
import { type InvalidationBus, LocalInvalidationBus, RedisInvalidationBus } from './cache/invalidation-bus';
import type { Clock } from './clock';
import type { Database } from './db/client';
import { ClientRegistry } from './oauth2/client-registry';
import { OAuth2ClientService } from './oauth2/oauth2-client-service';
import { PartnerAuth } from './oauth2/partner-auth';
import { TokenService } from './oauth2/token-service';
import { VerifiedSecretCache } from './oauth2/verified-secret-cache';
import { MemoryRateLimiter } from './ratelimit/memory-rate-limiter';
import type { RateLimiter } from './ratelimit/rate-limiter';
import { RedisRateLimiter } from './ratelimit/redis-rate-limiter';
import { TenantDirectory } from './tenant/tenant-directory';

export interface CoreOptions {
  database: Database;
  clock: Clock;
  /** Shared state (rate limits, cache invalidation) goes to Redis when set. */
  redisUrl?: string;
}

export interface Core {
  database: Database;
  clock: Clock;
  bus: InvalidationBus;
  tokens: TokenService;
  clients: ClientRegistry;
  oauth2Clients: OAuth2ClientService;
  tenants: TenantDirectory;
  partnerAuth: PartnerAuth;
  /** Closes Redis connections; the database belongs to the caller. */
  close(): Promise<void>;
}

export async function createCore(options: CoreOptions): Promise<Core> {
  const { database, clock } = options;
  const now = () => clock.now();
  let redis: Redis | undefined;
  let bus: InvalidationBus;
  let rateLimiter: RateLimiter;
  if (options.redisUrl) {
    // Fail fast rather than queue: a request waiting on a dead Redis helps nobody.
    redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
    await redis.connect();
    bus = await RedisInvalidationBus.connect(redis);
    rateLimiter = new RedisRateLimiter({ redis, now });
  } else {
    bus = new LocalInvalidationBus();
    rateLimiter = new MemoryRateLimiter({ now });
  }
  const tokens = new TokenService(database.db, now, bus);
  const clients = new ClientRegistry(database.db, now, bus);
  const tenants = new TenantDirectory(database.db, bus);
  const partnerAuth = new PartnerAuth({ clients, tokens, tenants, secrets: new VerifiedSecretCache(), rateLimiter, now });
  return {
    database,
    clock,
    bus,
    tokens,
    clients,
    oauth2Clients: new OAuth2ClientService(database.db, bus),
    tenants,
    partnerAuth,
    close: async () => {
      await bus.close();
      await redis?.quit();
    },
  };
}

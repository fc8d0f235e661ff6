// Redis as the service uses it: one way to connect (fail fast while Redis is away, reconnect forever
// in the background), one way to send commands (through a circuit breaker, so a Redis that stalls
// costs one command time-out, not one per request), and one way to name keys and channels
// (REDIS_PREFIX first, so deployments or test runs sharing a Redis share nothing).
import { Redis, type RedisOptions, ReplyError } from 'ioredis';
import type { ServiceLogger } from '../logger';

/** REDIS_PREFIX unless configured: keys read `openbuy:ratelimit:...`, channels `openbuy:invalidate:...`. */
export const DEFAULT_REDIS_PREFIX = 'openbuy:';

/** The name of a key, key prefix or channel: every name the service gives Redis goes through here. */
export function redisName(prefix: string, name: string): string {
  return prefix + name;
}

/** A command answers within this time or fails (a stalled Redis must not stall requests). */
const COMMAND_TIMEOUT_MS = 1_000;
/** While the circuit is open, a PING is tried this often (in the background) to close it. */
const PROBE_INTERVAL_MS = 500;
/** Reconnect attempts back off up to this pause, and never stop. */
const MAX_RECONNECT_PAUSE_MS = 2_000;

const FAIL_FAST: RedisOptions = {
  // No queue while disconnected and one retry: a command fails at once instead of waiting for Redis.
  enableOfflineQueue: false,
  maxRetriesPerRequest: 1,
  commandTimeout: COMMAND_TIMEOUT_MS,
  connectTimeout: 2 * COMMAND_TIMEOUT_MS,
  retryStrategy: (attempt) => Math.min(attempt * 200, MAX_RECONNECT_PAUSE_MS),
  lazyConnect: true,
};

/**
 * Logs the loss and the return of a connection once each (not every reconnect attempt). Without an
 * `error` listener ioredis would print every failed attempt to stderr.
 */
export function watchRedisConnection(redis: Redis, role: string, logger: ServiceLogger): void {
  let lost = false;
  redis.on('error', (error: Error) => {
    if (lost) return;
    lost = true;
    logger.warn({ role, reason: error.message }, 'redis unreachable; reconnecting in the background');
  });
  redis.on('ready', () => {
    if (!lost) return;
    lost = false;
    logger.info({ role }, 'redis reachable again');
  });
}

/** What a command sent through an open circuit fails with (at once, without reaching Redis). */
export class RedisCircuitOpenError extends Error {
  override readonly name = 'RedisCircuitOpenError';

  constructor() {
    super('redis circuit open: commands fail at once until redis answers a probe');
  }
}

/**
 * A Redis client behind a circuit breaker. ioredis already fails a command at once while the
 * connection is down (no offline queue), but a Redis that keeps the connection and stops answering
 * (paused, overloaded, a half-open network path) would cost every command its full time-out. So the
 * first command that fails other than by a Redis error reply opens the circuit: from then on every
 * command fails at once (each feature takes its outage behaviour, README "When PostgreSQL or Redis
 * is down"), and a PING in the background closes it again once Redis answers, telling
 * `onRecovered` listeners (the invalidation bus resynchronises peers then).
 */
export class RedisCircuit {
  private open = false;
  private closing = false;
  private probeTimer: NodeJS.Timeout | undefined;
  private readonly recoveredListeners: Array<() => void> = [];

  constructor(
    readonly client: Redis,
    private readonly logger: ServiceLogger,
  ) {
    // A reconnect is worth probing at once rather than at the next interval.
    client.on('ready', () => {
      if (this.open) void this.probe();
    });
  }

  /** False from a failed command until a probe is answered. */
  get up(): boolean {
    return !this.open;
  }

  /** Sends `command` unless the circuit is open (then RedisCircuitOpenError at once); a failure opens it. */
  async run<T>(command: (client: Redis) => Promise<T>): Promise<T> {
    if (this.open) throw new RedisCircuitOpenError();
    try {
      return await command(this.client);
    } catch (error) {
      // An error reply is Redis answering (a script error, a wrong type): it says nothing of reachability.
      if (!(error instanceof ReplyError)) this.trip(error as Error);
      throw error;
    }
  }

  /** Called each time the circuit closes again (messages sent meanwhile were lost). */
  onRecovered(listener: () => void): void {
    this.recoveredListeners.push(listener);
  }

  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.probeTimer);
    if (this.open) this.client.disconnect(); // a QUIT to a stalled Redis would wait its time-out
    else await closeRedis(this.client);
  }

  private trip(error: Error): void {
    if (this.open || this.closing) return;
    this.open = true;
    this.logger.warn({ reason: error.message }, 'redis circuit open: redis-backed features take their outage behaviour until it answers again');
    this.scheduleProbe();
  }

  private scheduleProbe(): void {
    this.probeTimer = setTimeout(() => void this.probe(), PROBE_INTERVAL_MS);
    this.probeTimer.unref();
  }

  private async probe(): Promise<void> {
    try {
      await this.client.ping();
    } catch {
      if (this.closing || !this.open) return;
      clearTimeout(this.probeTimer); // one probe pending at most, whichever failed last
      this.scheduleProbe();
      return;
    }
    if (this.closing || !this.open) return; // closed meanwhile by another probe
    clearTimeout(this.probeTimer);
    this.open = false;
    this.logger.info({}, 'redis circuit closed: redis answers again');
    for (const listener of this.recoveredListeners) listener();
  }
}

/** A connected client (start-up needs Redis); later outages make commands fail fast until it is back. */
export async function connectRedis(url: string, logger: ServiceLogger): Promise<RedisCircuit> {
  const redis = new Redis(url, FAIL_FAST);
  watchRedisConnection(redis, 'commands', logger);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect(); // no reconnect loop behind a start-up that failed
    throw error;
  }
  return new RedisCircuit(redis, logger);
}

/** Closes politely when Redis answers, at once when it does not (quit would wait for a dead server). */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
  else redis.disconnect();
}

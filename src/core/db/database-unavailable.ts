// Errors that mean "the database cannot be reached right now" (server down, restarting, connection
// dropped or timed out), as opposed to a fault of the statement: on PostgreSQL through adapter-pg,
// and from Prisma itself. They are answered 503 (service-unavailable.ts), never 500.
import { Prisma } from './client';

/** Prisma's codes for an unreachable server, a timed-out connection or pool, a closed connection. */
const PRISMA_UNREACHABLE_CODES = new Set(['P1001', 'P1002', 'P1017', 'P2024']);
/**
 * Prisma's P2028 (interactive transaction API) when the transaction ran out of time: it did not start
 * within maxWait (every pooled connection busy), or a slow statement outlived its 5 s; either way it
 * is rolled back whole. P2028's other messages (a transaction used after its end) are bugs.
 */
const PRISMA_TRANSACTION_TIMED_OUT = /expired transaction|Unable to start a transaction in the given time/;
/** adapter-pg's mapped kinds for the same faults. */
const ADAPTER_UNREACHABLE_KINDS = new Set(['DatabaseNotReachable', 'ConnectionClosed', 'SocketTimeout', 'TooManyConnections']);
/**
 * SQLSTATE class 08 (connection exception), 57P01-57P03 (shutdown, crash, starting up), 53300 (too
 * many connections), and the pool's time limits (adapters.ts): 57014 statement cancelled (statement
 * timeout), 55P03 lock not available (lock timeout), 25P03 idle in transaction too long. Each leaves
 * the transaction rolled back whole, so the request can be retried like an outage.
 */
const POSTGRES_UNAVAILABLE_STATE = /^(08|57P0[123]$|53300$|57014$|55P03$|25P03$)/;
/** node-postgres' own messages for a connection that broke or never came (they carry no code). */
const PG_CONNECTION_MESSAGES = /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Connection terminated unexpectedly)/;
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);

interface AdapterCause {
  kind?: string;
  code?: string;
}

function adapterCause(meta: unknown): AdapterCause | undefined {
  const adapterError = (meta as { driverAdapterError?: { cause?: AdapterCause } } | undefined)?.driverAdapterError;
  return adapterError?.cause;
}

function isUnavailableCause(cause: AdapterCause | undefined): boolean {
  if (!cause?.kind) return false;
  if (ADAPTER_UNREACHABLE_KINDS.has(cause.kind)) return true;
  return cause.kind === 'postgres' && typeof cause.code === 'string' && POSTGRES_UNAVAILABLE_STATE.test(cause.code);
}

export function isDatabaseUnavailable(error: unknown): boolean {
  // Walks the cause chain: the driver's error may arrive wrapped once or twice.
  for (let current = error, depth = 0; current instanceof Error && depth < 5; current = current.cause, depth++) {
    if (current instanceof Prisma.PrismaClientInitializationError) return true;
    if (current instanceof Prisma.PrismaClientKnownRequestError) {
      if (PRISMA_UNREACHABLE_CODES.has(current.code) || isUnavailableCause(adapterCause(current.meta))) return true;
      if (current.code === 'P2028' && PRISMA_TRANSACTION_TIMED_OUT.test(current.message)) return true;
      continue;
    }
    if (current.name === 'DriverAdapterError' && isUnavailableCause((current as Error & { cause?: AdapterCause }).cause)) return true;
    const code = (current as Error & { code?: unknown }).code;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || POSTGRES_UNAVAILABLE_STATE.test(code))) return true;
    if (PG_CONNECTION_MESSAGES.test(current.message)) return true;
  }
  return false;
}

import { describe, expect, it } from 'vitest';
import { describeError } from '../errors/describe-error';
import { Prisma } from './client';
import { isDatabaseUnavailable } from './database-unavailable';

const known = (code: string, cause?: object, message = 'failed') =>
  new Prisma.PrismaClientKnownRequestError(message, { code, clientVersion: 'test', meta: cause ? { driverAdapterError: { name: 'DriverAdapterError', cause } } : undefined });
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect', errno: -111 });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['Prisma: server unreachable', known('P1001', { kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 })],
    ['Prisma: pool timed out', known('P2024')],
    ['raw query: admin shutdown (57P01)', known('P2010', { kind: 'postgres', code: '57P01', severity: 'FATAL', message: 'terminating connection' })],
    ['raw query: starting up (57P03)', known('P2010', { kind: 'postgres', code: '57P03', severity: 'FATAL', message: 'the database system is starting up' })],
    ['connection exception (08006)', known('P2010', { kind: 'postgres', code: '08006', severity: 'ERROR', message: 'connection failure' })],
    ['connection closed', known('P2010', { kind: 'ConnectionClosed' })],
    ['statement time-out (57014)', known('P2010', { kind: 'postgres', code: '57014', severity: 'ERROR', message: 'canceling statement due to statement timeout' })],
    ['lock time-out (55P03)', known('P2010', { kind: 'postgres', code: '55P03', severity: 'ERROR', message: 'canceling statement due to lock timeout' })],
    ['idle in transaction too long (25P03)', known('P2010', { kind: 'postgres', code: '25P03', severity: 'FATAL', message: 'terminating connection due to idle-in-transaction timeout' })],
    ['SQLite busy beyond busy_timeout', known('P2010', { kind: 'SocketTimeout' })],
    ['node-postgres: broken client', new Error('Client has encountered a connection error and is not queryable')],
    ['node-postgres: terminated', new Error('Connection terminated unexpectedly')],
    ['node-postgres: connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a refused socket, wrapped', new Error('query failed', { cause: socketError('ECONNREFUSED') })],
    ['transaction expired (P2028)', known('P2028', undefined, 'Transaction API error: A query cannot be executed on an expired transaction. The timeout for this transaction was 5000 ms')],
    ['transaction not started within maxWait (P2028)', known('P2028', undefined, 'Transaction API error: Unable to start a transaction in the given time.')],
    ['Prisma: initialisation', new Prisma.PrismaClientInitializationError("Can't reach database server", 'test')],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(describeError(error, 'req-1')).toMatchObject({
      code: 503,
      httpStatus: 503,
      message: 'Service unavailable: database unreachable',
      headers: { 'Retry-After': '5' },
      unexpected: false,
    });
  });

  it.each([
    ['a unique violation', known('P2002', { kind: 'UniqueConstraintViolation' })],
    ['a syntax error', known('P2010', { kind: 'postgres', code: '42601', severity: 'ERROR', message: 'syntax error' })],
    ['a transaction used after it ended (P2028)', known('P2028', undefined, 'Transaction API error: Transaction not found.')],
    ['a plain bug', new Error('undefined is not a function')],
    ['not an error', 'text'],
  ])('not for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

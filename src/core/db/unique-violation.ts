// A broken unique constraint: Prisma reports it as P2002 on both providers (driver adapters
// included), a raw statement through the client ($queryRaw) as P2010 carrying the adapter's error,
// a statement on the driver (raw-sql.ts) as the adapter's UniqueConstraintViolation itself.
// Callers know which constraint their statement can break, so the kind alone is enough.
import { Prisma } from './client';
import { isDriverError } from './raw-sql';

export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError) {
    return error.code === 'P2002' || (error.code === 'P2010' && isDriverError(error.meta?.driverAdapterError, 'UniqueConstraintViolation'));
  }
  return isDriverError(error, 'UniqueConstraintViolation');
}

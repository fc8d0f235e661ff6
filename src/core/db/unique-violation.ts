// A broken unique constraint: Prisma reports it as P2002 on both providers (driver adapters
// included), a statement on the driver (raw-sql.ts) as the adapter's UniqueConstraintViolation.
// Callers know which constraint their statement can break, so the kind alone is enough.
import { Prisma } from './client';
import { isDriverError } from './raw-sql';

export function isUniqueViolation(error: unknown): boolean {
  return (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') || isDriverError(error, 'UniqueConstraintViolation');
}

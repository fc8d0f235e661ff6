// Prisma reports a broken unique constraint as P2002 on both providers (driver adapters included).
// Callers know which constraint their statement can break, so the code alone is enough.
import { Prisma } from './client';

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002';
}

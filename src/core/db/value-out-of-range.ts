// PostgreSQL refuses a number outside its column's type (an Int64 argument above 2^31 - 1 against a
// 32-bit id column) with P2020, where SQLite simply finds nothing. It is the caller's input that is
// wrong, so it is answered as a bad request, never as a server fault.
import { Prisma } from './client';

export function isValueOutOfRange(error: unknown): boolean {
  return error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2020';
}

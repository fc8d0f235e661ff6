// The scalars of the administration schema. GraphQL's Int is 32-bit, so every int64 field of
// interface.md uses Int64: a JSON number when it is a safe integer, or a string of digits, so no
// client loses precision; values arrive in resolvers as numbers (ids are database integers).
import { GraphQLScalarType, Kind } from 'graphql';
import { DateTimeISOResolver } from 'graphql-scalars';

function toInt64(value: unknown): number {
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isSafeInteger(number)) {
    throw new TypeError(`Int64 must be an integer within ±${Number.MAX_SAFE_INTEGER}, got ${JSON.stringify(value)}`);
  }
  return number;
}

export const Int64 = new GraphQLScalarType<number, number>({
  name: 'Int64',
  description: 'A 64-bit integer: a JSON number (safe integers) or a string of digits.',
  serialize: toInt64,
  parseValue: toInt64,
  parseLiteral(ast) {
    if (ast.kind === Kind.INT || ast.kind === Kind.STRING) return toInt64(ast.value);
    throw new TypeError('Int64 must be an integer or a string of digits');
  },
});

/** ISO 8601 date-time with offset on input; UTC on output. */
export const DateTime = DateTimeISOResolver;

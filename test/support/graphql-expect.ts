// Expectations on /graphql answers that console tests share.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { errorCode, graphql } from './admin';

/** The data of a call that must succeed (no errors). */
export async function expectData<T>(app: FastifyInstance, token: string, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const answer = await graphql<T>(app, query, { token, variables });
  expect(answer.errors).toBeUndefined();
  return answer.data!;
}

/** An operation, its variables, and the permission it needs. */
export type GuardedCall = readonly [query: string, variables: Record<string, unknown>, permission: string];

/** Each call, made with the token of an administrator lacking its permission, is refused 403 naming that permission. */
export async function expectPermissionRefusals(app: FastifyInstance, token: string, calls: readonly GuardedCall[]): Promise<void> {
  for (const [query, variables, permission] of calls) {
    const answer = await graphql(app, query, { token, variables });
    expect(errorCode(answer), permission).toBe(403);
    expect(answer.errors![0]!.message).toContain(permission);
  }
}

// Staff clients of /trpc for warehouse, bag and lifecycle tests: the typed client on the test app's
// real port, signed in as the seeded administrator, an administrator holding only some permissions,
// or a super administrator of another tenant.
import { TRPCClientError } from '@trpc/client';
import { expect } from 'vitest';
import { createClient } from '../../src/trpc/client';
import type { AppRouter } from '../../src/trpc/router';
import type { TestAppHandle } from './app';
import { createAdmin, createTenant, issuedAdminToken } from './admin';

export type OpsClient = ReturnType<typeof createClient>;

export interface CallFailure {
  code: string;
  serviceCode: number;
  message: string;
}

/** The tRPC error code, service code and message of a call that must fail. */
export async function failure(call: Promise<unknown>): Promise<CallFailure> {
  const error = await call.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(TRPCClientError);
  const { data, message } = error as TRPCClientError<AppRouter>;
  return { code: data?.code as string, serviceCode: data?.serviceCode as number, message };
}

/** A client of an administrator of the system tenant holding only `permissions`. */
export async function clientWith(test: TestAppHandle, url: string, permissions: readonly string[]): Promise<OpsClient> {
  const admin = await createAdmin(test.core, { permissions });
  return createClient(url, await issuedAdminToken(test.core, admin));
}

/** A client of a super administrator of a new tenant, and that tenant's id. */
export async function otherTenantClient(test: TestAppHandle, url: string): Promise<{ client: OpsClient; tenantId: number }> {
  const tenant = await createTenant(test.db);
  const admin = await createAdmin(test.core, { tenant, superAdmin: true });
  return { client: createClient(url, await issuedAdminToken(test.core, admin)), tenantId: tenant.id };
}

/** A 1x1 PNG, for uploads. */
export const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

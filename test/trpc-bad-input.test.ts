// Every tRPC procedure of the router (so a new one is covered the day it is added), called with
// each field of its zod input at and past its extremes: none answers 500, and a refused call
// writes nothing.
import { isDeepStrictEqual } from 'node:util';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { appRouter } from '../src/trpc/router';
import { seededAdminToken } from './support/admin';
import { useTestApp } from './support/app';
import { extremeCases, type JsonSchema } from './support/extreme-inputs';

const test = useTestApp('trpc_bad_input');

interface ProcedureDefinition {
  type: 'query' | 'mutation' | 'subscription';
  inputs: z.ZodType[];
}

/** Row counts of every table an internal tool writes to. */
function writtenRows(): Promise<number[]> {
  const db = test.db;
  return Promise.all([
    db.member.count(),
    db.memberAddress.count(),
    db.walletLedger.count(),
    db.supplementBill.count(),
    db.purchaseOrderItem.count(),
    db.bagOrder.count(),
    db.qcRecord.count(),
    db.paymentOrder.count(),
  ]);
}

it('never answers 500 at the extremes of any procedure input, and writes nothing when it refuses', async () => {
  const authorization = `Bearer ${await seededAdminToken(test.core)}`;
  const failures: string[] = [];
  let cases = 0;
  for (const [path, procedure] of Object.entries(appRouter._def.procedures)) {
    const definition = (procedure as unknown as { _def: ProcedureDefinition })._def;
    const [input] = definition.inputs;
    if (!input) continue;
    const schema = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    for (const { field, value, input: values } of extremeCases(schema)) {
      const before = await writtenRows();
      const json = JSON.stringify({ json: values });
      const response =
        definition.type === 'query'
          ? await test.app.inject({ method: 'GET', url: `/trpc/${path}?input=${encodeURIComponent(json)}`, headers: { authorization } })
          : await test.app.inject({ method: 'POST', url: `/trpc/${path}`, headers: { authorization, 'content-type': 'application/json' }, payload: json });
      cases += 1;
      const where = `${path} ${field}=${JSON.stringify(value)?.slice(0, 40)}`;
      if (response.statusCode >= 500) failures.push(`${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      if (response.statusCode !== 200 && !isDeepStrictEqual(await writtenRows(), before)) failures.push(`${where}: a refused call changed rows`);
    }
  }
  expect(failures).toEqual([]);
  expect(cases).toBeGreaterThan(300);
}, 300_000);

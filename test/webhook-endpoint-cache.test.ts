// Each partner's webhook endpoints from memory (core WebhookOutbox): a partner call reads them once
// per process, and every endpoint change in the console is honoured by the very next event, here
// and, through Redis, in another process over the same database.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../src/core/core';
import { WebhookEventType } from '../src/core/webhook/event-types';
import { envelope, partnerToken, postJson, type TestApp, useTestApp } from './support/app';
import { createBoundMember, createPurchaseOrder, type MemberFixture } from './support/commerce-fixtures';
import { SEED } from './support/database';
import { TEST_REDIS_URL } from './support/environment';
import { eventually } from './support/propagation';
import { statementRecorder } from './support/statements';
import { useTwoInstances } from './support/two-instances';

const sql = statementRecorder();
// No worker here: events are fanned out by the test, and the deliveries stay as written.
const test = useTestApp('webhook_endpoint_cache', { env: { WEBHOOK_POLL_INTERVAL_MS: '0' }, databaseOptions: { onQuery: sql.onQuery } });
let token: string;
let member: MemberFixture;

beforeAll(async () => {
  token = await partnerToken(test.app);
  member = await createBoundMember(test.db, { balance: 1_000_000 });
});

async function pay(): Promise<string[]> {
  const order = await createPurchaseOrder(test.db, member);
  const { statements } = await sql.during(async () => {
    const body = envelope(await postJson(test.app, token, '/open-api/pay/wallet/pay', { externalUserId: member.externalUserId, paymentId: order.paymentId }));
    expect(body.code, body.msg).toBe(0);
  });
  return statements;
}

let probes = 0;
/** Emits one order event of the seeded partner through `core`'s outbox and fans it out there; answers the endpoints it was written for. */
async function deliveredTo(core: Core): Promise<number[]> {
  const orderingKey = `order:cache-probe-${++probes}`;
  await core.webhookOutbox.emit(test.db, [
    { tenantId: 1, partnerClientId: SEED.partnerClientId, type: WebhookEventType.PURCHASE_ORDER_PAID, orderingKey, data: {}, occurredAt: new Date() },
  ]);
  await core.webhookOutbox.fanOut(test.database);
  const rows = await test.db.webhookDelivery.findMany({ where: { tenantId: 1, orderingKey }, select: { endpointId: true }, orderBy: { endpointId: 'asc' } });
  return rows.map((row) => row.endpointId);
}

const createEndpoint = async (core: Core, eventTypes: string[] = []) =>
  (await core.webhookEndpoints.create(test.staff(), { partnerClientId: SEED.partnerClientId, url: 'http://127.0.0.1:9/hook', eventTypes })).endpoint.id;

const readsEndpoints = (statements: string[]) => statements.filter((statement) => /FROM ([`"]?\w+[`"]?\.)?[`"]?WebhookEndpoint[`"]?/.test(statement));

describe('in one process', () => {
  it('a pay reads the partner endpoints once; later pays and events take them from memory', async () => {
    await pay();
    const statements = await pay();
    expect(readsEndpoints(statements)).toEqual([]);
  });

  it('create, update, disable, enable and delete in the console are honoured by the next event', async () => {
    const { core } = test;
    expect(await deliveredTo(core)).toEqual([]);
    const id = await createEndpoint(core);
    expect(await deliveredTo(core)).toEqual([id]);
    await core.webhookEndpoints.updateStatus(test.staff(), { id, status: 1 });
    expect(await deliveredTo(core)).toEqual([]);
    await core.webhookEndpoints.updateStatus(test.staff(), { id, status: 0 });
    expect(await deliveredTo(core)).toEqual([id]);
    await core.webhookEndpoints.update(test.staff(), { id, partnerClientId: SEED.partnerClientId, url: 'http://127.0.0.1:9/hook', eventTypes: [WebhookEventType.WALLET_DEBITED] });
    expect(await deliveredTo(core)).toEqual([]);
    await core.webhookEndpoints.update(test.staff(), { id, partnerClientId: SEED.partnerClientId, url: 'http://127.0.0.1:9/hook', eventTypes: [] });
    expect(await deliveredTo(core)).toEqual([id]);
    await core.webhookEndpoints.delete(test.staff(), id);
    expect(await deliveredTo(core)).toEqual([]);
  });

  it('an endpoint deleted or disabled while still remembered (its message not yet here) gets no delivery and fails no call', async () => {
    const { core } = test;
    const [kept, deleted, disabled] = [await createEndpoint(core), await createEndpoint(core), await createEndpoint(core)];
    expect(await deliveredTo(core)).toEqual([kept, deleted, disabled]);
    // Past the console, so the outbox is not told: as in another process before the bus message arrives.
    await test.db.webhookEndpoint.delete({ where: { id: deleted } });
    await test.db.webhookEndpoint.update({ where: { id: disabled }, data: { enabled: false } });
    expect(await deliveredTo(core)).toEqual([kept]);
    expect(readsEndpoints(await pay())).toEqual([]);
    await core.webhookEndpoints.delete(test.staff(), kept);
    await core.webhookEndpoints.delete(test.staff(), disabled);
  });
});

describe.skipIf(!TEST_REDIS_URL)('two instances over one database with Redis', () => {
  const instances = useTwoInstances(test);
  const seenBy = (app: TestApp, expected: number[]) => eventually(() => deliveredTo(app.core), expected);

  it('an endpoint created, disabled and deleted through one is honoured by the other', async () => {
    const [first, second] = [instances.first(), instances.second()];
    expect(await deliveredTo(second.core)).toEqual([]);
    const id = await createEndpoint(first.core);
    expect(await seenBy(second, [id])).toEqual([id]);
    await first.core.webhookEndpoints.updateStatus(test.staff(), { id, status: 1 });
    expect(await seenBy(second, [])).toEqual([]);
    await first.core.webhookEndpoints.updateStatus(test.staff(), { id, status: 0 });
    expect(await seenBy(second, [id])).toEqual([id]);
    await first.core.webhookEndpoints.delete(test.staff(), id);
    expect(await seenBy(second, [])).toEqual([]);
  });
});

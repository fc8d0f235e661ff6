// Partner webhooks: events written with the change that causes them (outbox) and delivered signed
// (Standard Webhooks, verified with the `standardwebhooks` package) to a local receiver, with
// retries, 410 Gone and per-order ordering.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { WebhookEventType } from '../src/core/webhook/event-types';
import { writeEvents } from '../src/core/webhook/webhook-outbox';
import { newWebhookSecret } from '../src/core/webhook/webhook-signature';
import { DeliveryStatus } from '../src/core/webhook/webhook-statuses';
import { WEBHOOK_WORKER_DEFAULTS } from '../src/core/webhook/webhook-worker';
import { envelope, partnerToken, postJson, useTestApp } from './support/app';
import { createBoundMember, createPurchaseOrder } from './support/commerce-fixtures';
import { SEED } from './support/database';
import { createPartner } from './support/partner-clients';
import { until } from './support/until';
import { type ReceivedWebhook, useWebhookReceiver } from './support/webhook-receiver';

const receiver = useWebhookReceiver({ hangPath: '/hang' });
const { received, answers, holds } = receiver;

const test = useTestApp('webhooks', {
  env: { WEBHOOK_POLL_INTERVAL_MS: '20', WEBHOOK_RETRY_DELAYS_SECONDS: '0.05,0.05', WEBHOOK_ATTEMPT_TIMEOUT_MS: '2000' },
});

/** Until the worker has fanned out every pending event into events and deliveries. */
const fannedOut = () => until('every pending event fanned out', async () => ((await test.db.webhookPendingEvent.count()) === 0 ? true : undefined));

/**
 * A new endpoint, once the events written before it are fanned out: an endpoint takes the events
 * fanned out while it is enabled, so an earlier test's last events could otherwise reach it too.
 */
async function endpoint(path: string, options: { eventTypes?: string[]; partnerClientId?: string } = {}) {
  await fannedOut();
  const secret = newWebhookSecret();
  const row = await test.db.webhookEndpoint.create({
    data: { tenantId: 1, partnerClientId: options.partnerClientId ?? SEED.partnerClientId, url: `${receiver.base}${path}`, eventTypes: options.eventTypes ?? [], secret },
  });
  await endpointsChanged(row);
  return { ...row, secret };
}

/** Written past the console here, so the app's outbox is told as the console would tell it. */
const endpointsChanged = (row: { tenantId: number; partnerClientId: string }) => test.core.bus.publish({ kind: 'webhook-endpoints-changed', tenantId: row.tenantId, partnerClientId: row.partnerClientId });

const bodiesAt = (path: string) => received.filter((entry) => entry.path === path).map((entry) => JSON.parse(entry.body) as { id: string; type: string; data: Record<string, unknown> });

async function payOrder(balance: number, price: number) {
  const member = await createBoundMember(test.db, { balance });
  const order = await createPurchaseOrder(test.db, member, { lines: [{ unitPrice: price }] });
  const token = await partnerToken(test.app);
  const response = await postJson(test.app, token, '/open-api/pay/wallet/pay', { externalUserId: member.externalUserId, paymentId: order.paymentId });
  return { member, order, body: envelope(response) };
}

describe('outbox', () => {
  it('writes the events of a wallet pay with it, naming the partner identifiers, and a delivery per subscribed endpoint', async () => {
    const all = await endpoint('/outbox-all');
    const onlyOrders = await endpoint('/outbox-orders', { eventTypes: ['purchase_order.paid'] });
    const { member, order, body } = await payOrder(10_000, 4_000);
    expect(body.code).toBe(0);
    await fannedOut();
    const events = await test.db.webhookEvent.findMany({ where: { OR: [{ orderingKey: `order:${order.orderNo}` }, { orderingKey: `wallet:${member.memberId}` }] }, orderBy: { id: 'asc' } });
    expect(events.map((event) => event.type)).toEqual(['purchase_order.paid', 'wallet.debited']);
    expect(events[0]).toMatchObject({ partnerClientId: SEED.partnerClientId, tenantId: 1 });
    // Time first (9 base-36 digits of ms), then 16 random bytes.
    expect(events[0]?.eventId).toMatch(/^evt_[0-9a-z]{9}[A-Za-z0-9_-]{22}$/);
    expect(events[0]?.payload).toMatchObject({ orderNo: order.orderNo, outOrderNo: expect.stringMatching(/^out-/), externalUserId: member.externalUserId, paymentId: order.paymentId, payAmount: 4_000 });
    expect(events[1]?.payload).toEqual({ externalUserId: member.externalUserId, amount: 4_000, balance: 6_000, kind: 'pay' });
    const deliveries = await test.db.webhookDelivery.findMany({ where: { eventId: { in: events.map((event) => event.id) } }, orderBy: { id: 'asc' } });
    expect(deliveries.map((delivery) => [delivery.endpointId, delivery.eventId])).toEqual([
      [all.id, events[0]?.id],
      [onlyOrders.id, events[0]?.id],
      [all.id, events[1]?.id],
    ]);
  });

  it('emits nothing when the change rolls back (a pay refused for a short balance)', async () => {
    const { member, order, body } = await payOrder(100, 4_000);
    expect(body.code).toBe(ErrorCatalogue.WALLET_INSUFFICIENT_BALANCE.code);
    await fannedOut();
    expect(await test.db.webhookEvent.count({ where: { OR: [{ orderingKey: `order:${order.orderNo}` }, { orderingKey: `wallet:${member.memberId}` }] } })).toBe(0);
  });

  it('sends another partner nothing of this partner, and a member bound to no partner emits nothing', async () => {
    const other = await createPartner(test.core);
    await endpoint('/other-partner', { partnerClientId: other.clientId });
    await payOrder(10_000, 1_000);
    const unbound = await test.db.member.create({ data: { tenantId: 1, unionId: `union-unbound-${Date.now()}`, nickname: 'unbound', wallet: { create: { balance: 0 } } } });
    await test.core.wallets.credit(test.staff(), { memberId: unbound.id, amount: 500, bizRef: `credit-unbound-${unbound.id}` });
    await fannedOut();
    expect(await test.db.webhookEvent.count({ where: { orderingKey: `wallet:${unbound.id}` } })).toBe(0);
    expect(await test.db.webhookEvent.count({ where: { partnerClientId: other.clientId } })).toBe(0);
    expect(await test.db.webhookDelivery.count({ where: { endpoint: { partnerClientId: other.clientId } } })).toBe(0);
  });

  it("sends a wallet event of a member bound to two partners to each, naming the member by that partner's own externalUserId", async () => {
    const other = await createPartner(test.core);
    await endpoint('/bound-twice-this');
    await endpoint('/bound-twice-other', { partnerClientId: other.clientId });
    const member = await createBoundMember(test.db, { balance: 0 });
    // Read back from the statement that moves the money (JSON on both providers): quotes, commas and non-ASCII survive.
    const otherExternalUserId = `"user", ünïcode ✓ 𝄞 ${member.memberId}`;
    await test.db.partnerBinding.create({ data: { tenantId: 1, partnerClientId: other.clientId, externalUserId: otherExternalUserId, memberId: member.memberId } });
    await test.core.wallets.credit(test.staff(), { memberId: member.memberId, amount: 700, bizRef: `credit-bound-twice-${member.memberId}` });
    await fannedOut();
    const events = await test.db.webhookEvent.findMany({ where: { orderingKey: `wallet:${member.memberId}` }, orderBy: { id: 'asc' } });
    expect(events.map((event) => [event.partnerClientId, event.type, event.payload])).toEqual([
      [SEED.partnerClientId, 'wallet.credited', { externalUserId: member.externalUserId, amount: 700, balance: 700, kind: 'credit' }],
      [other.clientId, 'wallet.credited', { externalUserId: otherExternalUserId, amount: 700, balance: 700, kind: 'credit' }],
    ]);
  });
});

describe('delivery', () => {
  it('POSTs each event once, signed so that standardwebhooks verifies it, and records the attempt', async () => {
    const target = await endpoint('/signed');
    const { order } = await payOrder(10_000, 2_500);
    const deliveries = await until('both delivered', async () => {
      const rows = await test.db.webhookDelivery.findMany({ where: { endpointId: target.id }, include: { event: true }, orderBy: { id: 'asc' } });
      return rows.length === 2 && rows.every((row) => row.status === DeliveryStatus.DELIVERED) ? rows : undefined;
    });
    const got = received.filter((entry) => entry.path === '/signed');
    expect(got).toHaveLength(2);
    const verifier = new Webhook(target.secret);
    const verified = got.map((entry) => verifier.verify(entry.body, entry.headers as Record<string, string>) as { id: string; type: string; data: { orderNo?: string } });
    expect(verified.map((event) => event.type)).toEqual(['purchase_order.paid', 'wallet.debited']);
    expect(verified[0]?.data.orderNo).toBe(order.orderNo);
    expect(got.map((entry) => entry.headers['webhook-id'])).toEqual(deliveries.map((row) => row.event.eventId));
    expect(() => new Webhook(newWebhookSecret()).verify(got[0]?.body ?? '', got[0]?.headers as Record<string, string>)).toThrow();
    expect(deliveries[0]).toMatchObject({ attempts: 1, lastStatusCode: 200, lastResponse: 'thanks', leaseToken: null });
  });

  it('signs with both secrets during a rotation overlap', async () => {
    const target = await endpoint('/rotated');
    const next = newWebhookSecret();
    await test.db.webhookEndpoint.update({ where: { id: target.id }, data: { secret: next, previousSecret: target.secret, previousSecretExpiresAt: new Date(Date.now() + 60_000) } });
    await payOrder(10_000, 700);
    await until('a rotated delivery', async () => (received.some((entry) => entry.path === '/rotated') ? true : undefined));
    const entry = received.find((candidate) => candidate.path === '/rotated') as ReceivedWebhook;
    expect(String(entry.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(new Webhook(next).verify(entry.body, entry.headers as Record<string, string>)).toBeTruthy();
    expect(new Webhook(target.secret).verify(entry.body, entry.headers as Record<string, string>)).toBeTruthy();
  });

  it('retries a failed attempt with backoff and gives up after the last retry', async () => {
    const flaky = await endpoint('/flaky', { eventTypes: ['purchase_order.paid'] });
    answers.set('/flaky', [500]);
    const dead = await endpoint('/dead', { eventTypes: ['purchase_order.paid'] });
    answers.set('/dead', [503, 503, 503, 503]);
    await payOrder(10_000, 900);
    const flakyRow = await until('the flaky delivery', async () => {
      const row = await test.db.webhookDelivery.findFirst({ where: { endpointId: flaky.id, status: DeliveryStatus.DELIVERED } });
      return row ?? undefined;
    });
    expect(flakyRow).toMatchObject({ attempts: 2, lastStatusCode: 200 });
    const deadRow = await until('the dead delivery', async () => (await test.db.webhookDelivery.findFirst({ where: { endpointId: dead.id, status: DeliveryStatus.FAILED } })) ?? undefined);
    // One attempt and two retries: three in all.
    expect(deadRow).toMatchObject({ attempts: 3, lastStatusCode: 503 });
    expect(bodiesAt('/dead')).toHaveLength(3);
    expect(await test.db.webhookEndpoint.findUniqueOrThrow({ where: { id: dead.id } })).toMatchObject({ enabled: true, failingSince: expect.any(Date) });
  });

  it('disables an endpoint that answers 410 Gone and sends it nothing more', async () => {
    const gone = await endpoint('/gone', { eventTypes: ['purchase_order.paid'] });
    answers.set('/gone', [410]);
    await payOrder(10_000, 800);
    const endpointRow = await until('the endpoint disabled', async () => {
      const row = await test.db.webhookEndpoint.findUniqueOrThrow({ where: { id: gone.id } });
      return row.enabled ? undefined : row;
    });
    expect(endpointRow.disabledReason).toMatch(/^410 Gone at /);
    await payOrder(10_000, 800);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(bodiesAt('/gone')).toHaveLength(1);
  });

  it('delivers the events of one order in order, holding later ones while an earlier one is retried', async () => {
    const ordered = await endpoint('/ordered', { eventTypes: ['purchase_order.paid', 'order_item.purchased'] });
    answers.set('/ordered', [500]);
    const { order } = await payOrder(10_000, 600);
    const item = await test.db.purchaseOrderItem.findFirstOrThrow({ where: { orderId: order.orderId } });
    await test.core.purchasing.markPurchased(test.staff(), { orderItemId: item.id, marketplaceOrderNo: 'TB-ordered-1', actualUnitPrice: 600 });
    await until('both delivered', async () => ((await test.db.webhookDelivery.count({ where: { endpointId: ordered.id, status: DeliveryStatus.DELIVERED } })) === 2 ? true : undefined));
    expect(bodiesAt('/ordered').map((event) => event.type)).toEqual(['purchase_order.paid', 'purchase_order.paid', 'order_item.purchased']);
  });

  /** Events of one ordering key, written (with their deliveries to `target`) in one go. */
  const writeKeyEvents = (target: { id: number }, key: string, count: number) =>
    writeEvents(
      test.db,
      Array.from({ length: count }, (_, index) => ({ tenantId: 1, partnerClientId: SEED.partnerClientId, type: WebhookEventType.TEST, orderingKey: key, data: { index }, occurredAt: new Date() })),
      () => [target],
    );
  const webhookIdsAt = (path: string) => received.filter((entry) => entry.path === path).map((entry) => entry.headers['webhook-id']);
  const allDelivered = (target: { id: number }, count: number) =>
    until('every delivery of the key', async () => ((await test.db.webhookDelivery.count({ where: { endpointId: target.id, status: DeliveryStatus.DELIVERED } })) === count ? true : undefined));

  it('claims the due events of one key as one run and sends them in order, each after the one before is answered', async () => {
    const target = await endpoint('/run');
    let letAnswer = () => {};
    holds.set('/run', new Promise<void>((resolve) => (letAnswer = resolve)));
    const eventIds = await writeKeyEvents(target, 'run:one-claim', 5);
    await until('the first attempt in flight', async () => (webhookIdsAt('/run').length > 0 ? true : undefined));
    // Each claim leases under a token of its own: one token on all five is one claim.
    const leases = await test.db.webhookDelivery.findMany({ where: { endpointId: target.id }, select: { leaseToken: true } });
    expect(leases).toHaveLength(5);
    expect(new Set(leases.map((row) => row.leaseToken))).toEqual(new Set([expect.any(String)]));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(webhookIdsAt('/run')).toEqual([eventIds[0]]);
    holds.delete('/run');
    letAnswer();
    await allDelivered(target, 5);
    expect(webhookIdsAt('/run')).toEqual(eventIds);
  });

  it('ends a run at a failed attempt: the rest are released and sent in order after its retry', async () => {
    const target = await endpoint('/run-failing');
    answers.set('/run-failing', [200, 500]);
    const started = Date.now();
    const eventIds = await writeKeyEvents(target, 'run:failing', 4);
    await allDelivered(target, 4);
    expect(webhookIdsAt('/run-failing')).toEqual([eventIds[0], eventIds[1], eventIds[1], eventIds[2], eventIds[3]]);
    const rows = await test.db.webhookDelivery.findMany({ where: { endpointId: target.id }, orderBy: { id: 'asc' }, select: { attempts: true, leaseToken: true } });
    expect(rows).toEqual([1, 2, 1, 1].map((attempts) => ({ attempts, leaseToken: null })));
    // Not released, the rest would wait for the run's lease (2 s time-out per attempt of the four, and 5 s) to expire.
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('records an attempt only while its lease holds: one whose lease was taken again meanwhile records nothing', async () => {
    const slow = await endpoint('/hang');
    const eventIds = await writeEvents(
      test.db,
      ['kept', 'taken'].map((key) => ({ tenantId: 1, partnerClientId: SEED.partnerClientId, type: WebhookEventType.TEST, orderingKey: `lease:${key}`, data: {}, occurredAt: new Date() })),
      () => [slow],
    );
    await until('both attempts in flight', async () => (eventIds.every((id) => received.some((entry) => entry.headers['webhook-id'] === id)) ? true : undefined));
    // Both attempts end by this time (the 2 s time-out of the test app, and time to record them).
    const bothEnded = Date.now() + 2_000 + 1_000;
    const deliveryOf = (eventId: string | undefined) => test.db.webhookDelivery.findFirstOrThrow({ where: { endpointId: slow.id, event: { eventId } } });
    const taken = await deliveryOf(eventIds[1]);
    // As a process that found the lease expired would take it.
    await test.db.webhookDelivery.update({ where: { id: taken.id }, data: { leaseToken: 'another-process' } });
    await new Promise((resolve) => setTimeout(resolve, bothEnded - Date.now()));
    const kept = await deliveryOf(eventIds[0]);
    expect(kept).toMatchObject({ attempts: 1, lastStatusCode: null, lastResponse: expect.stringMatching(/^TimeoutError/), status: DeliveryStatus.PENDING });
    expect(await test.db.webhookDeliveryAttempt.count({ where: { deliveryId: kept.id } })).toBe(1);
    // The taken one is left as the other process holds it.
    expect(await test.db.webhookDelivery.findUniqueOrThrow({ where: { id: taken.id } })).toMatchObject({ attempts: 0, leaseToken: 'another-process', lastAttemptAt: null });
    expect(await test.db.webhookDeliveryAttempt.count({ where: { deliveryId: taken.id } })).toBe(0);
    await test.db.webhookEndpoint.delete({ where: { id: slow.id } });
    await endpointsChanged(slow);
  });
});

describe('endpoints (console service)', () => {
  const input = (path: string) => ({ partnerClientId: SEED.partnerClientId, url: `${receiver.base}${path}`, eventTypes: ['purchase_order.paid'] });

  it('answers the secret on create and rotate only; reads show it masked', async () => {
    const { endpoint: created, secret } = await test.core.webhookEndpoints.create(test.staff(), input('/console'));
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const read = await test.core.webhookEndpoints.get(test.staff(), created.id);
    const page = await test.core.webhookEndpoints.page(test.staff(), { pageNo: 1, pageSize: 100 });
    expect(read.secretMask).toBe(`whsec_****${secret.slice(-4)}`);
    expect(JSON.stringify([created, read, page])).not.toContain(secret.slice(6, 20));
    const rotated = await test.core.webhookEndpoints.rotateSecret(test.staff(), { id: created.id, overlapSeconds: 3_600 });
    expect(rotated.secret).not.toBe(secret);
    expect(JSON.stringify(rotated.endpoint)).not.toContain(secret.slice(6, 20));
    expect(JSON.stringify(rotated.endpoint)).not.toContain(rotated.secret.slice(6, 20));
    const stored = await test.db.webhookEndpoint.findUniqueOrThrow({ where: { id: created.id } });
    expect(stored).toMatchObject({ secret: rotated.secret, previousSecret: secret, previousSecretExpiresAt: new Date(test.clock.now() + 3_600_000) });
  });

  it.each([
    ['ftp://127.0.0.1/x', 'url: must be https'],
    ['http://example.com/hook', 'url: must be https (http only for 127.0.0.1/localhost, or with WEBHOOK_ALLOW_HTTP)'],
    ['https://user:pw@example.com/hook', 'url: credentials in the URL are not allowed'],
    ['not a url', 'url: not an absolute URL'],
  ])('refuses the URL %s and stores nothing', async (url, message) => {
    const before = await test.db.webhookEndpoint.count();
    await expect(test.core.webhookEndpoints.create(test.staff(), { ...input('/x'), url })).rejects.toMatchObject({ code: ErrorCatalogue.WEBHOOK_URL_NOT_ALLOWED.code, message });
    expect(await test.db.webhookEndpoint.count()).toBe(before);
  });

  it('refuses an unknown event type and an unknown partner client', async () => {
    await expect(test.core.webhookEndpoints.create(test.staff(), { ...input('/x'), eventTypes: ['order.teleported'] })).rejects.toMatchObject({ code: ErrorCatalogue.WEBHOOK_EVENT_TYPE_UNKNOWN.code });
    await expect(test.core.webhookEndpoints.create(test.staff(), { ...input('/x'), partnerClientId: 'no-such-partner' })).rejects.toMatchObject({ code: ErrorCatalogue.WEBHOOK_PARTNER_NOT_FOUND.code });
  });

  it("keeps another tenant away from the tenant's endpoints and deliveries", async () => {
    const { endpoint } = await test.core.webhookEndpoints.create(test.staff(), input('/isolated'));
    const other = test.staff(987_654);
    const notFound = { code: ErrorCatalogue.WEBHOOK_ENDPOINT_NOT_FOUND.code };
    await expect(test.core.webhookEndpoints.get(other, endpoint.id)).rejects.toMatchObject(notFound);
    await expect(test.core.webhookEndpoints.update(other, { id: endpoint.id, ...input('/stolen') })).rejects.toMatchObject(notFound);
    await expect(test.core.webhookEndpoints.updateStatus(other, { id: endpoint.id, status: 1 })).rejects.toMatchObject(notFound);
    await expect(test.core.webhookEndpoints.rotateSecret(other, { id: endpoint.id, overlapSeconds: 60 })).rejects.toMatchObject(notFound);
    await expect(test.core.webhookEndpoints.sendTest(other, endpoint.id)).rejects.toMatchObject(notFound);
    await expect(test.core.webhookEndpoints.deliveries(other, { pageNo: 1, pageSize: 10 }, { endpointId: endpoint.id })).rejects.toMatchObject(notFound);
    await expect(test.core.webhookEndpoints.delete(other, endpoint.id)).rejects.toMatchObject(notFound);
    expect((await test.core.webhookEndpoints.page(other, { pageNo: 1, pageSize: 100 })).total).toBe(0);
    const eventId = await test.core.webhookEndpoints.sendTest(test.staff(), endpoint.id);
    const [delivery] = (await test.core.webhookEndpoints.deliveries(test.staff(), { pageNo: 1, pageSize: 10 }, { endpointId: endpoint.id })).list;
    expect(delivery?.event.eventId).toBe(eventId);
    await expect(test.core.webhookEndpoints.redeliver(other, delivery?.id as number)).rejects.toMatchObject({ code: ErrorCatalogue.WEBHOOK_DELIVERY_NOT_FOUND.code });
    expect(await test.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toMatchObject({ url: `${receiver.base}/isolated`, enabled: true });
  });

  it('sends a test event to that endpoint only, and redelivers failed deliveries', async () => {
    const { endpoint, secret } = await test.core.webhookEndpoints.create(test.staff(), input('/test-event'));
    answers.set('/test-event', [500, 500, 500]);
    const eventId = await test.core.webhookEndpoints.sendTest(test.staff(), endpoint.id);
    await until('the test delivery failed', async () => (await test.db.webhookDelivery.findFirst({ where: { endpointId: endpoint.id, status: DeliveryStatus.FAILED } })) ?? undefined);
    expect(await test.db.webhookDelivery.count({ where: { event: { eventId } } })).toBe(1);
    expect(await test.core.webhookEndpoints.redeliverFailedSince(test.staff(), { endpointId: endpoint.id, since: new Date(0) })).toBe(1);
    await until('the redelivery', async () => (await test.db.webhookDelivery.findFirst({ where: { endpointId: endpoint.id, status: DeliveryStatus.DELIVERED } })) ?? undefined);
    const last = received.filter((entry) => entry.path === '/test-event').at(-1) as ReceivedWebhook;
    expect(new Webhook(secret).verify(last.body, last.headers as Record<string, string>)).toMatchObject({ id: eventId, type: 'webhook.test' });
    expect(bodiesAt('/test-event')).toHaveLength(4);
  });
});

describe('a dead receiver', () => {
  it("slows neither partner calls nor another partner's deliveries", async () => {
    const dead = await endpoint('/hang');
    // More events than the worker has slots: without a per-endpoint limit they would take them all.
    const deadEventIds = await writeEvents(
      test.db,
      Array.from({ length: WEBHOOK_WORKER_DEFAULTS.maxConcurrency + 8 }, (_, index) => ({ tenantId: 1, partnerClientId: SEED.partnerClientId, type: WebhookEventType.TEST, orderingKey: `hang:${index}`, data: { index }, occurredAt: new Date() })),
      () => [dead],
    );
    // Counted by event id: another test's endpoint may hang on the same path.
    const toDead = () => received.filter((entry) => deadEventIds.includes(entry.headers['webhook-id'] as string));
    await until('attempts hanging', async () => (toDead().length > 0 ? true : undefined));
    const deadAttemptsFinished = () => test.db.webhookDeliveryAttempt.count({ where: { delivery: { endpointId: dead.id } } });

    // A partner call answers at once: it only writes its events.
    const { body } = await payOrder(10_000, 500);
    expect(body.code).toBe(0);
    // Another partner's event arrives while the dead receiver's attempts are still waiting (2 s time-out).
    const other = await createPartner(test.core);
    const fast = await endpoint('/other-fast', { partnerClientId: other.clientId });
    const [eventId] = await writeEvents(test.db, [{ tenantId: 1, partnerClientId: other.clientId, type: WebhookEventType.TEST, orderingKey: 'fast', data: {}, occurredAt: new Date() }], () => [fast]);
    await until('the other partner delivered', async () => (received.some((entry) => entry.headers['webhook-id'] === eventId) ? true : undefined));
    expect(await deadAttemptsFinished()).toBe(0);
    // At most the per-endpoint limit of the dead receiver's deliveries were in flight.
    expect(toDead().length).toBeLessThanOrEqual(WEBHOOK_WORKER_DEFAULTS.perEndpointConcurrency);
    await test.db.webhookEndpoint.update({ where: { id: dead.id }, data: { enabled: false } });
    await endpointsChanged(dead);
  });
});

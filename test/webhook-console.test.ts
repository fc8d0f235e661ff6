// The console's webhook endpoints through /graphql: create answers the secret once and every read
// masks it, a rotation signs with both secrets for the stated overlap, every attempt is logged and
// paged, deliveries filter by status, type and time, redelivery, permissions and tenant isolation.
import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { DeliveryStatus } from '../src/core/webhook/webhook-statuses';
import { createAdmin, createTenant, errorCode, graphql, issuedAdminToken } from './support/admin';
import { useTestApp } from './support/app';
import { SEED } from './support/database';
import { expectData, expectPermissionRefusals } from './support/graphql-expect';
import { createPartner } from './support/partner-clients';
import { until } from './support/until';
import { useWebhookReceiver } from './support/webhook-receiver';

const receiver = useWebhookReceiver({ answerBody: (status) => `answer ${status} `.repeat(200) });
const { received, answers } = receiver;

const test = useTestApp('webhook_console', {
  env: { WEBHOOK_POLL_INTERVAL_MS: '20', WEBHOOK_RETRY_DELAYS_SECONDS: '0.05,0.05', WEBHOOK_ATTEMPT_TIMEOUT_MS: '2000' },
});

let token: string;
beforeAll(async () => {
  token = await issuedAdminToken(test.core, await createAdmin(test.core, { superAdmin: true }));
});

const ENDPOINT_FIELDS = 'id partnerClientId url description eventTypes secretMask previousSecretExpireTime status disabledReason disabledTime failingSinceTime createTime updateTime';

interface EndpointAnswer {
  id: number;
  partnerClientId: string;
  url: string;
  eventTypes: string[];
  secretMask: string;
  previousSecretExpireTime: string | null;
  status: number;
  disabledReason: string | null;
  disabledTime: string | null;
}

const CREATE = `mutation($input: WebhookEndpointSaveReqVO!) { createWebhookEndpoint(input: $input) { secret endpoint { ${ENDPOINT_FIELDS} } } }`;
const ROTATE = `mutation($input: WebhookEndpointRotateSecretReqVO!) { rotateWebhookEndpointSecret(input: $input) { secret endpoint { ${ENDPOINT_FIELDS} } } }`;
const GET = `query($id: Int64!) { webhookEndpoint(id: $id) { ${ENDPOINT_FIELDS} } }`;
const PAGE = `query($input: WebhookEndpointPageReqVO!) { webhookEndpointPage(input: $input) { total list { ${ENDPOINT_FIELDS} } } }`;
const DELIVERIES = `query($input: WebhookDeliveryPageReqVO!) { webhookDeliveryPage(input: $input) { total list {
  id endpointId eventId eventType occurredTime status attempts nextAttemptTime lastAttemptTime lastStatusCode lastLatencyMs lastResponse deliveredTime createTime } } }`;
const ATTEMPTS = `query($input: WebhookDeliveryAttemptPageReqVO!) { webhookDeliveryAttemptPage(input: $input) { total list { id deliveryId statusCode latencyMs responseBody error attemptTime } } }`;
const SEND_TEST = 'mutation($id: Int64!) { sendWebhookEndpointTestEvent(id: $id) }';
const UPDATE = 'mutation($input: WebhookEndpointSaveReqVO!) { updateWebhookEndpoint(input: $input) }';
const STATUS = 'mutation($input: WebhookEndpointUpdateStatusReqVO!) { updateWebhookEndpointStatus(input: $input) }';
const DELETE = 'mutation($id: Int64!) { deleteWebhookEndpoint(id: $id) }';
const REDELIVER = 'mutation($id: Int64!) { redeliverWebhookDelivery(id: $id) }';
const REDELIVER_FAILED = 'mutation($endpointId: Int64!, $since: DateTimeISO!) { redeliverFailedWebhookDeliveries(endpointId: $endpointId, since: $since) }';

const input = (path: string, extra: Record<string, unknown> = {}) => ({ partnerClientId: SEED.partnerClientId, url: `${receiver.base}${path}`, eventTypes: [], ...extra });

async function createEndpoint(path: string, extra: Record<string, unknown> = {}, as = token) {
  return (await expectData<{ createWebhookEndpoint: { secret: string; endpoint: EndpointAnswer } }>(test.app, as, CREATE, { input: input(path, extra) })).createWebhookEndpoint;
}

interface DeliveryAnswer {
  id: number;
  eventId: string;
  eventType: string;
  status: number;
  attempts: number;
  lastStatusCode: number | null;
  lastResponse: string | null;
}

const deliveriesOf = async (filter: Record<string, unknown>, as = token) =>
  (await expectData<{ webhookDeliveryPage: { total: number; list: DeliveryAnswer[] } }>(test.app, as, DELIVERIES, { input: { pageNo: 1, pageSize: 100, ...filter } })).webhookDeliveryPage;

describe('endpoints', () => {
  it('answers the secret on create only; get and page show it masked', async () => {
    const { secret, endpoint } = await createEndpoint('/created', { eventTypes: ['purchase_order.paid', 'bag.shipped'], description: 'ERP' });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(endpoint).toMatchObject({ url: `${receiver.base}/created`, eventTypes: ['purchase_order.paid', 'bag.shipped'], secretMask: `whsec_****${secret.slice(-4)}`, status: 0, disabledReason: null });
    const read = await expectData<{ webhookEndpoint: EndpointAnswer }>(test.app, token, GET, { id: endpoint.id });
    const page = await expectData<{ webhookEndpointPage: { total: number; list: EndpointAnswer[] } }>(test.app, token, PAGE, { input: { pageNo: 1, pageSize: 100, partnerClientId: SEED.partnerClientId } });
    expect(read.webhookEndpoint).toEqual(endpoint);
    expect(page.webhookEndpointPage.list.map((row) => row.id)).toContain(endpoint.id);
    expect(JSON.stringify([read, page])).not.toContain(secret.slice(6, 30));
  });

  it('updates, disables with a reason and time, enables, and deletes', async () => {
    const { endpoint } = await createEndpoint('/editable');
    await expectData(test.app, token, UPDATE, { input: { ...input('/edited', { eventTypes: ['wallet.credited'] }), id: endpoint.id } });
    await expectData(test.app, token, STATUS, { input: { id: endpoint.id, status: 1 } });
    const disabled = (await expectData<{ webhookEndpoint: EndpointAnswer }>(test.app, token, GET, { id: endpoint.id })).webhookEndpoint;
    expect(disabled).toMatchObject({ url: `${receiver.base}/edited`, eventTypes: ['wallet.credited'], status: 1, disabledReason: 'disabled in the console', disabledTime: new Date(test.clock.now()).toISOString() });
    await expectData(test.app, token, STATUS, { input: { id: endpoint.id, status: 0 } });
    expect((await expectData<{ webhookEndpoint: EndpointAnswer }>(test.app, token, GET, { id: endpoint.id })).webhookEndpoint).toMatchObject({ status: 0, disabledReason: null, disabledTime: null });
    await expectData(test.app, token, DELETE, { id: endpoint.id });
    expect(errorCode(await graphql(test.app, GET, { token, variables: { id: endpoint.id } }))).toBe(ErrorCatalogue.WEBHOOK_ENDPOINT_NOT_FOUND.code);
  });

  it.each([
    ['url', { url: 'http://example.com/hook' }, ErrorCatalogue.WEBHOOK_URL_NOT_ALLOWED.code, 'url: must be https'],
    ['eventTypes', { eventTypes: ['order.teleported'] }, ErrorCatalogue.WEBHOOK_EVENT_TYPE_UNKNOWN.code, 'eventTypes: unknown event type order.teleported'],
    ['eventTypes', { eventTypes: ['bag.shipped', 'bag.shipped'] }, 400, 'eventTypes'],
    ['description', { description: 'x'.repeat(256) }, 400, 'description'],
    ['partnerClientId', { partnerClientId: 'no-such-partner' }, ErrorCatalogue.WEBHOOK_PARTNER_NOT_FOUND.code, 'partnerClientId'],
  ])('refuses a bad %s naming it, and stores nothing', async (_field, extra, code, message) => {
    const before = await test.db.webhookEndpoint.count();
    const answer = await graphql(test.app, CREATE, { token, variables: { input: input('/bad', extra) } });
    expect(errorCode(answer)).toBe(code);
    expect(answer.errors?.[0]?.message).toContain(message);
    expect(await test.db.webhookEndpoint.count()).toBe(before);
  });

  it('refuses a rotation overlap beyond a week', async () => {
    const { endpoint } = await createEndpoint('/overlap');
    const answer = await graphql(test.app, ROTATE, { token, variables: { input: { id: endpoint.id, overlapSeconds: 7 * 24 * 3_600 + 1 } } });
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors?.[0]?.message).toContain('overlapSeconds');
  });
});

describe('rotation, test events and the delivery log', () => {
  it('rotates: the new secret is shown once, and both sign until the stated overlap ends', async () => {
    const { secret: old, endpoint } = await createEndpoint('/rotation');
    // The worker signs by the real time: state the overlap from it.
    const rotated = (await expectData<{ rotateWebhookEndpointSecret: { secret: string; endpoint: EndpointAnswer } }>(test.app, token, ROTATE, { input: { id: endpoint.id, overlapSeconds: 3_600 } }))
      .rotateWebhookEndpointSecret;
    expect(rotated.secret).not.toBe(old);
    expect(rotated.endpoint.secretMask).toBe(`whsec_****${rotated.secret.slice(-4)}`);
    expect(rotated.endpoint.previousSecretExpireTime).toBe(new Date(test.clock.now() + 3_600_000).toISOString());
    await test.db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { previousSecretExpiresAt: new Date(Date.now() + 3_600_000) } });
    const eventId = (await expectData<{ sendWebhookEndpointTestEvent: string }>(test.app, token, SEND_TEST, { id: endpoint.id })).sendWebhookEndpointTestEvent;
    const got = await until('the test event', async () => received.find((entry) => entry.path === '/rotation'));
    expect(new Webhook(rotated.secret).verify(got.body, got.headers as Record<string, string>)).toMatchObject({ id: eventId, type: 'webhook.test' });
    expect(new Webhook(old).verify(got.body, got.headers as Record<string, string>)).toMatchObject({ id: eventId });
    // After the overlap only the new secret signs.
    await test.db.webhookEndpoint.update({ where: { id: endpoint.id }, data: { previousSecretExpiresAt: new Date(Date.now() - 1) } });
    await expectData(test.app, token, SEND_TEST, { id: endpoint.id });
    const later = await until('the second test event', async () => received.filter((entry) => entry.path === '/rotation')[1]);
    expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(() => new Webhook(old).verify(later.body, later.headers as Record<string, string>)).toThrow();
  });

  it('logs every attempt (status, latency, truncated body), filters deliveries, and redelivers one or all failed since a time', async () => {
    const { endpoint } = await createEndpoint('/log');
    answers.set('/log', [500, 503, 502]);
    // Deliveries are stamped by the database's time, not the test clock.
    const started = new Date(Date.now() - 1_000).toISOString();
    const eventId = (await expectData<{ sendWebhookEndpointTestEvent: string }>(test.app, token, SEND_TEST, { id: endpoint.id })).sendWebhookEndpointTestEvent;
    const failed = await until('the delivery failed', async () => {
      const page = await deliveriesOf({ endpointId: endpoint.id, status: DeliveryStatus.FAILED });
      return page.total === 1 ? page.list[0] : undefined;
    });
    expect(failed).toMatchObject({ eventId, eventType: 'webhook.test', attempts: 3, lastStatusCode: 502 });
    const attempts = (
      await expectData<{ webhookDeliveryAttemptPage: { total: number; list: { statusCode: number; latencyMs: number; responseBody: string; error: string | null }[] } }>(test.app, token, ATTEMPTS, {
        input: { pageNo: 1, pageSize: 10, deliveryId: failed.id },
      })
    ).webhookDeliveryAttemptPage;
    expect(attempts.total).toBe(3);
    expect(attempts.list.map((attempt) => attempt.statusCode)).toEqual([502, 503, 500]);
    for (const attempt of attempts.list) {
      expect(attempt.latencyMs).toBeGreaterThanOrEqual(0);
      expect(attempt.responseBody).toHaveLength(1_000);
      expect(attempt.error).toBeNull();
    }
    // Filters: by status, type and time.
    expect((await deliveriesOf({ endpointId: endpoint.id, status: DeliveryStatus.DELIVERED })).total).toBe(0);
    expect((await deliveriesOf({ endpointId: endpoint.id, eventType: 'webhook.test' })).total).toBe(1);
    expect((await deliveriesOf({ endpointId: endpoint.id, eventType: 'bag.shipped' })).total).toBe(0);
    expect((await deliveriesOf({ endpointId: endpoint.id, createTime: [started, '2100-01-01T00:00:00.000Z'] })).total).toBe(1);
    expect((await deliveriesOf({ endpointId: endpoint.id, createTime: ['2000-01-01T00:00:00.000Z', '2020-01-01T00:00:00.000Z'] })).total).toBe(0);
    const reversed = await graphql(test.app, DELIVERIES, { token, variables: { input: { endpointId: endpoint.id, createTime: [started, '2020-01-01T00:00:00.000Z'] } } });
    expect(answerMessage(reversed)).toContain('createTime');

    // One redelivery: delivered at its next attempt, the fourth in the log.
    expect((await expectData<{ redeliverWebhookDelivery: boolean }>(test.app, token, REDELIVER, { id: failed.id })).redeliverWebhookDelivery).toBe(true);
    await until('redelivered', async () => ((await deliveriesOf({ endpointId: endpoint.id, status: DeliveryStatus.DELIVERED })).total === 1 ? true : undefined));
    const logged = await expectData<{ webhookDeliveryAttemptPage: { total: number; list: { statusCode: number }[] } }>(test.app, token, ATTEMPTS, { input: { pageNo: 1, pageSize: 1, deliveryId: failed.id } });
    expect(logged.webhookDeliveryAttemptPage).toMatchObject({ total: 4, list: [{ statusCode: 200 }] });

    // All failed since a time: only those created since then.
    answers.set('/log', [500, 500, 500, 500, 500, 500]);
    await expectData(test.app, token, SEND_TEST, { id: endpoint.id });
    await expectData(test.app, token, SEND_TEST, { id: endpoint.id });
    await until('both failed', async () => ((await deliveriesOf({ endpointId: endpoint.id, status: DeliveryStatus.FAILED })).total === 2 ? true : undefined));
    const none = await expectData<{ redeliverFailedWebhookDeliveries: number }>(test.app, token, REDELIVER_FAILED, { endpointId: endpoint.id, since: new Date(Date.now() + 60_000).toISOString() });
    expect(none.redeliverFailedWebhookDeliveries).toBe(0);
    const both = await expectData<{ redeliverFailedWebhookDeliveries: number }>(test.app, token, REDELIVER_FAILED, { endpointId: endpoint.id, since: started });
    expect(both.redeliverFailedWebhookDeliveries).toBe(2);
    await until('all delivered', async () => ((await deliveriesOf({ endpointId: endpoint.id, status: DeliveryStatus.DELIVERED })).total === 3 ? true : undefined));
  });
});

const answerMessage = (answer: { errors?: { message: string }[] }) => answer.errors?.[0]?.message ?? '';

describe('access', () => {
  it('needs the partner:webhook-endpoint permissions', async () => {
    const { endpoint } = await createEndpoint('/guarded');
    const reader = await issuedAdminToken(test.core, await createAdmin(test.core, { permissions: ['partner:webhook-endpoint:query'] }));
    await expectData(test.app, reader, GET, { id: endpoint.id });
    await expectPermissionRefusals(test.app, reader, [
      [CREATE, { input: input('/x') }, 'partner:webhook-endpoint:create'],
      [UPDATE, { input: { ...input('/x'), id: endpoint.id } }, 'partner:webhook-endpoint:update'],
      [STATUS, { input: { id: endpoint.id, status: 1 } }, 'partner:webhook-endpoint:update'],
      [ROTATE, { input: { id: endpoint.id } }, 'partner:webhook-endpoint:update'],
      [SEND_TEST, { id: endpoint.id }, 'partner:webhook-endpoint:update'],
      [REDELIVER, { id: 1 }, 'partner:webhook-endpoint:update'],
      [REDELIVER_FAILED, { endpointId: endpoint.id, since: '2026-01-01T00:00:00Z' }, 'partner:webhook-endpoint:update'],
      [DELETE, { id: endpoint.id }, 'partner:webhook-endpoint:delete'],
    ]);
  });

  it("keeps another tenant's administrator away from the tenant's endpoints, deliveries and partner clients", async () => {
    const { endpoint } = await createEndpoint('/isolated');
    const eventId = (await expectData<{ sendWebhookEndpointTestEvent: string }>(test.app, token, SEND_TEST, { id: endpoint.id })).sendWebhookEndpointTestEvent;
    // Settled first (the app's worker delivers it), so the snapshots below cannot race the worker.
    const delivery = await until('the delivery delivered', async () =>
      (await deliveriesOf({ endpointId: endpoint.id, status: DeliveryStatus.DELIVERED })).list.find((row) => row.eventId === eventId),
    );
    const tenant = await createTenant(test.db);
    const other = await issuedAdminToken(test.core, await createAdmin(test.core, { tenant, superAdmin: true }));
    const endpointGone = ErrorCatalogue.WEBHOOK_ENDPOINT_NOT_FOUND.code;
    const deliveryGone = ErrorCatalogue.WEBHOOK_DELIVERY_NOT_FOUND.code;
    const calls: [string, Record<string, unknown>, number][] = [
      [GET, { id: endpoint.id }, endpointGone],
      [UPDATE, { input: { ...input('/stolen'), id: endpoint.id } }, endpointGone],
      [STATUS, { input: { id: endpoint.id, status: 1 } }, endpointGone],
      [ROTATE, { input: { id: endpoint.id } }, endpointGone],
      [SEND_TEST, { id: endpoint.id }, endpointGone],
      [DELIVERIES, { input: { pageNo: 1, pageSize: 10, endpointId: endpoint.id } }, endpointGone],
      [REDELIVER_FAILED, { endpointId: endpoint.id, since: '2020-01-01T00:00:00Z' }, endpointGone],
      [DELETE, { id: endpoint.id }, endpointGone],
      [ATTEMPTS, { input: { pageNo: 1, pageSize: 10, deliveryId: delivery.id } }, deliveryGone],
      [REDELIVER, { id: delivery.id }, deliveryGone],
      // The partner client belongs to the first tenant: the other tenant cannot give it an endpoint.
      [CREATE, { input: input('/stolen') }, ErrorCatalogue.WEBHOOK_PARTNER_NOT_FOUND.code],
    ];
    const before = await test.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    const deliveryBefore = await test.db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } });
    for (const [query, variables, code] of calls) expect(errorCode(await graphql(test.app, query, { token: other, variables })), query).toBe(code);
    const page = await expectData<{ webhookEndpointPage: { total: number } }>(test.app, other, PAGE, { input: { pageNo: 1, pageSize: 10 } });
    expect(page.webhookEndpointPage.total).toBe(0);
    expect(await test.db.webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } })).toEqual(before);
    expect(await test.db.webhookDelivery.findUniqueOrThrow({ where: { id: delivery.id } })).toEqual(deliveryBefore);
    expect(await test.db.webhookEndpoint.count({ where: { tenantId: tenant.id } })).toBe(0);
    // Its own partner client can have one.
    const own = await createPartner(test.core, { tenantId: tenant.id });
    const created = await createEndpoint('/own', { partnerClientId: own.clientId }, other);
    expect(created.endpoint.partnerClientId).toBe(own.clientId);
  });
});

// The SDK's webhook verification against deliveries signed as the server signs them
// (src/core/webhook/webhook-signature.ts, Standard Webhooks).
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from '../sdk/src/index';
import { newWebhookSecret, signWebhook } from '../src/core/webhook/webhook-signature';

const secret = newWebhookSecret();
const body = JSON.stringify({ id: 'evt_1', type: 'order.item.shipped', occurredAt: '2026-11-25T10:00:00.000Z', data: { orderItemNo: 'PI1', externalUserId: 'u-1' } });
const nowSeconds = () => Math.floor(Date.now() / 1000);

function delivery(options: { secrets?: string[]; timestamp?: number; id?: string } = {}) {
  const id = options.id ?? 'evt_1';
  const timestamp = options.timestamp ?? nowSeconds();
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signWebhook(options.secrets ?? [secret], id, timestamp, body) };
}

describe('verifyWebhook', () => {
  it('answers the event of a delivery signed by the secret, from a record or a Headers', () => {
    const expected = { id: 'evt_1', type: 'order.item.shipped', occurredAt: '2026-11-25T10:00:00.000Z', data: { orderItemNo: 'PI1', externalUserId: 'u-1' } };
    expect(verifyWebhook(secret, body, delivery())).toEqual(expected);
    expect(verifyWebhook(secret, body, new Headers(delivery()))).toEqual(expected);
  });

  it('accepts either secret during a rotation, signed by both', () => {
    const next = newWebhookSecret();
    const headers = delivery({ secrets: [secret, next] });
    expect(verifyWebhook(next, body, headers).id).toBe('evt_1');
    expect(verifyWebhook([newWebhookSecret(), secret], body, headers).id).toBe('evt_1');
  });

  it.each([
    ['another secret', () => verifyWebhook(newWebhookSecret(), body, delivery())],
    ['a changed body', () => verifyWebhook(secret, body.replace('PI1', 'PI2'), delivery())],
    ['another webhook-id', () => verifyWebhook(secret, body, { ...delivery(), 'webhook-id': 'evt_2' })],
    ['a timestamp ten minutes old', () => verifyWebhook(secret, body, delivery({ timestamp: nowSeconds() - 600 }))],
    ['no signature', () => verifyWebhook(secret, body, { ...delivery(), 'webhook-signature': '' })],
  ])('refuses %s', (_case, verify) => {
    expect(verify).toThrow(WebhookVerificationError);
  });
});

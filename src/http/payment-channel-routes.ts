// Public routes of the payment channels, outside /open-api: the channel's notification call and the
// built-in channel's checkout page. Neither takes a partner token: a notification is trusted only
// once its channel has verified the signature, and the checkout page shows no more than the payer
// needs (the pay URL is the payer's link).
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Core } from '../core/core';
import { formatUsd } from '../core/money/usd';
import { PaymentOrderStatus } from '../core/order/statuses';
import { BUILTIN_CHANNEL, type SignedNotification } from '../core/payment/builtin-channel';
import type { PaymentOrderRecord } from '../core/payment/payment-order-service';
import { RequestContext } from '../core/request-context';
import { z } from '../core/validation';
import { ok } from '../openapi/envelope';
import { addPageHeadersToHtml } from './browser-security';

/** Notifications are small; a larger body is not one. */
const NOTIFICATION_BODY_LIMIT = 64 * 1024;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A JSON value inside an inline <script>: `<` escaped so no text can close the element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function page(title: string, body: string, scriptNonce?: string): string {
  const style =
    'body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#222}' +
    'dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{color:#666}dd{margin:0}' +
    'button{font-size:1rem;padding:.6rem 1.2rem;cursor:pointer}.note{color:#666;font-size:.9rem}';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style${scriptNonce ? ` nonce="${scriptNonce}"` : ''}>${style}</style></head><body>${body}</body></html>`;
}

function checkoutPage(order: PaymentOrderRecord, demo: SignedNotification | null, scriptNonce: string): string {
  const amount = `USD ${formatUsd(order.payAmount)}`;
  const rows: [string, string][] = [
    ['Amount', amount],
    ['Payment', order.orderNo],
    ...(order.subject ? ([['For', order.subject]] as [string, string][]) : []),
    ...(order.description ? ([['Details', order.description]] as [string, string][]) : []),
  ];
  let action: string;
  if (order.status === PaymentOrderStatus.PAID) {
    action = `<p><strong>Paid</strong>${order.paidTime ? ` at ${escapeHtml(order.paidTime.toISOString())}` : ''}.</p>`;
  } else if (order.status === PaymentOrderStatus.CLOSED) {
    action = '<p><strong>Closed.</strong> This payment can no longer be made.</p>';
  } else if (demo) {
    action =
      `<p class="note">Pay before ${escapeHtml(order.expireTime.toISOString())}. This is the built-in demo channel: ` +
      'the button sends the signed notification a real provider would send after taking the money.</p>' +
      `<button id="pay">Pay ${escapeHtml(amount)}</button> <span id="result" class="note"></span>` +
      `<script nonce="${scriptNonce}">
const notification = ${scriptJson(demo)};
document.getElementById('pay').addEventListener('click', async (event) => {
  event.target.disabled = true;
  const response = await fetch('/pay/notify/${BUILTIN_CHANNEL}', { method: 'POST', headers: notification.headers, body: notification.rawBody });
  const answer = await response.json().catch(() => ({ code: response.status, msg: response.statusText }));
  if (answer.code === 0) { location.reload(); return; }
  document.getElementById('result').textContent = answer.msg + ' (reload the page to try again)';
});
</script>`;
  } else {
    action = `<p>Waiting for the payment to be confirmed. Pay before ${escapeHtml(order.expireTime.toISOString())}.</p>`;
  }
  const details = rows.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('');
  return page(`Pay ${amount}`, `<h1>Checkout</h1><dl>${details}</dl>${action}`, scriptNonce);
}

function anonymousContext(request: { id: string; ip: string }, core: Core): RequestContext {
  return new RequestContext(request.id, null, { kind: 'anonymous' }, request.ip, core.clock);
}

export const paymentChannelRoutes: FastifyPluginAsyncZod<{ core: Core }> = async (app, { core }) => {
  // The signature covers the exact bytes sent, so JSON bodies stay raw in this plugin.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: NOTIFICATION_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    '/pay/notify/:channel',
    {
      schema: {
        hide: true,
        params: z.object({ channel: z.string().regex(/^[a-z0-9-]{1,32}$/) }),
      },
    },
    async (request) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const { order, alreadyPaid } = await core.paymentOrders.handleNotification(
        anonymousContext(request, core),
        request.params.channel,
        rawBody,
        request.headers,
      );
      return ok({
        orderNo: order.orderNo,
        paymentOrderId: order.paymentOrderId,
        status: order.status,
        paidTime: order.paidTime?.toISOString() ?? null,
        alreadyPaid,
      });
    },
  );

  app.get(
    '/pay/checkout/:paymentOrderId',
    { onSend: addPageHeadersToHtml, schema: { hide: true, params: z.object({ paymentOrderId: z.string().min(1).max(64) }) } },
    async (request, reply) => {
      const ctx = anonymousContext(request, core);
      const order = await core.paymentOrders.findForCheckout(ctx, BUILTIN_CHANNEL, request.params.paymentOrderId);
      const scriptNonce = randomBytes(16).toString('base64');
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header(
          'content-security-policy',
          `default-src 'none'; style-src 'nonce-${scriptNonce}'; script-src 'nonce-${scriptNonce}'; connect-src 'self'; form-action 'none'; frame-ancestors 'none'`,
        );
      if (!order) return reply.status(404).send(page('Payment not found', '<h1>Payment not found</h1><p>There is no payment at this address.</p>', scriptNonce));
      const demo =
        order.status === PaymentOrderStatus.PENDING && core.paymentOrders.checkoutDemo
          ? core.builtinPaymentChannel.signNotification({ paymentOrderId: order.paymentOrderId, amountCents: order.payAmount, paidAt: ctx.now() })
          : null;
      return reply.send(checkoutPage(order, demo, scriptNonce));
    },
  );
};

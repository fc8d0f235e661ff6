// Webhook verification (Standard Webhooks): the signature of `webhook-id.webhook-timestamp.body`
// under the endpoint's `whsec_` secret, and a timestamp within five minutes (replays are refused).
import { Webhook } from 'standardwebhooks';

/** What OpenBuy delivers: the event id to deduplicate by, its type, when it happened, its data. */
export interface WebhookEvent<Data = Record<string, unknown>> {
  id: string;
  type: string;
  /** ISO 8601 UTC. */
  occurredAt: string;
  data: Data;
}

/** Headers as a Node request has them, a Fetch API Headers, or a plain record. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

function headerRecord(headers: WebhookHeaders): Record<string, string> {
  const names = ['webhook-id', 'webhook-timestamp', 'webhook-signature'];
  const read = (name: string) => {
    const value = headers instanceof Headers ? headers.get(name) : (headers[name] ?? headers[name.toLowerCase()]);
    return Array.isArray(value) ? value.join(' ') : (value ?? '');
  };
  return Object.fromEntries(names.map((name) => [name, read(name)]));
}

/**
 * The event of a delivery whose signature (by `secret`, or by either secret during a rotation)
 * and timestamp hold; throws standardwebhooks' WebhookVerificationError otherwise. `body` must be
 * the raw body as received, before any JSON parsing.
 */
export function verifyWebhook<Data = Record<string, unknown>>(secrets: string | readonly string[], body: string, headers: WebhookHeaders): WebhookEvent<Data> {
  const received = headerRecord(headers);
  const all = typeof secrets === 'string' ? [secrets] : secrets;
  let failure: unknown = new Error('no webhook secret given');
  for (const secret of all) {
    try {
      return new Webhook(secret).verify(body, received) as WebhookEvent<Data>;
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

export { WebhookVerificationError } from 'standardwebhooks';

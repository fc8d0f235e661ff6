// Standard Webhooks signatures (https://www.standardwebhooks.com): `webhook-signature` lists
// `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` per secret, keyed by the base64 after `whsec_`.
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(24).toString('base64')}`;
}

/** The console shows a secret only as its prefix and last characters. */
export function maskWebhookSecret(secret: string): string {
  return `${PREFIX}****${secret.slice(-4)}`;
}

export function signWebhook(secrets: readonly string[], id: string, timestampSeconds: number, body: string): string {
  return secrets
    .map((secret) => `v1,${createHmac('sha256', Buffer.from(secret.slice(PREFIX.length), 'base64')).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`)
    .join(' ');
}

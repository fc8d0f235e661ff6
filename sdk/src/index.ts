export { OpenBuyClient, type OpenBuyClientOptions } from './client.js';
export { OpenBuyError } from './errors.js';
export type { components, operations, paths } from './openbuy-api.js';
export { verifyWebhook, WebhookVerificationError, type WebhookEvent, type WebhookHeaders } from './webhooks.js';

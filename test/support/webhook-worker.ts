// A webhook worker of the test's own settings on the test app's database and outbox, for the cases of
// the file or describe block that calls it (the app's own worker is off in tests unless asked for).
import { afterAll, beforeAll } from 'vitest';
import { silentLogger } from '../../src/core/logger';
import { WebhookWorker, type WebhookWorkerSettings } from '../../src/core/webhook/webhook-worker';
import type { TestAppHandle } from './app';

export function useWebhookWorker(test: TestAppHandle, settings: WebhookWorkerSettings): void {
  let worker: WebhookWorker;
  beforeAll(() => {
    worker = new WebhookWorker(test.database, test.core.webhookOutbox, settings, silentLogger, test.core.bus);
    worker.start();
  });
  afterAll(async () => {
    await worker.stop();
  });
}

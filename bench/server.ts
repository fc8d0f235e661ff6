// The servers a benchmark measures, in their own process so the load generator does not share
// their core: the real app (with a no-op partner operation) and a bare Fastify JSON route.
import { randomBytes } from 'node:crypto';
import { openSync, writeSync } from 'node:fs';
import Fastify from 'fastify';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/core/db/client';
import { databaseTarget } from '../src/core/db/database-url';
import { WebhookEventType } from '../src/core/webhook/event-types';
import { buildApp } from '../src/server';
import type { BenchWebhookEvent } from './harness';
import { probeRoutes } from '../test/support/probe-routes';

const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  PAYMENT_CHANNEL_SECRET: process.env.PAYMENT_CHANNEL_SECRET ?? randomBytes(32).toString('hex'),
});
const database = await openDatabase(databaseTarget(config.DATABASE_URL));
// BENCH_LOG=<level>: the app logs as `npm start` does at that level (an access log line per answer at
// info), written synchronously to /dev/null as pino writes stdout, so its CPU is counted; without it
// the app does not log.
const devNull = openSync('/dev/null', 'w');
const logger = process.env.BENCH_LOG ? { level: process.env.BENCH_LOG, stream: { write: (line: string) => writeSync(devNull, line) } } : false;
const { app, core } = await buildApp({ config, database, logger, openApiRoutes: [probeRoutes] });
const appUrl = await app.listen({ host: '127.0.0.1', port: 0 });

const bare = Fastify({ logger: false });
bare.get('/bare', async () => ({ code: 0, data: { ok: true }, msg: '', error_detail: '' }));
const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });

process.send?.({ appUrl, bareUrl });
process.on('message', async (message) => {
  // The servers' CPU time so far: per-request CPU stays comparable when the machine is shared.
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send?.({ cpuMicros: user + system });
  }
  // Written as a service writes it, in this process, so the worker here is woken by the commit.
  if (typeof message === 'object' && message !== null && 'emitWebhookEvent' in message) {
    const event = (message as { emitWebhookEvent: BenchWebhookEvent }).emitWebhookEvent;
    await core.webhookOutbox.emit(database.db, [{ ...event, type: WebhookEventType.TEST, occurredAt: new Date() }]);
  }
  if (message === 'stop') {
    await app.close();
    await bare.close();
    await database.close();
    process.exit(0);
  }
});

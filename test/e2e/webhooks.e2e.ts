// Webhook endpoints managed in the console, in Chromium against the real server and its worker: an
// endpoint created with chosen event types shows its signing secret once (verifiable with the
// standardwebhooks package) and masked after; its test event's delivery and every attempt (status,
// latency, the answer's start) are listed; the failed ones since a time are redelivered, and one
// delivery again; disable and enable.
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { SEED } from '../support/database';
import { until } from '../support/until';
import { useWebhookReceiver } from '../support/webhook-receiver';
import { dialog, openMenu, signIn, tableRow, useConsole } from './browser';

const receiver = useWebhookReceiver({ answerBody: (status) => `answer ${status}` });
// One retry 50 ms after the first attempt, then the delivery fails: a failed one within a second.
const harness = useConsole('console_webhooks_e2e', { WEBHOOK_POLL_INTERVAL_MS: '20', WEBHOOK_RETRY_DELAYS_SECONDS: '0.05', WEBHOOK_ATTEMPT_TIMEOUT_MS: '2000' });
const db = () => harness.app.core.database.db;

describe('webhook endpoints in the console', () => {
  it('creates an endpoint showing its secret once, lists its test delivery and every attempt, redelivers it, disables and enables it', async () => {
    const path = '/console-e2e';
    const url = `${receiver.base}${path}`;
    receiver.answers.set(path, [503, 503]);
    const page = await harness.newPage();
    await signIn(page, harness.baseUrl);
    await openMenu(page, 'Partners', 'Webhook endpoints', 'Webhook endpoints');

    await page.getByTestId('create').click();
    await dialog(page).getByLabel('Client ID').fill(SEED.partnerClientId);
    await dialog(page).getByLabel('URL').fill(url);
    await dialog(page).locator('.ant-select').click();
    // The options are the server's labels of the types (a long list, virtual: typed to find).
    await page.keyboard.type('Wallet deb');
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Wallet debited' }).click();
    await page.keyboard.press('Escape');
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    const secret = await page.getByTestId('shown-once-value').innerText();
    expect(secret).toMatch(/^whsec_/);
    await harness.screenshot(page, 'webhooks-01-secret-shown-once');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
    await page.getByTestId('shown-once').waitFor({ state: 'detached' });

    const row = tableRow(page, url);
    await row.waitFor();
    const shownRow = await row.innerText();
    expect(shownRow).toContain('Wallet debited');
    expect(shownRow).not.toContain(secret);
    expect(await page.content()).not.toContain(secret);
    const stored = await db().webhookEndpoint.findFirstOrThrow({ where: { url } });
    expect(stored.eventTypes).toEqual(['wallet.debited']);

    // Two 503s: the test event's delivery fails after its retry.
    await row.getByTestId('action-send-test').click();
    await until('the test delivery failed', async () => ((await db().webhookDelivery.findFirst({ where: { endpointId: stored.id, status: 20 } })) ? true : undefined), 10_000);
    const sent = receiver.received.filter((request) => request.path === path);
    expect(sent).toHaveLength(2);
    // Signed with the secret the console showed.
    expect(new Webhook(secret).verify(sent[0]!.body, sent[0]!.headers as Record<string, string>)).toMatchObject({ type: 'webhook.test' });

    await row.getByTestId('link-deliveries').click();
    const delivery = tableRow(page, 'webhook.test');
    await delivery.waitFor();
    await expect(delivery.innerText()).resolves.toMatch(/Failed[\s\S]*2[\s\S]*503[\s\S]*answer 503/);
    // A failed delivery has no next attempt.
    const nextAttemptColumn = (await page.locator('.ant-table-thead th').allInnerTexts()).findIndex((title) => title.replace(/\s+/g, ' ').trim() === 'Next attempt at');
    expect(nextAttemptColumn).toBeGreaterThan(0);
    await expect(delivery.locator('td').nth(nextAttemptColumn).innerText()).resolves.toBe('-');
    await harness.screenshot(page, 'webhooks-02-deliveries');

    await delivery.getByTestId('link-attempts').click();
    await expect.poll(() => page.locator('.ant-table-row').count(), { timeout: 10_000 }).toBe(2);
    for (const attempt of await page.locator('.ant-table-row').allInnerTexts()) expect(attempt).toMatch(/503[\s\S]*answer 503/);
    await harness.screenshot(page, 'webhooks-03-attempts');

    await page.goBack();
    // Every failed delivery of the endpoint the list shows, created since a time: the failed test event.
    await page.getByTestId('list-action-redeliver-failed').click();
    await dialog(page).getByLabel('Failed deliveries created since').fill('2000-01-01 00:00:00');
    await page.keyboard.press('Enter');
    await dialog(page).getByRole('button', { name: 'OK' }).click();
    await until('redelivered', async () => ((await db().webhookDelivery.findFirst({ where: { endpointId: stored.id, status: 10 } })) ? true : undefined), 10_000);
    expect(receiver.received.filter((request) => request.path === path)).toHaveLength(3);
    await page.getByRole('button', { name: 'Query' }).click();
    await expect.poll(async () => tableRow(page, 'webhook.test').innerText(), { timeout: 10_000 }).toMatch(/Delivered[\s\S]*200/);
    // One delivery again, delivered or not.
    await tableRow(page, 'webhook.test').getByTestId('action-redeliver').click();
    await until('sent once more', async () => (receiver.received.filter((request) => request.path === path).length === 4 ? true : undefined), 10_000);

    await page.goBack();
    await tableRow(page, url).getByTestId('action-disable').click();
    await expect.poll(async () => (await db().webhookEndpoint.findUniqueOrThrow({ where: { id: stored.id } })).enabled, { timeout: 10_000 }).toBe(false);
    await expect.poll(async () => tableRow(page, url).innerText(), { timeout: 10_000 }).toContain('disabled in the console');
    await tableRow(page, url).getByTestId('action-enable').click();
    await expect.poll(async () => (await db().webhookEndpoint.findUniqueOrThrow({ where: { id: stored.id } })).enabled, { timeout: 10_000 }).toBe(true);
  });
});

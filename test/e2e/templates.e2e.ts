// Templates and webhook secrets in the console, in Chromium against the real server: an SMS template
// made on its screen (type and channel picked from server lists), edited with the server's refusal of
// a taken code shown on the Code field and a too-long name refused before the round trip, sent as a
// test with its parameter, and deleted; a mail template's edit form with its body fetched and its
// account picked; a notify template made on its form; a webhook endpoint's secret rotated from its row, the new one
// shown once and stored, the list showing only its mask.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock';
import { SYSTEM_TENANT_ID } from '../../src/core/tenant/tenant-directory';
import { unique } from '../support/admin';
import { staffContext } from '../support/app';
import { SEED } from '../support/database';
import { dialog, openMenu, saveDialog, signIn, submitDialog, tableRow, useConsole } from './browser';

const harness = useConsole('console_templates_e2e');
const db = () => harness.app.core.database.db;

async function choose(page: Page, label: string, option: string) {
  await dialog(page).locator('.ant-form-item', { has: page.getByLabel(label, { exact: true }) }).locator('.ant-select').click();
  await page.locator('.ant-select-item-option', { hasText: option }).click();
}

const formItem = (page: Page, label: string) => dialog(page).locator('.ant-form-item', { has: page.getByLabel(label, { exact: true }) });

describe('templates in the console', () => {
  it('creates an SMS template with a parameter, shows refusals on its fields when edited, sends a test and deletes it', async () => {
    const ctx = staffContext(systemClock);
    const signature = unique('Tmpl');
    const channelId = await harness.app.core.smsChannels.create(ctx, { signature, code: 'LOG', status: 0, apiKey: 'templates-log-key', apiSecret: 'templates-log-secret' });
    const takenCode = unique('taken-sms-');
    await harness.app.core.smsTemplates.create(ctx, { name: 'Taken', code: takenCode, type: 2, channelId, apiTemplateId: 'taken-1', content: 'Taken', status: 0 });

    const page = await harness.newPage();
    await signIn(page, harness.baseUrl);
    await openMenu(page, 'Messaging', 'SMS templates', 'SMS templates');
    const code = unique('shipped-');
    await page.getByTestId('create').click();
    await dialog(page).getByLabel('Name', { exact: true }).fill('Order shipped');
    await dialog(page).getByLabel('Code', { exact: true }).fill(code);
    await choose(page, 'Template type', 'Notification');
    await choose(page, 'Channel', signature);
    await dialog(page).getByLabel('Provider template ID').fill('SMS_0042');
    await dialog(page).getByLabel('Content').fill('Order {orderNo} has shipped');
    await harness.screenshot(page, 'templates-01-sms-create');
    await saveDialog(page);
    const row = tableRow(page, code);
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('Notification');
    const created = await db().smsTemplate.findFirstOrThrow({ where: { tenantId: SYSTEM_TENANT_ID, code } });
    expect(created).toMatchObject({ name: 'Order shipped', type: 2, channelId, apiTemplateId: 'SMS_0042', content: 'Order {orderNo} has shipped', status: 0 });

    await row.getByTestId('row-edit').click();
    await expect(dialog(page).getByLabel('Content').inputValue()).resolves.toBe('Order {orderNo} has shipped');
    await dialog(page).getByLabel('Name', { exact: true }).fill('x'.repeat(64));
    await submitDialog(page);
    await formItem(page, 'Name').getByText('Name: at most 63 characters').waitFor();
    await dialog(page).getByLabel('Name', { exact: true }).fill('Order shipped (edited)');
    // The server's refusal (extensions.fieldErrors) goes next to the field it names.
    await dialog(page).getByLabel('Code', { exact: true }).fill(takenCode);
    await submitDialog(page);
    await formItem(page, 'Code').locator('.ant-form-item-explain-error', { hasText: `An SMS template with code ${takenCode} already exists` }).waitFor();
    await harness.screenshot(page, 'templates-02-sms-edit-refused');
    await dialog(page).getByLabel('Code', { exact: true }).fill(code);
    await saveDialog(page);
    await tableRow(page, 'Order shipped (edited)').waitFor();
    await expect(db().smsTemplate.findUniqueOrThrow({ where: { id: created.id } })).resolves.toMatchObject({ name: 'Order shipped (edited)', code });

    const mobile = `+8613${String(Date.now()).slice(-9)}`;
    await tableRow(page, code).getByTestId('action-send-test').click();
    await dialog(page).getByLabel('Mobile').fill(mobile);
    await dialog(page).getByLabel('Parameter orderNo').fill('SO-2026-0042');
    await saveDialog(page);
    await page.locator('.ant-message-success', { hasText: 'Sent' }).waitFor();
    await expect(db().smsLog.findFirstOrThrow({ where: { tenantId: SYSTEM_TENANT_ID, mobile } })).resolves.toMatchObject({
      templateId: created.id,
      content: 'Order SO-2026-0042 has shipped',
    });

    await tableRow(page, code).getByTestId('row-delete').click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await tableRow(page, code).waitFor({ state: 'detached' });
    await expect(db().smsTemplate.count({ where: { id: created.id } })).resolves.toBe(0);
  });

  it("edits a mail template whose body the form fetches, and creates a notify template on its form", async () => {
    const ctx = staffContext(systemClock);
    const mail = `${unique('tmpl-sender-')}@example.com`;
    const accountId = await harness.app.core.mailAccounts.create(ctx, { mail, username: 'tmpl-user', password: 'tmpl-pass', host: 'smtp.example.com', port: 25, sslEnable: false });
    const mailCode = unique('welcome-');
    const body = '<p>Welcome, {name}</p>';
    const mailTemplateId = await harness.app.core.mailTemplates.create(ctx, { name: 'Welcome', code: mailCode, accountId, languageCode: 'en', nickname: 'OpenBuy', title: 'Hello {name}', content: body, status: 0 });

    const page = await harness.newPage();
    await signIn(page, harness.baseUrl);
    await openMenu(page, 'Messaging', 'Mail templates', 'Mail templates');
    await tableRow(page, mailCode).getByTestId('row-edit').click();
    await expect.poll(() => dialog(page).getByLabel('Content').inputValue()).toBe(body);
    await expect(formItem(page, 'Mail account').innerText()).resolves.toContain('smtp.example.com');
    await dialog(page).getByLabel('Title').fill('Welcome aboard, {name}');
    await harness.screenshot(page, 'templates-04-mail-edit');
    await saveDialog(page);
    await tableRow(page, 'Welcome aboard, {name}').waitFor();
    await expect(db().mailTemplate.findUniqueOrThrow({ where: { id: mailTemplateId } })).resolves.toMatchObject({ title: 'Welcome aboard, {name}', content: body, accountId });

    await openMenu(page, 'Messaging', 'Notify templates', 'Notify templates');
    const notifyCode = unique('stocktake-');
    await page.getByTestId('create').click();
    await dialog(page).getByLabel('Name', { exact: true }).fill('Stocktake');
    await dialog(page).getByLabel('Code', { exact: true }).fill(notifyCode);
    await dialog(page).getByLabel('Language').fill('zh-CN');
    await dialog(page).getByLabel('Sender').fill('Warehouse');
    await dialog(page).getByLabel('Content').fill('Stocktake on {day}');
    await saveDialog(page);
    await tableRow(page, notifyCode).waitFor();
    await expect(db().notifyTemplate.findFirstOrThrow({ where: { tenantId: SYSTEM_TENANT_ID, code: notifyCode } })).resolves.toMatchObject({
      languageCode: 'zh-CN',
      type: 1,
      nickname: 'Warehouse',
      content: 'Stocktake on {day}',
    });
  });

  it("rotates a webhook endpoint's secret from its row and shows the new one once", async () => {
    const url = `https://${unique('hooks-')}.example.com/openbuy`;
    const { endpoint, secret: firstSecret } = await harness.app.core.webhookEndpoints.create(staffContext(systemClock), {
      partnerClientId: SEED.partnerClientId,
      url,
      eventTypes: ['purchase_order.paid'],
    });
    const page = await harness.newPage();
    await signIn(page, harness.baseUrl);
    await openMenu(page, 'Partners', 'Webhook endpoints', 'Webhook endpoints');
    await tableRow(page, url).getByTestId('action-rotate-secret').click();
    await dialog(page).getByLabel('Old secret still signs for (seconds)').fill('3600');
    await submitDialog(page);

    const shown = page.getByTestId('shown-once');
    await shown.waitFor();
    const newSecret = await page.getByTestId('shown-once-value').innerText();
    await harness.screenshot(page, 'templates-03-webhook-secret-shown-once');
    const stored = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpoint.id } });
    expect(stored).toMatchObject({ secret: newSecret, previousSecret: firstSecret });
    expect(newSecret).not.toBe(firstSecret);
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
    await shown.waitFor({ state: 'detached' });
    await expect(tableRow(page, url).innerText()).resolves.toContain(`whsec_****${newSecret.slice(-4)}`);
    await expect(page.content()).resolves.not.toContain(newSecret);
  });
});

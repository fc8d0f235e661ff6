// Credentials in the console, in Chromium against the real server: an OAuth 2.0 client's secret is
// shown once after create and masked from then on (an edit that leaves it keeps it), a social
// client's likewise; a mail account edited without touching its password still signs in to its SMTP
// server (a template's send test goes through); SMS and notify templates' send tests land in the SMS
// log and the notify messages; a tenant made on a package made here, its administrator asked on
// create only, signs in to the package's menus.
import { describe, expect, it } from 'vitest';
import { systemClock } from '../../src/core/clock';
import { SYSTEM_TENANT_ID } from '../../src/core/tenant/tenant-directory';
import { unique } from '../support/admin';
import { staffContext } from '../support/app';
import { useSmtpServer } from '../support/smtp-server';
import { checkTreeNodes, choose, dialog, openMenu, saveDialog, signIn, tableRow, useConsole } from './browser';

const SMTP_CREDENTIALS = { username: 'console-smtp-user', password: 'console-smtp-pass-1' };
const smtp = useSmtpServer({ credentials: SMTP_CREDENTIALS });
const harness = useConsole('console_credentials_e2e');
const db = () => harness.app.core.database.db;

describe('credentials in the console', () => {
  it('shows an OAuth 2.0 client secret once after create, masked afterwards, and an edit leaving it keeps it', async () => {
    const clientId = unique('console-client-');
    const secret = unique('shown-once-secret-');
    const page = await harness.newPage();
    await signIn(page, harness.baseUrl);
    await openMenu(page, 'OAuth 2.0', 'Clients', 'OAuth 2.0 clients');
    await page.getByTestId('create').click();
    await dialog(page).getByLabel('Client ID').fill(clientId);
    await dialog(page).getByLabel('Client secret').fill(secret);
    await dialog(page).getByLabel('Name', { exact: true }).fill('Console partner');
    await dialog(page).getByRole('button', { name: 'OK' }).click();

    const shown = page.getByTestId('shown-once');
    await shown.waitFor();
    await expect(page.getByTestId('shown-once-value').innerText()).resolves.toBe(secret);
    await harness.screenshot(page, 'credentials-01-oauth2-secret-shown-once');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'OK' }).click();
    await shown.waitFor({ state: 'detached' });

    const row = tableRow(page, clientId);
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('******');
    const storedHash = (await db().oAuth2Client.findUniqueOrThrow({ where: { clientId } })).secretHash;

    await row.getByTestId('row-edit').click();
    await expect(dialog(page).getByLabel('Client secret').inputValue()).resolves.toBe('******');
    await page.locator('.ant-modal[class*="ant-zoom"]').waitFor({ state: 'detached' }); // opened, not mid-animation
    await harness.screenshot(page, 'credentials-02-oauth2-edit-masked');
    await dialog(page).getByLabel('Partner', { exact: true }).fill('Edited partner');
    await expect(page.content()).resolves.not.toContain(secret);
    await saveDialog(page);
    await tableRow(page, 'Edited partner').waitFor();
    await expect(page.content()).resolves.not.toContain(secret);
    expect((await db().oAuth2Client.findUniqueOrThrow({ where: { clientId } })).secretHash).toBe(storedHash);
  });

  it('keeps a mail account password through an edit that leaves it, and sends a template test through that account', async () => {
    const mail = `${unique('console-sender-')}@example.com`;
    const page = await harness.newPage();
    await signIn(page, harness.baseUrl);
    await openMenu(page, 'Messaging', 'Mail accounts', 'Mail accounts');
    await page.getByTestId('create').click();
    await dialog(page).getByLabel('Address').fill(mail);
    await dialog(page).getByLabel('SMTP user').fill(SMTP_CREDENTIALS.username);
    await dialog(page).getByLabel('SMTP password').fill(SMTP_CREDENTIALS.password);
    await dialog(page).getByLabel('SMTP host').fill('127.0.0.1');
    // A port nothing listens on: the edit below points it at the SMTP server.
    await dialog(page).getByLabel('SMTP port').fill('1');
    await choose(page, 'TLS from the start', 'No');
    await saveDialog(page);
    const account = await db().mailAccount.findFirstOrThrow({ where: { tenantId: SYSTEM_TENANT_ID, mail } });

    const row = tableRow(page, '127.0.0.1');
    await row.getByTestId('row-edit').click();
    await expect(dialog(page).getByLabel('SMTP password').inputValue()).resolves.toBe('******');
    await expect(dialog(page).getByLabel('Address').inputValue()).resolves.not.toBe(mail);
    await dialog(page).getByLabel('SMTP port').fill(String(smtp.port));
    await harness.screenshot(page, 'credentials-03-mail-account-edit');
    await saveDialog(page);
    await tableRow(page, String(smtp.port)).waitFor();
    const edited = await db().mailAccount.findUniqueOrThrow({ where: { id: account.id } });
    expect({ mail: edited.mail, username: edited.username, password: edited.password, port: edited.port }).toEqual({
      mail,
      username: SMTP_CREDENTIALS.username,
      password: SMTP_CREDENTIALS.password,
      port: smtp.port,
    });

    // The proof that counts: the SMTP server takes only that user and password.
    const code = unique('console-mail-');
    await harness.app.core.mailTemplates.create(staffContext(systemClock), {
      name: 'Console test mail',
      code,
      accountId: account.id,
      languageCode: 'en',
      nickname: 'OpenBuy',
      title: 'Order {orderNo}',
      content: 'Your order {orderNo} has shipped.',
      status: 0,
    });
    await openMenu(page, 'Messaging', 'Mail templates', 'Mail templates');
    await tableRow(page, code).getByTestId('action-send-test').click();
    await dialog(page).getByLabel('To').fill('buyer@example.com');
    await dialog(page).getByLabel('Parameter orderNo').fill('SO-2026-0042');
    await harness.screenshot(page, 'credentials-04-mail-send-test');
    await saveDialog(page);
    await page.locator('.ant-message-success', { hasText: 'Sent' }).waitFor();
    await expect.poll(() => smtp.received.find((received) => received.envelopeTo.includes('buyer@example.com'))?.user).toBe(SMTP_CREDENTIALS.username);
    expect(smtp.received.at(-1)!.raw).toContain('SO-2026-0042');
  });

  it('sends a test SMS from a template through a LOG channel made on its screen, and shows it in the SMS log', async () => {
    const signature = unique('Console');
    const page = await harness.newPage();
    await signIn(page, harness.baseUrl);
    await openMenu(page, 'Messaging', 'SMS channels', 'SMS channels');
    await page.getByTestId('create').click();
    await dialog(page).getByLabel('Signature').fill(signature);
    await choose(page, 'Channel', 'LOG');
    await dialog(page).getByLabel('API key').fill('console-log-key');
    await dialog(page).getByLabel('API secret').fill('console-log-secret');
    await saveDialog(page);
    const channelRow = tableRow(page, signature);
    await channelRow.waitFor();
    await expect(channelRow.innerText()).resolves.not.toContain('console-log-secret');
    await harness.screenshot(page, 'credentials-05-sms-channels');
    const channel = await db().smsChannel.findFirstOrThrow({ where: { tenantId: SYSTEM_TENANT_ID, signature } });

    const code = unique('console-sms-');
    await harness.app.core.smsTemplates.create(staffContext(systemClock), {
      name: 'Console test SMS',
      code,
      type: 1,
      channelId: channel.id,
      apiTemplateId: 'console-1',
      content: 'Your code is {code}',
      status: 0,
    });
    const mobile = `+8613${String(Date.now()).slice(-9)}`;
    await openMenu(page, 'Messaging', 'SMS templates', 'SMS templates');
    await tableRow(page, code).getByTestId('action-send-test').click();
    await dialog(page).getByLabel('Mobile').fill(mobile);
    await dialog(page).getByLabel('Parameter code').fill('424242');
    await harness.screenshot(page, 'credentials-06-sms-send-test');
    await saveDialog(page);
    await page.locator('.ant-message-success', { hasText: 'Sent' }).waitFor();

    await openMenu(page, 'Messaging', 'SMS logs', 'SMS log');
    const logRow = tableRow(page, mobile);
    await logRow.waitFor();
    await expect(logRow.innerText()).resolves.toContain('Your code is 424242');
    await harness.screenshot(page, 'credentials-07-sms-log');
  });

  it('sends a test notify message from a template to an administrator, who finds it among the notify messages', async () => {
    const code = unique('console-notify-');
    await harness.app.core.notifyTemplates.create(staffContext(systemClock), {
      name: 'Console test notice',
      code,
      languageCode: 'en',
      type: 2,
      nickname: 'OpenBuy',
      content: 'Stocktake on {day}',
      status: 0,
    });
    const page = await harness.newPage();
    await signIn(page, harness.baseUrl);
    await openMenu(page, 'Messaging', 'Notify templates', 'Notify templates');
    await tableRow(page, code).getByTestId('action-send-test').click();
    await dialog(page).getByLabel('User ID').fill('1');
    await dialog(page).getByLabel('Parameter day').fill('Friday');
    await saveDialog(page);
    await page.locator('.ant-message-success', { hasText: 'Sent' }).waitFor();
    await openMenu(page, 'Messaging', 'Notify messages', 'Notify messages');
    await expect(tableRow(page, code).innerText()).resolves.toContain('Stocktake on Friday');
  });

  it('keeps a social client secret masked through an edit that leaves it', async () => {
    const name = unique('Console DingTalk ');
    // One DingTalk client per user type and tenant: a retry starts without the one its first attempt made.
    await db().socialClient.deleteMany({ where: { tenantId: SYSTEM_TENANT_ID, socialType: 20 } });
    const page = await harness.newPage();
    await signIn(page, harness.baseUrl);
    await openMenu(page, 'OAuth 2.0', 'Social clients', 'Social clients');
    await page.getByTestId('create').click();
    await dialog(page).getByLabel('Name', { exact: true }).fill(name);
    await dialog(page).getByLabel('Platform code').fill('20');
    await dialog(page).getByLabel('App key').fill(unique('ding-key-'));
    await dialog(page).getByLabel('App secret').fill('console-social-secret');
    await saveDialog(page);
    const row = tableRow(page, name);
    await row.waitFor();
    await expect(row.innerText()).resolves.toContain('******');
    await expect(row.innerText()).resolves.toContain('DingTalk');
    await expect(page.content()).resolves.not.toContain('console-social-secret');

    await row.getByTestId('row-edit').click();
    await expect(dialog(page).getByLabel('App secret').inputValue()).resolves.toBe('******');
    await dialog(page).getByLabel('Agent ID').fill('agent-7');
    await saveDialog(page);
    await tableRow(page, 'agent-7').waitFor();
    await harness.screenshot(page, 'credentials-08-social-clients');
    const stored = await db().socialClient.findFirstOrThrow({ where: { tenantId: SYSTEM_TENANT_ID, name } });
    expect({ clientSecret: stored.clientSecret, agentId: stored.agentId }).toEqual({ clientSecret: 'console-social-secret', agentId: 'agent-7' });
  });

  it('creates a tenant on a package made here, its administrator asked on create only, who signs in to the package\'s menus; edits and deletes it', async () => {
    const packageName = unique('Posts only ');
    const tenantName = unique('Shop ');
    const admin = { tenant: tenantName, username: unique('shopadmin'), password: 'shop-password-1' };
    const page = await harness.newPage();
    await signIn(page, harness.baseUrl);
    await openMenu(page, 'Tenancy', 'Tenant packages', 'Tenant packages');
    await page.getByTestId('create').click();
    await dialog(page).getByLabel('Name').fill(packageName);
    await checkTreeNodes(page, 'Posts', 1); // and its query button
    await saveDialog(page);
    await tableRow(page, packageName).waitFor();

    await openMenu(page, 'Tenancy', 'Tenants', 'Tenants');
    await page.getByTestId('create').click();
    await dialog(page).getByLabel('Name', { exact: true }).fill(tenantName);
    await choose(page, 'Package', packageName);
    await dialog(page).getByLabel('Administrator username').fill(admin.username);
    await dialog(page).getByLabel('Administrator password').fill(admin.password);
    await dialog(page).getByLabel('Contact', { exact: true }).fill('Ms Shop');
    await dialog(page).getByLabel('User quota').fill('5');
    await dialog(page).getByLabel('Expires').fill('2030-06-15 12:00:00');
    await dialog(page).getByLabel('Expires').press('Enter');
    await harness.screenshot(page, 'credentials-09-tenant-create');
    await saveDialog(page);
    const row = tableRow(page, tenantName);
    await expect(row.innerText()).resolves.toContain(packageName);
    const stored = await db().tenant.findUniqueOrThrow({ where: { name: tenantName } });
    expect(stored.expireTime.toISOString().slice(0, 10)).toBe('2030-06-15');

    await row.getByTestId('row-edit').click();
    await dialog(page).getByLabel('Contact', { exact: true }).waitFor();
    await expect(dialog(page).getByLabel('Administrator username').count()).resolves.toBe(0);
    await expect(dialog(page).getByLabel('Administrator password').count()).resolves.toBe(0);
    await dialog(page).getByLabel('Contact', { exact: true }).fill('Mr Shop');
    await saveDialog(page);
    await tableRow(page, 'Mr Shop').waitFor();
    await expect(tableRow(page, 'OpenBuy').getByTestId('row-edit').count(), 'the system tenant is not edited').resolves.toBe(0);
    await harness.screenshot(page, 'credentials-10-tenants');

    const shopPage = await harness.newPage();
    await signIn(shopPage, harness.baseUrl, admin);
    await openMenu(shopPage, 'System', 'Posts', 'Posts');
    const menuItems = await shopPage.locator('.ant-pro-sider .ant-menu-item').allInnerTexts();
    expect(menuItems.map((text) => text.trim())).toEqual(['Posts']);
    await harness.screenshot(shopPage, 'credentials-11-tenant-administrator');

    await tableRow(page, tenantName).getByTestId('row-delete').click();
    await page.getByRole('button', { name: 'Yes' }).click();
    await tableRow(page, tenantName).waitFor({ state: 'detached' });
  });
});

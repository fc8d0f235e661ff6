// Verification codes through /graphql: send (delivered by a WEBHOOK SMS channel and by real SMTP to
// local servers), validate and use; expiry, the minimum interval, the daily maximum (and its
// reset the next UTC day), the wrong-attempt limit, one use only, concurrent uses and sends, the
// bounds of each shape, permissions, tenants, and every limit read from the configuration.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../src/core/clock';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { RequestContext } from '../src/core/request-context';
import { SCENES } from '../src/core/verification/verification-scenes';
import { createTestApp, type TestApp, useTestApp } from './support/app';
import { createAdmin, errorCode, graphql, type GraphQLAnswer, unique } from './support/admin';
import { type SignedInAdmin, signedInAdmin, tokenFor } from './support/admin-org';
import { expectPermissionRefusals } from './support/graphql-expect';
import { mailBody, useSmtpServer } from './support/smtp-server';
import { useStubServer } from './support/stub-server';

/** What the SMS webhook received: the channel of both apps here posts every message to it. */
const smsDelivered: { logId: number; mobile: string; params: { code: string } }[] = [];
const smsWebhook = useStubServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => (body += String(chunk)));
  request.on('end', () => {
    smsDelivered.push(JSON.parse(body));
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"code":"0","msg":"queued"}');
  });
});
const test = useTestApp('verification_codes');
const smtp = useSmtpServer();

const SEND_SMS = 'mutation($input: SmsCodeSendReqDTO!) { sendSmsCode(input: $input) }';
const VALIDATE_SMS = 'mutation($input: SmsCodeValidateReqDTO!) { validateSmsCode(input: $input) }';
const USE_SMS = 'mutation($input: SmsCodeUseReqDTO!) { useSmsCode(input: $input) }';
const SEND_MAIL = 'mutation($input: MailCodeSendReqDTO!) { sendMailCode(input: $input) }';
const VALIDATE_MAIL = 'mutation($input: MailCodeValidateReqDTO!) { validateMailCode(input: $input) }';
const USE_MAIL = 'mutation($input: MailCodeUseReqDTO!) { useMailCode(input: $input) }';
const PAGE = `query($input: VerificationCodePageReqVO!) {
  verificationCodePage(input: $input) { total list { id channel target scene createIp todayIndex used usedTime usedIp attempts createTime expireTime } }
}`;
const SMS_LOG_PAGE = 'query($input: SmsLogPageReqVO!) { smsLogPage(input: $input) { total list { id mobile content params sendStatus } } }';
const MAIL_LOG_PAGE = 'query($input: MailLogPageReqVO!) { mailLogPage(input: $input) { total list { id toMail title content params sendStatus } } }';

const ALL = ['system:verification-code:query', 'system:verification-code:send', 'system:verification-code:use'];
/** The scene whose SMS template the tenants lack: sends for it cannot be delivered. */
const UNDELIVERABLE_SCENE = 22;
const SECOND = 1000;
const DAY = 86_400 * SECOND;

let admin: SignedInAdmin;

const mobile = () => `+86${String(Math.floor(Math.random() * 1e11)).padStart(11, '0')}`;
const mailAddress = () => `${unique('user-')}@example.test`;

/** A WEBHOOK SMS channel with a template per scene (but UNDELIVERABLE_SCENE), and a mail account on the local SMTP server with a template per scene. */
async function setUpMessaging(tenantId: number): Promise<void> {
  const { db } = test;
  const now = new Date(test.clock.now());
  const stamps = { tenantId, createdAt: now, updatedAt: now };
  const channel = await db.smsChannel.create({ data: { ...stamps, signature: 'OpenBuy', code: 'WEBHOOK', status: 0, apiKey: 'hook-key', apiSecret: 'hook-secret', callbackUrl: `${smsWebhook.base}/sms` } });
  const account = await db.mailAccount.create({
    data: { ...stamps, mail: 'codes@openbuy.test', username: 'codes', password: 'smtp-password', host: '127.0.0.1', port: smtp.port, sslEnable: false },
  });
  for (const { scene, templateCode } of SCENES) {
    if (scene !== UNDELIVERABLE_SCENE) {
      await db.smsTemplate.create({
        data: { ...stamps, type: 1, status: 0, code: templateCode, name: templateCode, content: 'Your OpenBuy code is {code}', params: ['code'], apiTemplateId: `tpl-${scene}`, channelId: channel.id },
      });
    }
    await db.mailTemplate.create({
      data: { ...stamps, name: templateCode, code: templateCode, languageCode: 'en', accountId: account.id, nickname: 'OpenBuy', title: 'Your code', content: '<p>Your code is {code}</p>', params: ['code'], status: 0 },
    });
  }
}

/** The code the SMS webhook received last for `target` (its SMS log row says it went out). */
async function deliveredSmsCode(target: string): Promise<string> {
  const delivered = smsDelivered.findLast((message) => message.mobile === target);
  expect(delivered, target).toBeDefined();
  expect((await test.db.smsLog.findUniqueOrThrow({ where: { id: delivered!.logId } })).sendStatus).toBe(10);
  return delivered!.params.code;
}

/** The code the SMTP server received last for `target`. */
function deliveredMailCode(target: string): string {
  const delivered = smtp.received.findLast((message) => message.envelopeTo.includes(target));
  expect(delivered, target).toBeDefined();
  return /code is (\d+)/.exec(mailBody(delivered!.raw))![1]!;
}

/** A token string, or an administrator of this app whose token is issued again once the clock (moved by days here) nears its expiry. */
type Caller = string | SignedInAdmin;
const issued = new Map<number, { token: string; at: number }>();

async function tokenOf(caller: Caller): Promise<string> {
  if (typeof caller === 'string') return caller;
  const last = issued.get(caller.id);
  if (last && test.clock.now() - last.at < 30 * 60 * SECOND) return last.token;
  const token = await tokenFor(test.core, caller);
  issued.set(caller.id, { token, at: test.clock.now() });
  return token;
}

async function call<T>(caller: Caller, query: string, input: Record<string, unknown>, app: FastifyInstance = test.app) {
  return graphql<T>(app, query, { token: await tokenOf(caller), variables: { input } });
}

function sendSms(caller: Caller, target: string, scene = 1, app?: FastifyInstance) {
  return call<{ sendSmsCode: boolean }>(caller, SEND_SMS, { mobile: target, scene, createIp: '198.51.100.7' }, app);
}

function useSms(caller: Caller, target: string, code: string, scene = 1, app?: FastifyInstance) {
  return call<{ useSmsCode: boolean }>(caller, USE_SMS, { mobile: target, scene, code, usedIp: '203.0.113.9' }, app);
}

function validateSms(caller: Caller, target: string, code: string, scene = 1) {
  return call<{ validateSmsCode: boolean }>(caller, VALIDATE_SMS, { mobile: target, scene, code });
}

/** A code of the same length that is not `code`. */
const wrong = (code: string) => code.replace(/^./, (digit) => String((Number(digit) + 1) % 10));

function expectRefused(answer: GraphQLAnswer<unknown>, error: { code: number }): void {
  expect(answer.errors?.[0]?.message).toBeDefined();
  expect(errorCode(answer)).toBe(error.code);
}

beforeAll(async () => {
  admin = await signedInAdmin(test.core, { permissions: ALL });
  await setUpMessaging(admin.tenantId);
});

describe('SMS verification codes', () => {
  it('sends a code through the SMS channel, stores it, and lets it be used once', async () => {
    const target = mobile();
    expect((await sendSms(admin, target)).data).toEqual({ sendSmsCode: true });
    const code = await deliveredSmsCode(target);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await test.db.verificationCode.findFirstOrThrow({ where: { target } });
    expect(stored).toMatchObject({ tenantId: admin.tenantId, channel: 'sms', scene: 1, code, createIp: '198.51.100.7', todayIndex: 1, used: false, attempts: 0 });

    test.clock.advance(5 * SECOND);
    expect((await useSms(admin, target, code)).data).toEqual({ useSmsCode: true });
    expect(await test.db.verificationCode.findUniqueOrThrow({ where: { id: stored.id } })).toMatchObject({
      used: true,
      usedTime: new Date(test.clock.now()),
      usedIp: '203.0.113.9',
    });
    expectRefused(await useSms(admin, target, code), ErrorCatalogue.VERIFICATION_CODE_USED);
    expectRefused(await validateSms(admin, target, code), ErrorCatalogue.VERIFICATION_CODE_USED);
  });

  it('validates without using, and a code is only good for its scene', async () => {
    const target = mobile();
    await sendSms(admin, target, 3);
    const code = await deliveredSmsCode(target);
    expect((await validateSms(admin, target, code, 3)).data).toEqual({ validateSmsCode: true });
    expect((await validateSms(admin, target, code, 3)).data).toEqual({ validateSmsCode: true });
    expectRefused(await useSms(admin, target, code, 4), ErrorCatalogue.VERIFICATION_CODE_NOT_FOUND);
    expect((await useSms(admin, target, code, 3)).data).toEqual({ useSmsCode: true });
  });

  it('answers NOT_FOUND for a target that was never sent a code', async () => {
    expectRefused(await useSms(admin, mobile(), '123456'), ErrorCatalogue.VERIFICATION_CODE_NOT_FOUND);
    expectRefused(await validateSms(admin, mobile(), '123456'), ErrorCatalogue.VERIFICATION_CODE_NOT_FOUND);
  });

  it('expires a code expiresSeconds (600) after it was sent', async () => {
    const target = mobile();
    await sendSms(admin, target);
    const code = await deliveredSmsCode(target);
    test.clock.advance(600 * SECOND - 1);
    expect((await validateSms(admin, target, code)).data).toEqual({ validateSmsCode: true });
    test.clock.advance(1);
    expectRefused(await validateSms(admin, target, code), ErrorCatalogue.VERIFICATION_CODE_EXPIRED);
    expectRefused(await useSms(admin, target, code), ErrorCatalogue.VERIFICATION_CODE_EXPIRED);
    expect(await test.db.verificationCode.findFirstOrThrow({ where: { target } })).toMatchObject({ used: false });
  });

  it('keeps minIntervalSeconds (60) between sends to a target for one scene; a new code replaces the old one', async () => {
    const target = mobile();
    await sendSms(admin, target);
    const first = await deliveredSmsCode(target);
    const again = await sendSms(admin, target);
    expectRefused(again, ErrorCatalogue.VERIFICATION_CODE_SEND_TOO_FAST);
    expect(again.errors![0]!.message).toContain('wait 60 seconds');
    expect((await sendSms(admin, target, 2)).data).toEqual({ sendSmsCode: true });

    test.clock.advance(59 * SECOND);
    expect((await sendSms(admin, target)).errors![0]!.message).toContain('wait 1 seconds');
    test.clock.advance(1 * SECOND);
    expect((await sendSms(admin, target)).data).toEqual({ sendSmsCode: true });
    const second = await deliveredSmsCode(target);
    expect(await test.db.verificationCode.count({ where: { target } })).toBe(3);
    // The old code is refused (should the random draw repeat it, one time in a million, another code stands in).
    const stale = first === second ? String((Number(second) + 1) % 1_000_000).padStart(6, '0') : first;
    expectRefused(await useSms(admin, target, stale), ErrorCatalogue.VERIFICATION_CODE_MISMATCH);
    expect((await useSms(admin, target, second)).data).toEqual({ useSmsCode: true });
  });

  it('sends at most dailyMaxPerTarget (10) codes to a target per UTC day, all scenes together, and again the next day', async () => {
    const target = mobile();
    for (let send = 1; send <= 10; send++) {
      expect((await sendSms(admin, target, send % 2 === 0 ? 1 : 2)).data, `send ${send}`).toEqual({ sendSmsCode: true });
      test.clock.advance(61 * SECOND);
    }
    const refused = await sendSms(admin, target, 3);
    expectRefused(refused, ErrorCatalogue.VERIFICATION_CODE_DAILY_LIMIT);
    expect(refused.errors![0]!.message).toContain('(10)');
    expect((await sendSms(admin, mobile(), 3)).data).toEqual({ sendSmsCode: true });

    test.clock.advance(Math.ceil((test.clock.now() + 1) / DAY) * DAY - test.clock.now());
    expect((await sendSms(admin, target, 3)).data).toEqual({ sendSmsCode: true });
    const latest = await test.db.verificationCode.findFirstOrThrow({ where: { target }, orderBy: { id: 'desc' } });
    expect(latest.todayIndex).toBe(1);
    const indexes = await test.db.verificationCode.findMany({ where: { target, id: { lt: latest.id } }, select: { todayIndex: true }, orderBy: { id: 'asc' } });
    expect(indexes.map((row) => row.todayIndex)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('burns a code after maxAttempts (5) wrong codes, validate counting too', async () => {
    const target = mobile();
    await sendSms(admin, target);
    const code = await deliveredSmsCode(target);
    for (let attempt = 1; attempt <= 4; attempt++) {
      const answer = attempt % 2 === 0 ? await validateSms(admin, target, wrong(code)) : await useSms(admin, target, wrong(code));
      expectRefused(answer, ErrorCatalogue.VERIFICATION_CODE_MISMATCH);
      expect(answer.errors![0]!.message).toContain(`${5 - attempt} attempt(s) left`);
    }
    expectRefused(await useSms(admin, target, '0'), ErrorCatalogue.VERIFICATION_CODE_ATTEMPTS_EXCEEDED);
    expectRefused(await useSms(admin, target, code), ErrorCatalogue.VERIFICATION_CODE_ATTEMPTS_EXCEEDED);
    expectRefused(await validateSms(admin, target, code), ErrorCatalogue.VERIFICATION_CODE_ATTEMPTS_EXCEEDED);
    expect(await test.db.verificationCode.findFirstOrThrow({ where: { target } })).toMatchObject({ attempts: 5, used: false, usedTime: null });

    test.clock.advance(60 * SECOND);
    await sendSms(admin, target);
    expect((await useSms(admin, target, await deliveredSmsCode(target))).data).toEqual({ useSmsCode: true });
  });

  it('lets exactly one of many concurrent uses of a code succeed', async () => {
    const target = mobile();
    await sendSms(admin, target);
    const code = await deliveredSmsCode(target);
    const answers = await Promise.all(Array.from({ length: 8 }, () => useSms(admin, target, code)));
    expect(answers.filter((answer) => answer.data?.useSmsCode === true)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.errors)) expect(errorCode(answer)).toBe(ErrorCatalogue.VERIFICATION_CODE_USED.code);
  });

  it('holds under calls that interleave query by query (core calls): one send of many, one use of many', async () => {
    // Called on the core directly, every call reads before any of them writes (SQLite runs one query
    // at a time; /graphql requests tend to run one after another there): only the unique send index
    // and the conditional update can tell them apart.
    const target = mobile();
    const ctx = new RequestContext('concurrent-calls', admin.tenantId, { kind: 'admin', userId: admin.id }, '127.0.0.1', test.clock);
    const rejectedCodes = (outcomes: PromiseSettledResult<unknown>[]) =>
      outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected').map((outcome) => (outcome.reason as { code: number }).code);

    const sends = await Promise.allSettled(Array.from({ length: 6 }, () => test.core.verificationCodes.send(ctx, 'sms', { mobile: target, scene: 1, createIp: '192.0.2.44' })));
    expect(sends.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(new Set(rejectedCodes(sends))).toEqual(new Set([ErrorCatalogue.VERIFICATION_CODE_SEND_TOO_FAST.code]));
    expect(await test.db.verificationCode.count({ where: { target } })).toBe(1);

    const code = await deliveredSmsCode(target);
    const uses = await Promise.allSettled(Array.from({ length: 8 }, () => test.core.verificationCodes.use(ctx, 'sms', { mobile: target, scene: 1, code, usedIp: '192.0.2.44' })));
    expect(uses.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(new Set(rejectedCodes(uses))).toEqual(new Set([ErrorCatalogue.VERIFICATION_CODE_USED.code]));
    expect(await test.db.verificationCode.findFirstOrThrow({ where: { target } })).toMatchObject({ used: true, usedIp: '192.0.2.44' });
  });

  it('never counts more than maxAttempts for concurrent wrong codes', async () => {
    const target = mobile();
    await sendSms(admin, target);
    const code = await deliveredSmsCode(target);
    const answers = await Promise.all(Array.from({ length: 8 }, () => useSms(admin, target, wrong(code))));
    expect(answers.every((answer) => answer.errors)).toBe(true);
    expect(await test.db.verificationCode.findFirstOrThrow({ where: { target } })).toMatchObject({ attempts: 5 });
    expectRefused(await useSms(admin, target, code), ErrorCatalogue.VERIFICATION_CODE_ATTEMPTS_EXCEEDED);
  });

  it('lets one of many concurrent sends to a target and scene through, and holds the daily maximum under concurrency', async () => {
    const target = mobile();
    const answers = await Promise.all(Array.from({ length: 6 }, () => sendSms(admin, target)));
    expect(answers.filter((answer) => answer.data?.sendSmsCode === true)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.errors)) expect(errorCode(answer)).toBe(ErrorCatalogue.VERIFICATION_CODE_SEND_TOO_FAST.code);

    // Nine sent today: six concurrent sends for six scenes compete for the last one.
    for (let send = 2; send <= 9; send++) {
      test.clock.advance(61 * SECOND);
      await sendSms(admin, target);
    }
    test.clock.advance(61 * SECOND);
    const scenes = [1, 2, 3, 4, 5, 21];
    const last = await Promise.all(scenes.map((scene) => sendSms(admin, target, scene)));
    expect(last.filter((answer) => answer.data?.sendSmsCode === true)).toHaveLength(1);
    expect(await test.db.verificationCode.count({ where: { target } })).toBe(10);
  });

  it('removes a code it could not deliver, so the sends of the target are not spent', async () => {
    const target = mobile();
    const answer = await sendSms(admin, target, UNDELIVERABLE_SCENE);
    expectRefused(answer, ErrorCatalogue.SMS_TEMPLATE_CODE_NOT_FOUND);
    expect(await test.db.verificationCode.count({ where: { target } })).toBe(0);
  });
});

describe('mail verification codes', () => {
  it('sends a code by SMTP and lets it be used once; addresses compare in lower case', async () => {
    const target = mailAddress();
    const answer = await call(admin, SEND_MAIL, { mail: target.toUpperCase(), scene: 1, createIp: '2001:db8::7' });
    expect(answer.data).toEqual({ sendMailCode: true });
    const code = deliveredMailCode(target.toLowerCase());
    expect(await test.db.verificationCode.findFirstOrThrow({ where: { target: target.toLowerCase() } })).toMatchObject({ channel: 'mail', code, createIp: '2001:db8::7' });

    const validated = await call(admin, VALIDATE_MAIL, { mail: target, scene: 1, code });
    expect(validated.data).toEqual({ validateMailCode: true });
    const used = await call(admin, USE_MAIL, { mail: target, scene: 1, code, usedIp: '2001:db8::9' });
    expect(used.data).toEqual({ useMailCode: true });
    const again = await call(admin, USE_MAIL, { mail: target, scene: 1, code, usedIp: '2001:db8::9' });
    expectRefused(again, ErrorCatalogue.VERIFICATION_CODE_USED);
  });

  it('keeps the interval between mail sends too', async () => {
    const target = mailAddress();
    const send = () => call(admin, SEND_MAIL, { mail: target, scene: 2, createIp: '192.0.2.1' });
    expect((await send()).data).toEqual({ sendMailCode: true });
    expectRefused(await send(), ErrorCatalogue.VERIFICATION_CODE_SEND_TOO_FAST);
    test.clock.advance(60 * SECOND);
    expect((await send()).data).toEqual({ sendMailCode: true });
  });
});

describe('the send logs', () => {
  it('never hold a code: the SMS and mail logs show ****** where the delivered messages carry it', async () => {
    const reader = await signedInAdmin(test.core, { tenant: { id: admin.tenantId, name: admin.tenantName }, permissions: ['system:sms-log:query', 'system:mail-log:query'] });
    const page = { pageNo: 1, pageSize: 10 };

    const phone = mobile();
    expect((await sendSms(admin, phone)).data).toEqual({ sendSmsCode: true });
    const smsCode = await deliveredSmsCode(phone);
    expect(await test.db.verificationCode.findFirstOrThrow({ where: { target: phone } })).toMatchObject({ code: smsCode });
    const smsLog = await test.db.smsLog.findFirstOrThrow({ where: { mobile: phone } });
    expect(smsLog).toMatchObject({ content: 'Your OpenBuy code is ******', params: { code: '******' } });
    const smsPage = await graphql<{ smsLogPage: { list: Record<string, unknown>[] } }>(test.app, SMS_LOG_PAGE, { token: reader.token, variables: { input: { ...page, mobile: phone } } });
    expect(smsPage.data!.smsLogPage.list).toEqual([{ id: smsLog.id, mobile: phone, content: 'Your OpenBuy code is ******', params: { code: '******' }, sendStatus: 10 }]);
    expect(JSON.stringify({ ...smsLog, mobile: null })).not.toContain(smsCode);

    const address = mailAddress();
    expect((await call(admin, SEND_MAIL, { mail: address, scene: 1, createIp: '192.0.2.3' })).data).toEqual({ sendMailCode: true });
    const mailCode = deliveredMailCode(address);
    expect(await test.db.verificationCode.findFirstOrThrow({ where: { target: address } })).toMatchObject({ code: mailCode });
    const mailLog = await test.db.mailLog.findFirstOrThrow({ where: { toMail: address } });
    expect(mailLog).toMatchObject({ content: '<p>Your code is ******</p>', params: { code: '******' } });
    const mailPage = await graphql<{ mailLogPage: { list: Record<string, unknown>[] } }>(test.app, MAIL_LOG_PAGE, { token: reader.token, variables: { input: { ...page, toMail: address } } });
    expect(mailPage.data!.mailLogPage.list).toEqual([{ id: mailLog.id, toMail: address, title: 'Your code', content: '<p>Your code is ******</p>', params: { code: '******' }, sendStatus: 10 }]);
    expect(JSON.stringify({ ...mailLog, toMail: null })).not.toContain(mailCode);
  });
});

describe('the page of sent codes', () => {
  it('lists sends with their use, never the code', async () => {
    const target = mobile();
    await sendSms(admin, target, 5);
    const code = await deliveredSmsCode(target);
    await useSms(admin, target, code, 5);
    const page = await call<{ verificationCodePage: { total: number; list: Record<string, unknown>[] } }>(admin, PAGE, { pageNo: 1, pageSize: 10, channel: 'sms', target, used: true });
    expect(page.data!.verificationCodePage.total).toBe(1);
    const [row] = page.data!.verificationCodePage.list;
    expect(row).toMatchObject({ channel: 'sms', target, scene: 5, createIp: '198.51.100.7', todayIndex: 1, used: true, usedIp: '203.0.113.9', attempts: 0 });
    expect(new Date(row!.expireTime as string).getTime() - new Date(row!.createTime as string).getTime()).toBe(600 * SECOND);
    expect(JSON.stringify({ ...row, target: null })).not.toContain(code);

    const asking = await graphql(test.app, 'query { verificationCodePage(input: {pageNo: 1, pageSize: 1}) { list { code } } }', { token: await tokenOf(admin) });
    expect(errorCode(asking)).toBe(400);
  });

  it('refuses bad filters and page bounds', async () => {
    for (const input of [{ pageNo: 0, pageSize: 10 }, { pageNo: 1, pageSize: 101 }, { pageNo: 1, pageSize: 10, channel: 'fax' }]) {
      expect(errorCode(await call(admin, PAGE, input))).toBe(400);
    }
  });
});

describe('bounds', () => {
  const smsSend = { mobile: '+8613912345678', scene: 1, createIp: '192.0.2.10' };
  const mailSend = { mail: 'someone@example.test', scene: 1, createIp: '192.0.2.10' };
  const smsUse = { mobile: '+8613912345678', scene: 1, code: '123456', usedIp: '192.0.2.10' };
  const mailUse = { mail: 'someone@example.test', scene: 1, code: '123456', usedIp: '192.0.2.10' };

  it.each([
    [SEND_SMS, 'mobile', { ...smsSend, mobile: '' }],
    [SEND_SMS, 'mobile', { ...smsSend, mobile: '1234' }],
    [SEND_SMS, 'mobile', { ...smsSend, mobile: '1'.repeat(21) }],
    [SEND_SMS, 'mobile', { ...smsSend, mobile: '138-0000-0000' }],
    [SEND_SMS, 'scene', { ...smsSend, scene: 0 }],
    [SEND_SMS, 'scene', { ...smsSend, scene: 6 }],
    [SEND_SMS, 'createIp', { ...smsSend, createIp: 'localhost' }],
    [SEND_SMS, 'createIp', { ...smsSend, createIp: '256.1.1.1' }],
    [SEND_MAIL, 'mail', { ...mailSend, mail: 'not-an-address' }],
    [SEND_MAIL, 'mail', { ...mailSend, mail: `${'a'.repeat(250)}@example.test` }],
    [SEND_MAIL, 'scene', { ...mailSend, scene: 99 }],
    [SEND_MAIL, 'createIp', { ...mailSend, createIp: '' }],
    [USE_SMS, 'code', { ...smsUse, code: '' }],
    [USE_SMS, 'code', { ...smsUse, code: '1'.repeat(33) }],
    [USE_SMS, 'usedIp', { ...smsUse, usedIp: '10.0.0.0/8' }],
    [USE_SMS, 'mobile', { ...smsUse, mobile: 'abc' }],
    [USE_MAIL, 'mail', { ...mailUse, mail: 'x@' }],
    [USE_MAIL, 'usedIp', { ...mailUse, usedIp: 'nowhere' }],
    [VALIDATE_SMS, 'scene', { mobile: smsUse.mobile, scene: 23, code: '123456' }],
    [VALIDATE_MAIL, 'code', { mail: mailUse.mail, scene: 1, code: '' }],
  ])('%#: refuses a bad %s (400 naming it, nothing written)', async (query, field, input) => {
    const before = await test.db.verificationCode.count();
    const answer = await call(admin, query, input);
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(field);
    expect(await test.db.verificationCode.count()).toBe(before);
  });

  it.each([
    ...Object.keys(smsUse).map((field) => [field, 'SmsCodeUseReqDTO', USE_SMS, smsUse] as const),
    ...Object.keys(mailUse).map((field) => [field, 'MailCodeUseReqDTO', USE_MAIL, mailUse] as const),
  ])('requires %s of %s (a bad request naming it, nothing written)', async (field, _type, query, complete) => {
    const { [field]: _dropped, ...input } = complete as Record<string, unknown>;
    const before = await test.db.verificationCode.count();
    const answer = await call(admin, query, input);
    expect(errorCode(answer)).toBe(400);
    expect(answer.errors![0]!.message).toContain(`Field "${field}" of required type`);
    expect(await test.db.verificationCode.count()).toBe(before);
  });
});

describe('permissions and tenants', () => {
  it("needs each operation's permission", async () => {
    const target = mobile();
    const tenant = { id: admin.tenantId, name: admin.tenantName };
    const user = await signedInAdmin(test.core, { tenant, permissions: ['system:verification-code:query'] });
    await expectPermissionRefusals(test.app, await tokenOf(user), [
      [SEND_SMS, { input: { mobile: target, scene: 1, createIp: '192.0.2.1' } }, 'system:verification-code:send'],
      [SEND_MAIL, { input: { mail: mailAddress(), scene: 1, createIp: '192.0.2.1' } }, 'system:verification-code:send'],
      [USE_SMS, { input: { mobile: target, scene: 1, code: '123456', usedIp: '192.0.2.1' } }, 'system:verification-code:use'],
      [VALIDATE_SMS, { input: { mobile: target, scene: 1, code: '123456' } }, 'system:verification-code:use'],
      [USE_MAIL, { input: { mail: mailAddress(), scene: 1, code: '123456', usedIp: '192.0.2.1' } }, 'system:verification-code:use'],
      [VALIDATE_MAIL, { input: { mail: mailAddress(), scene: 1, code: '123456' } }, 'system:verification-code:use'],
    ]);
    const sender = await signedInAdmin(test.core, { tenant, permissions: ['system:verification-code:send'] });
    expect(errorCode(await call(sender, PAGE, { pageNo: 1, pageSize: 10 }))).toBe(403);
    expect(await test.db.verificationCode.count({ where: { target } })).toBe(0);
  });

  it("keeps each tenant's codes and limits to itself", async () => {
    const other = await signedInAdmin(test.core, { permissions: ALL });
    await setUpMessaging(other.tenantId);
    const target = mobile();
    await sendSms(admin, target);
    const code = await deliveredSmsCode(target);
    expectRefused(await useSms(other, target, code), ErrorCatalogue.VERIFICATION_CODE_NOT_FOUND);
    const page = await call<{ verificationCodePage: { total: number } }>(other, PAGE, { pageNo: 1, pageSize: 10, target });
    expect(page.data!.verificationCodePage.total).toBe(0);
    // The other tenant's own send to the same mobile is not "too fast".
    expect((await sendSms(other, target)).data).toEqual({ sendSmsCode: true });
    expect((await useSms(admin, target, code)).data).toEqual({ useSmsCode: true });
    expect(await test.db.verificationCode.findFirstOrThrow({ where: { target, tenantId: other.tenantId } })).toMatchObject({ used: false, todayIndex: 1 });
  });
});

describe('configuration', () => {
  let configured: TestApp;
  const clock = new ManualClock(Date.UTC(2026, 10, 21, 12, 0, 0));

  beforeAll(async () => {
    configured = await createTestApp({
      database: test.database,
      clock,
      env: {
        VERIFICATION_CODE_EXPIRES_SECONDS: '30',
        VERIFICATION_CODE_MIN_INTERVAL_SECONDS: '0',
        VERIFICATION_CODE_DAILY_MAX_PER_TARGET: '3',
        VERIFICATION_CODE_MAX_ATTEMPTS: '2',
        VERIFICATION_CODE_LENGTH: '8',
      },
    });
  });

  afterAll(async () => {
    await configured?.close();
  });

  it('reads every limit from VERIFICATION_CODE_* settings', async () => {
    const user = await createAdmin(configured.core, { tenant: { id: admin.tenantId, name: admin.tenantName }, permissions: ALL });
    const token = await tokenFor(configured.core, user);
    const target = mobile();
    expect((await sendSms(token, target, 1, configured.app)).data).toEqual({ sendSmsCode: true });
    expect((await sendSms(token, target, 1, configured.app)).data).toEqual({ sendSmsCode: true });
    const code = await deliveredSmsCode(target);
    expect(code).toMatch(/^\d{8}$/);
    expectRefused(await useSms(token, target, wrong(code), 1, configured.app), ErrorCatalogue.VERIFICATION_CODE_MISMATCH);
    expectRefused(await useSms(token, target, wrong(code), 1, configured.app), ErrorCatalogue.VERIFICATION_CODE_ATTEMPTS_EXCEEDED);

    expect((await sendSms(token, target, 1, configured.app)).data).toEqual({ sendSmsCode: true });
    expectRefused(await sendSms(token, target, 1, configured.app), ErrorCatalogue.VERIFICATION_CODE_DAILY_LIMIT);
    const latest = await deliveredSmsCode(target);
    clock.advance(30 * SECOND);
    expectRefused(await useSms(token, target, latest, 1, configured.app), ErrorCatalogue.VERIFICATION_CODE_EXPIRED);
  });
});

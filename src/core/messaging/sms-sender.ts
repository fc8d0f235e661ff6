// Sending SMS: the template is looked up by code in the caller's tenant, rendered, and handed to the
// client of its channel through the send pipeline of send-log.ts (log row first, then the provider's
// answer; a failure answers SMS_SEND_FAILED naming the log row), so callers (the console's test
// send, verification codes) never report an SMS that did not go out.
import { parseInput, recordIdSchema } from '../admin/save-shape';
import type { Db } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import type { ServiceLogger } from '../logger';
import type { PageRequest } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import { tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import { deliverAndLog, sendLogPage, sendLogPageFilterSchema, type SendLogRecord, sendLogWhere, type SendRequest, sendRequestSchema, sentAndLogged } from './send-log';
import type { SmsClientRegistry, SmsSendResult } from './sms-client';
import { renderTemplate, templateParams, usedParams } from './template';
import { fieldText } from '../validation-messages';

/** A mobile number: digits with an optional leading +, 5 to 20 of them. */
export const mobileSchema = z.string().regex(/^\+?\d{5,20}$/, fieldText('mobile'));

export interface SendSmsRequest extends SendRequest {
  mobile: string;
}

const sendSmsSchema = sendRequestSchema.extend({ mobile: mobileSchema });

export const smsLogPageFilterSchema = sendLogPageFilterSchema({ mobile: z.string().max(20).nullish(), channelId: recordIdSchema.nullish() });

export type SmsLogPageFilter = z.input<typeof smsLogPageFilterSchema>;

export interface SmsLogRecord extends SendLogRecord {
  channelId: number;
  channelCode: string;
  templateType: number;
  apiTemplateId: string;
  mobile: string;
  apiSendCode: string | null;
  apiSendMsg: string | null;
  apiRequestId: string | null;
  apiSerialNo: string | null;
}

const ENABLED = 0;

/** The provider's answer as the SMS log's columns. */
const providerAnswer = (result: SmsSendResult) => ({
  apiSendCode: result.apiSendCode ?? null,
  apiSendMsg: result.apiSendMsg ?? null,
  apiRequestId: result.apiRequestId ?? null,
  apiSerialNo: result.apiSerialNo ?? null,
});

export class SmsSender {
  constructor(
    private readonly db: Db,
    private readonly clients: SmsClientRegistry,
    private readonly logger: ServiceLogger,
  ) {}

  private scoped(ctx: RequestContext) {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  /**
   * Renders the tenant's enabled template `templateCode` with `params` and sends it to `mobile`
   * through the template's channel. Answers the log row; SMS_SEND_FAILED when the provider refused.
   */
  async sendSms(ctx: RequestContext, request: SendSmsRequest): Promise<{ logId: number }> {
    const { mobile, templateCode, params, secretParams, ...recipientUser } = parseInput(sendSmsSchema, request);
    const db = this.scoped(ctx);
    const template = await db.smsTemplate.findFirst({ where: { code: templateCode }, include: { channel: true } });
    if (!template) throw new ServiceError(ErrorCatalogue.SMS_TEMPLATE_CODE_NOT_FOUND, { templateCode });
    if (template.status !== ENABLED) throw new ServiceError(ErrorCatalogue.SMS_TEMPLATE_DISABLED, { templateCode });
    const { channel, apiTemplateId } = template;
    if (channel.status !== ENABLED) throw new ServiceError(ErrorCatalogue.SMS_CHANNEL_DISABLED, { signature: channel.signature });
    const client = this.clients.client(channel.code);
    const { sent, logged } = sentAndLogged(params, secretParams, (values) => ({
      content: renderTemplate(template.content, values, templateCode),
      params: usedParams(templateParams(template.content), values),
    }));

    return deliverAndLog(ctx, recipientUser, {
      writeLog: (row) =>
        db.smsLog.create({
          data: { ...row, ...logged, channelId: channel.id, channelCode: channel.code, templateId: template.id, templateCode, templateType: template.type, apiTemplateId, mobile },
          select: { id: true },
        }),
      deliver: async (logId) => {
        const result = await client.send(channel, { logId, mobile, apiTemplateId, ...sent, loggedContent: logged.content });
        return { failure: result.success ? null : (result.apiSendMsg ?? result.apiSendCode ?? 'the provider refused the message'), answer: providerAnswer(result) };
      },
      thrown: (reason) => ({ failure: reason, answer: providerAnswer({ success: false, apiSendMsg: reason }) }),
      recordOutcome: (id, row) => db.smsLog.updateMany({ where: { id }, data: row }),
      failed: { error: ErrorCatalogue.SMS_SEND_FAILED, logger: this.logger, message: 'SMS send failed', details: { channelCode: channel.code, templateCode } },
    });
  }

  async logPage(ctx: RequestContext, page: PageRequest, filter: SmsLogPageFilter = {}): Promise<{ list: SmsLogRecord[]; total: number }> {
    const { mobile, channelId, ...shared } = parseInput(smsLogPageFilterSchema, filter);
    const where = { ...sendLogWhere(shared), ...(mobile ? { mobile: { contains: mobile } } : {}), ...(channelId != null ? { channelId } : {}) };
    return sendLogPage(page, where, this.scoped(ctx).smsLog);
  }
}

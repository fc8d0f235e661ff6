// Sending mail over SMTP (nodemailer): the template is looked up by code in the caller's tenant, in
// the caller's language when there is one (templateToSend), rendered (parameter values HTML-escaped
// in the body) and sent from the template's account through the send pipeline of send-log.ts (log
// row first, then the outcome); a failed send answers MAIL_SEND_FAILED naming the log row, like SMS.
import nodemailer from 'nodemailer';
import { parseInput, recordIdSchema } from '../admin/save-shape';
import type { Db } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { languageCodeSchema } from '../language/language-code';
import type { ServiceLogger } from '../logger';
import type { PageRequest } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import { tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import { mailAddressSchema } from './mail-account-service';
import { mailTemplateParams } from './mail-template-service';
import { deliverAndLog, sendLogPage, sendLogPageFilterSchema, type SendLogRecord, sendLogWhere, type SendRequest, sendRequestSchema, sentAndLogged } from './send-log';
import { escapeHtml, renderTemplate, templateToSend, usedParams } from './template';

/** How long an SMTP server may take to accept a connection, greet, or answer a command. */
export const SMTP_TIMEOUT_MS = 10_000;

export interface SendMailRequest extends SendRequest {
  mail: string;
  /** The recipient's language; default (and fallback): English, else the oldest template of the code. */
  languageCode?: string | null;
}

const sendMailSchema = sendRequestSchema.extend({ mail: mailAddressSchema, languageCode: languageCodeSchema.nullish() });

export const mailLogPageFilterSchema = sendLogPageFilterSchema({ toMail: z.string().max(254).nullish(), accountId: recordIdSchema.nullish() });

export type MailLogPageFilter = z.input<typeof mailLogPageFilterSchema>;

export interface MailLogRecord extends SendLogRecord {
  accountId: number;
  fromMail: string;
  languageCode: string;
  nickname: string | null;
  toMail: string;
  title: string;
  sendMessageId: string | null;
  sendException: string | null;
}

/** What the SMTP server answered, as the mail log's columns. */
interface SmtpAnswer {
  sendMessageId: string | null;
  sendException: string | null;
}

export class MailSender {
  constructor(
    private readonly db: Db,
    private readonly logger: ServiceLogger,
    private readonly smtpTimeoutMs: number = SMTP_TIMEOUT_MS,
  ) {}

  private scoped(ctx: RequestContext) {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  /**
   * Renders the tenant's enabled template `templateCode` (in the recipient's language, see
   * templateToSend) and sends it to `mail` from the template's account. Answers the log row;
   * MAIL_SEND_FAILED when the SMTP server could not be reached or refused the message.
   */
  async sendMail(ctx: RequestContext, request: SendMailRequest): Promise<{ logId: number }> {
    const { mail, templateCode, languageCode, params, secretParams, ...recipientUser } = parseInput(sendMailSchema, request);
    const db = this.scoped(ctx);
    const templates = await db.mailTemplate.findMany({ where: { code: templateCode }, include: { account: true }, orderBy: { id: 'asc' } });
    const template = templateToSend(templates, { templateCode, languageCode }, { notFound: ErrorCatalogue.MAIL_TEMPLATE_CODE_NOT_FOUND, disabled: ErrorCatalogue.MAIL_TEMPLATE_DISABLED });
    const { account } = template;
    const { sent, logged } = sentAndLogged(params, secretParams, (values) => ({
      title: renderTemplate(template.title, values, templateCode),
      content: renderTemplate(template.content, values, templateCode, escapeHtml),
      params: usedParams(mailTemplateParams(template), values),
    }));

    return deliverAndLog<SmtpAnswer>(ctx, recipientUser, {
      writeLog: (row) =>
        db.mailLog.create({
          data: { ...row, ...logged, accountId: account.id, fromMail: account.mail, templateId: template.id, templateCode, languageCode: template.languageCode, nickname: template.nickname, toMail: mail },
          select: { id: true },
        }),
      deliver: async () => {
        const transport = nodemailer.createTransport({
          host: account.host,
          port: account.port,
          secure: account.sslEnable,
          auth: { user: account.username, pass: account.password },
          connectionTimeout: this.smtpTimeoutMs,
          greetingTimeout: this.smtpTimeoutMs,
          socketTimeout: this.smtpTimeoutMs,
        });
        try {
          const info = await transport.sendMail({ from: { name: template.nickname ?? '', address: account.mail }, to: mail, subject: sent.title, html: sent.content });
          return { failure: null, answer: { sendMessageId: info.messageId, sendException: null } };
        } finally {
          transport.close();
        }
      },
      thrown: (reason) => ({ failure: reason, answer: { sendMessageId: null, sendException: reason } }),
      recordOutcome: (id, row) => db.mailLog.updateMany({ where: { id }, data: row }),
      failed: { error: ErrorCatalogue.MAIL_SEND_FAILED, logger: this.logger, message: 'mail send failed', details: { templateCode, host: account.host, port: account.port } },
    });
  }

  async logPage(ctx: RequestContext, page: PageRequest, filter: MailLogPageFilter = {}): Promise<{ list: MailLogRecord[]; total: number }> {
    const { toMail, accountId, ...shared } = parseInput(mailLogPageFilterSchema, filter);
    const where = { ...sendLogWhere(shared), ...(toMail ? { toMail: { contains: toMail } } : {}), ...(accountId != null ? { accountId } : {}) };
    return sendLogPage(page, where, this.scoped(ctx).mailLog);
  }
}

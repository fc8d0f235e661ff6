// Verification codes sent by SMS or mail (SmsCodeUseReqDTO, MailCodeUseReqDTO): a random numeric
// code per send, delivered through the tenant's SMS or mail template of the scene (parameter
// `{code}`, a secret parameter: the send logs show ****** in its place), then used once.
//
// Every limit is counted in the database, not in memory, so it holds however many processes serve:
// - the minimum interval between two sends to one target and scene, and the daily maximum of sends
//   to one target (all scenes, UTC days). A send reads the target's recent sends in one statement
//   and takes the next `todayIndex` of the day; (tenant, channel, target, sendDay, todayIndex) is
//   unique, so of two concurrent sends that read the same state one insert fails and that send
//   checks again: neither limit can be overrun. (The one window left: two sends to one target and
//   scene racing across UTC midnight fall on different days, so both may pass the interval.)
// - a use is one conditional update (`used = false`, attempts below the limit, not expired): of two
//   concurrent uses of one code exactly one succeeds. Wrong codes count attempts the same way; at
//   the limit the code is burnt. `validate` counts wrong attempts too, or it would be an oracle for
//   guessing codes without any limit.
// Only the latest code of a target and scene counts: sending a new one supersedes the older ones.
import { randomInt, timingSafeEqual } from 'node:crypto';
import { parseInput } from '../admin/save-shape';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { mailAddressSchema } from '../messaging/mail-account-service';
import type { MailSender } from '../messaging/mail-sender';
import { mobileSchema, type SmsSender } from '../messaging/sms-sender';
import { parseIp } from '../net/ip-matcher';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import { type TenantScopedDb, tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import { SCENES, sceneOf } from './verification-scenes';
import { optionSchema } from '../options/option-sets';
import { fieldIssue, fieldText } from '../validation-messages';

export interface VerificationCodeSettings {
  /** How long a code can be used after it was sent; config VERIFICATION_CODE_EXPIRES_SECONDS. */
  expiresSeconds: number;
  /** Least time between two sends to one target for one scene; config VERIFICATION_CODE_MIN_INTERVAL_SECONDS. */
  minIntervalSeconds: number;
  /** Most sends to one target per UTC day, all scenes together; config VERIFICATION_CODE_DAILY_MAX_PER_TARGET. */
  dailyMaxPerTarget: number;
  /** Wrong codes tried before a code is burnt; config VERIFICATION_CODE_MAX_ATTEMPTS. */
  maxAttempts: number;
  /** Digits of a code; config VERIFICATION_CODE_LENGTH. */
  length: number;
}

export const VERIFICATION_CODE_DEFAULTS: VerificationCodeSettings = Object.freeze({
  expiresSeconds: 600,
  minIntervalSeconds: 60,
  dailyMaxPerTarget: 10,
  maxAttempts: 5,
  length: 6,
});

/** How codes reach their target: the messaging senders (core.smsSender, core.mailSender). */
export interface CodeDelivery {
  smsSender: Pick<SmsSender, 'sendSms'>;
  mailSender: Pick<MailSender, 'sendMail'>;
}

/** The field naming the target in each channel's shapes. */
interface ChannelTargets {
  sms: { mobile: string };
  mail: { mail: string };
}

export type CodeChannel = keyof ChannelTargets;
export type CodeSendInput<C extends CodeChannel> = ChannelTargets[C] & { scene: number; createIp: string };
export type CodeValidateInput<C extends CodeChannel> = ChannelTargets[C] & { scene: number; code: string };
export type CodeUseInput<C extends CodeChannel> = CodeValidateInput<C> & { usedIp: string };

const ipSchema = z
  .string()
  .max(64)
  .refine((text) => parseIp(text) !== null, fieldText('ipAddress'));

const sceneSchema = z
  .number()
  .int()
  .refine((scene) => sceneOf(scene) !== undefined, fieldIssue('oneOf', { values: SCENES.map((entry) => entry.scene) }));

const codeSchema = z.string().min(1).max(32);
// Mail addresses are compared in lower case, so the limits cannot be dodged by changing case.
const mailSchema = mailAddressSchema.transform((mail) => mail.toLowerCase());

/** The send, validate and use shapes of each channel: its target field beside the common ones. */
const SCHEMAS = {
  sms: {
    send: z.object({ mobile: mobileSchema, scene: sceneSchema, createIp: ipSchema }),
    validate: z.object({ mobile: mobileSchema, scene: sceneSchema, code: codeSchema }),
    use: z.object({ mobile: mobileSchema, scene: sceneSchema, code: codeSchema, usedIp: ipSchema }),
  },
  mail: {
    send: z.object({ mail: mailSchema, scene: sceneSchema, createIp: ipSchema }),
    validate: z.object({ mail: mailSchema, scene: sceneSchema, code: codeSchema }),
    use: z.object({ mail: mailSchema, scene: sceneSchema, code: codeSchema, usedIp: ipSchema }),
  },
} as const;

const targetOf = (parsed: { mobile: string } | { mail: string }) => ('mobile' in parsed ? parsed.mobile : parsed.mail);

export const verificationCodePageFilterSchema = z.object({
  channel: optionSchema('VERIFICATION_CHANNEL').nullish(),
  // Mail targets are stored in lower case; mobiles have no case.
  target: z.string().max(254).transform((target) => target.toLowerCase()).nullish(),
  scene: z.number().int().nullish(),
  used: z.boolean().nullish(),
});

export type VerificationCodePageFilter = z.input<typeof verificationCodePageFilterSchema>;

/** A sent code as the console sees it: everything but the code itself, which no administrator may read. */
export interface VerificationCodeRecord {
  id: number;
  channel: string;
  target: string;
  scene: number;
  createIp: string;
  todayIndex: number;
  used: boolean;
  usedTime: Date | null;
  usedIp: string | null;
  attempts: number;
  createdAt: Date;
  expiresAt: Date;
}

const RECORD_FIELDS = {
  id: true,
  channel: true,
  target: true,
  scene: true,
  createIp: true,
  todayIndex: true,
  used: true,
  usedTime: true,
  usedIp: true,
  attempts: true,
  createdAt: true,
} as const;

/** Sends racing for one target's next todayIndex retry this often before answering "too fast". */
const SEND_RETRIES = 5;

const CHECK_FIELDS = { id: true, code: true, used: true, attempts: true, createdAt: true } as const;

interface StoredCode {
  id: number;
  code: string;
  used: boolean;
  attempts: number;
  createdAt: Date;
}

const sameCode = (stored: string, given: string) => stored.length === given.length && timingSafeEqual(Buffer.from(stored), Buffer.from(given));

/** The UTC day of a moment, YYYY-MM-DD. */
const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);

/** Newest first; by id only, the order the index led by the tenant serves (codes grow without bound). */
export const verificationCodePageSort = pageSort({ id: 'id' }, [{ id: 'desc' }]);

export class VerificationCodeService {
  constructor(
    private readonly db: Db,
    private readonly delivery: CodeDelivery,
    private readonly settings: VerificationCodeSettings,
  ) {}

  private scoped(ctx: RequestContext): TenantScopedDb {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  /**
   * Makes a code for the target and scene, stores it and delivers it through the scene's template.
   * Refused within the minimum interval of the last send (VERIFICATION_CODE_SEND_TOO_FAST) and
   * beyond the daily maximum (VERIFICATION_CODE_DAILY_LIMIT). A code that could not be delivered is
   * removed again, so a missing template does not spend the target's sends.
   */
  async send<C extends CodeChannel>(ctx: RequestContext, channel: C, input: CodeSendInput<C>): Promise<void> {
    const parsed = parseInput(SCHEMAS[channel].send, input);
    const { scene, createIp } = parsed;
    const target = targetOf(parsed);
    const code = String(randomInt(0, 10 ** this.settings.length)).padStart(this.settings.length, '0');
    const id = await this.store(ctx, { channel, target, scene, createIp, code });
    // Administrators read the send logs: the code is secret there.
    const message = { templateCode: sceneOf(scene)!.templateCode, params: { code }, secretParams: ['code'] };
    try {
      if (channel === 'sms') await this.delivery.smsSender.sendSms(ctx, { ...message, mobile: target });
      else await this.delivery.mailSender.sendMail(ctx, { ...message, mail: target });
    } catch (error) {
      await this.scoped(ctx).verificationCode.deleteMany({ where: { id } });
      throw error;
    }
  }

  /** Checks the latest code of the target and scene without using it; a wrong code counts an attempt. */
  async validate<C extends CodeChannel>(ctx: RequestContext, channel: C, input: CodeValidateInput<C>): Promise<void> {
    const parsed = parseInput(SCHEMAS[channel].validate, input);
    await this.check(ctx, { channel, target: targetOf(parsed), scene: parsed.scene, code: parsed.code });
  }

  /**
   * Uses the latest code of the target and scene, once: it is marked used with the time and usedIp.
   * Refusals: VERIFICATION_CODE_NOT_FOUND, _USED, _ATTEMPTS_EXCEEDED, _EXPIRED, _MISMATCH.
   */
  async use<C extends CodeChannel>(ctx: RequestContext, channel: C, input: CodeUseInput<C>): Promise<void> {
    const parsed = parseInput(SCHEMAS[channel].use, input);
    const db = this.scoped(ctx);
    const stored = await this.check(ctx, { channel, target: targetOf(parsed), scene: parsed.scene, code: parsed.code });
    const { count } = await db.verificationCode.updateMany({
      where: { id: stored.id, ...this.usable(ctx) },
      data: { used: true, usedTime: ctx.now(), usedIp: parsed.usedIp },
    });
    if (count === 0) {
      // Another use (or the last allowed wrong attempt) got there first.
      const current = await db.verificationCode.findFirstOrThrow({ where: { id: stored.id }, select: CHECK_FIELDS });
      throw this.refusalOf(ctx, current) ?? new ServiceError(ErrorCatalogue.VERIFICATION_CODE_USED);
    }
  }

  async page(ctx: RequestContext, page: PageRequest, filter: VerificationCodePageFilter = {}): Promise<{ list: VerificationCodeRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, verificationCodePageSort);
    const { channel, target, scene, used } = parseInput(verificationCodePageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(channel ? { channel } : {}),
      ...(target ? { target } : {}),
      ...(scene != null ? { scene } : {}),
      ...(used != null ? { used } : {}),
    };
    const db = this.scoped(ctx);
    const [rows, total] = await Promise.all([
      db.verificationCode.findMany({ where, select: RECORD_FIELDS, orderBy, ...window }),
      db.verificationCode.count({ where }),
    ]);
    return { list: rows.map((row) => ({ ...row, expiresAt: this.expiryOf(row.createdAt) })), total };
  }

  /** Inserts the code as the target's next send of the day, once the interval and daily limits allow it. */
  private async store(ctx: RequestContext, code: { channel: CodeChannel; target: string; scene: number; createIp: string; code: string }): Promise<number> {
    const db = this.scoped(ctx);
    const { channel, target, scene } = code;
    for (let attempt = 0; attempt < SEND_RETRIES; attempt++) {
      const now = ctx.now();
      const sendDay = dayOf(now);
      const intervalStart = new Date(now.getTime() - this.settings.minIntervalSeconds * 1000);
      // One statement, so the interval and the day's sends are judged on one snapshot of the table
      // (two queries could each miss a concurrent send that the other saw).
      const recent = await db.verificationCode.findMany({
        where: { channel, target, OR: [{ sendDay }, { scene, createdAt: { gt: intervalStart } }] },
        select: { scene: true, sendDay: true, todayIndex: true, createdAt: true },
      });
      const lastOfScene = Math.max(...recent.filter((sent) => sent.scene === scene).map((sent) => sent.createdAt.getTime()));
      const waitMs = lastOfScene + this.settings.minIntervalSeconds * 1000 - now.getTime();
      if (waitMs > 0) throw new ServiceError(ErrorCatalogue.VERIFICATION_CODE_SEND_TOO_FAST, { target, retryAfterSeconds: Math.ceil(waitMs / 1000) });
      const today = recent.filter((sent) => sent.sendDay === sendDay);
      if (today.length >= this.settings.dailyMaxPerTarget) {
        throw new ServiceError(ErrorCatalogue.VERIFICATION_CODE_DAILY_LIMIT, { target, dailyMax: this.settings.dailyMaxPerTarget });
      }
      try {
        const row = await db.verificationCode.create({
          data: { ...code, tenantId: tenantIdOf(ctx), sendDay, todayIndex: Math.max(0, ...today.map((sent) => sent.todayIndex)) + 1, createdAt: now },
          select: { id: true },
        });
        return row.id;
      } catch (error) {
        // A concurrent send took this index: look again (it may now be too soon, or the day full).
        if (!isUniqueViolation(error)) throw error;
      }
    }
    throw new ServiceError(ErrorCatalogue.VERIFICATION_CODE_SEND_TOO_FAST, { target, retryAfterSeconds: 1 });
  }

  /** The latest code of the target and scene, if the given code matches it and it can still be used. */
  private async check(ctx: RequestContext, given: { channel: CodeChannel; target: string; scene: number; code: string }): Promise<StoredCode> {
    const db = this.scoped(ctx);
    const { channel, target, scene } = given;
    const stored = await db.verificationCode.findFirst({ where: { channel, target, scene }, orderBy: { id: 'desc' }, select: CHECK_FIELDS });
    if (!stored) throw new ServiceError(ErrorCatalogue.VERIFICATION_CODE_NOT_FOUND, { target, scene });
    const refusal = this.refusalOf(ctx, stored);
    if (refusal) throw refusal;
    if (sameCode(stored.code, given.code)) return stored;
    await db.verificationCode.updateMany({ where: { id: stored.id, ...this.usable(ctx) }, data: { attempts: { increment: 1 } } });
    const after = await db.verificationCode.findFirstOrThrow({ where: { id: stored.id }, select: CHECK_FIELDS });
    throw this.refusalOf(ctx, after) ?? new ServiceError(ErrorCatalogue.VERIFICATION_CODE_MISMATCH, { attemptsLeft: this.settings.maxAttempts - after.attempts });
  }

  /** Why a stored code cannot be used any more; null while it can. */
  private refusalOf(ctx: RequestContext, stored: StoredCode): ServiceError | null {
    if (stored.used) return new ServiceError(ErrorCatalogue.VERIFICATION_CODE_USED);
    if (stored.attempts >= this.settings.maxAttempts) return new ServiceError(ErrorCatalogue.VERIFICATION_CODE_ATTEMPTS_EXCEEDED);
    if (this.expiryOf(stored.createdAt) <= ctx.now()) return new ServiceError(ErrorCatalogue.VERIFICATION_CODE_EXPIRED);
    return null;
  }

  /** The where condition of a code that can still be used (the conditions of refusalOf). */
  private usable(ctx: RequestContext) {
    return {
      used: false,
      attempts: { lt: this.settings.maxAttempts },
      createdAt: { gt: new Date(ctx.now().getTime() - this.settings.expiresSeconds * 1000) },
    };
  }

  private expiryOf(createdAt: Date): Date {
    return new Date(createdAt.getTime() + this.settings.expiresSeconds * 1000);
  }
}

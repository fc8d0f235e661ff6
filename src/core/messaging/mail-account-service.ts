// Mail accounts of a tenant (MailAccountSaveReqVO): the SMTP server and credentials templates send
// with. The address and user name read back masked (maskMail) and the password as ******; a save
// carrying the values the console was shown keeps what is stored.
import { parseInput, recordIdSchema, saveShapeSchemas, type SaveShapeInput } from '../admin/save-shape';
import { type Db, Prisma } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { refusal } from '../errors/reasons';
import { ServiceError } from '../errors/service-error';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import { MASKED_SECRET, maskKey, maskMail, unmasked } from '../security/masking';
import { tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import { fieldText } from '../validation-messages';

export const mailAddressSchema = z.email().max(254);

/** The fields as stored: checked once masked values are replaced by the stored ones. */
const mailAccountFields = {
  mail: mailAddressSchema,
  username: z.string().min(1).max(255),
  password: z.string().min(1).max(255),
  host: z.string().regex(/^[A-Za-z0-9.-]{1,253}$|^\[[0-9A-Fa-f:.]{2,45}\]$/, fieldText('mailHost')),
  port: z.number().int().min(1).max(65_535),
  sslEnable: z.boolean(),
};

/** As sent: mail may be the masked address (checked as an address once unmasked). */
export const mailAccountSaveSchemas = saveShapeSchemas({ ...mailAccountFields, mail: z.string().min(1).max(254) });
const mailAccountSchema = z.object(mailAccountFields);

export type MailAccountSaveInput = SaveShapeInput<z.input<typeof mailAccountSaveSchemas.create>>;

export const mailAccountPageFilterSchema = z.object({
  mail: z.string().max(254).nullish(),
  username: z.string().max(255).nullish(),
});

export type MailAccountPageFilter = z.input<typeof mailAccountPageFilterSchema>;

export interface MailAccountRecord {
  id: number;
  /** Masked: `a****@example.com`. */
  mail: string;
  /** Masked like mail (or like a key when it is not an address). */
  username: string;
  /** Always ******. */
  password: string;
  host: string;
  port: number;
  sslEnable: boolean;
  createTime: Date;
}

type StoredAccount = NonNullable<Awaited<ReturnType<Db['mailAccount']['findFirst']>>>;

function toRecord(stored: StoredAccount): MailAccountRecord {
  return {
    id: stored.id,
    mail: maskMail(stored.mail),
    username: maskMail(stored.username),
    password: MASKED_SECRET,
    host: stored.host,
    port: stored.port,
    sslEnable: stored.sslEnable,
    createTime: stored.createdAt,
  };
}

/** Newest first unless the request asks otherwise (accounts are few). */
export const mailAccountPageSort = pageSort({ id: 'id', mail: 'mail', username: 'username', createTime: 'createdAt' }, [{ id: 'desc' }]);

export class MailAccountService {
  constructor(private readonly db: Db) {}

  private scoped(ctx: RequestContext) {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  async create(ctx: RequestContext, input: MailAccountSaveInput): Promise<number> {
    const { id: _id, ...sent } = parseInput(mailAccountSaveSchemas.create, input);
    if (sent.password === MASKED_SECRET) throw refusal(ErrorCatalogue.BAD_REQUEST, 'newAccountPassword');
    const data = parseInput(mailAccountSchema, sent);
    const now = ctx.now();
    const created = await this.scoped(ctx).mailAccount.create({ data: { ...data, tenantId: tenantIdOf(ctx), createdAt: now, updatedAt: now }, select: { id: true } });
    return created.id;
  }

  /** The masked mail and username, and ****** (or the masked password) keep the stored values. */
  async update(ctx: RequestContext, input: MailAccountSaveInput): Promise<void> {
    const { id, mail, username, password, ...fields } = parseInput(mailAccountSaveSchemas.update, input);
    const db = this.scoped(ctx);
    const stored = await db.mailAccount.findFirst({ where: { id }, select: { mail: true, username: true, password: true } });
    if (!stored) throw new ServiceError(ErrorCatalogue.MAIL_ACCOUNT_NOT_FOUND, { accountId: id });
    const data = parseInput(mailAccountSchema, {
      ...fields,
      mail: unmasked(mail, stored.mail, maskMail),
      username: unmasked(username, stored.username, maskMail),
      password: unmasked(password, stored.password, maskKey, [MASKED_SECRET]),
    });
    const { count } = await db.mailAccount.updateMany({ where: { id }, data: { ...data, updatedAt: ctx.now() } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.MAIL_ACCOUNT_NOT_FOUND, { accountId: id });
  }

  /** Refused while a template uses the account (the database restricts it too). */
  async delete(ctx: RequestContext, accountId: number): Promise<void> {
    const id = parseInput(recordIdSchema, accountId);
    const db = this.scoped(ctx);
    const account = await db.mailAccount.findFirst({ where: { id }, select: { mail: true } });
    if (!account) throw new ServiceError(ErrorCatalogue.MAIL_ACCOUNT_NOT_FOUND, { accountId: id });
    const inUse = async () => {
      const templateCount = await db.mailTemplate.count({ where: { accountId: id } });
      return templateCount > 0 ? new ServiceError(ErrorCatalogue.MAIL_ACCOUNT_IN_USE, { mail: maskMail(account.mail), templateCount }) : null;
    };
    const refusal = await inUse();
    if (refusal) throw refusal;
    try {
      await db.mailAccount.deleteMany({ where: { id } });
    } catch (error) {
      // P2003: a template was given the account between the count and the delete.
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') throw (await inUse()) ?? error;
      throw error;
    }
  }

  async get(ctx: RequestContext, accountId: number): Promise<MailAccountRecord> {
    const id = parseInput(recordIdSchema, accountId);
    const stored = await this.scoped(ctx).mailAccount.findFirst({ where: { id } });
    if (!stored) throw new ServiceError(ErrorCatalogue.MAIL_ACCOUNT_NOT_FOUND, { accountId: id });
    return toRecord(stored);
  }

  async page(ctx: RequestContext, page: PageRequest, filter: MailAccountPageFilter = {}): Promise<{ list: MailAccountRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, mailAccountPageSort);
    const { mail, username } = parseInput(mailAccountPageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(mail ? { mail: { contains: mail } } : {}),
      ...(username ? { username: { contains: username } } : {}),
    };
    const db = this.scoped(ctx);
    const [stored, total] = await Promise.all([db.mailAccount.findMany({ where, orderBy, ...window }), db.mailAccount.count({ where })]);
    return { list: stored.map(toRecord), total };
  }

  /** Every account (accounts have no status), for the template form's picker. */
  async simpleList(ctx: RequestContext): Promise<MailAccountRecord[]> {
    const stored = await this.scoped(ctx).mailAccount.findMany({ orderBy: { id: 'asc' } });
    return stored.map(toRecord);
  }
}

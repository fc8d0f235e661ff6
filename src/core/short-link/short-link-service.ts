// Short links of a tenant: a create makes a random code for a target URL; GET /s/{code} (public, see
// src/http/short-link-routes.ts) redirects to it and counts the visit. Codes are unique across tenants,
// so the redirect needs no tenant; everything else is confined to the caller's tenant.
import { type Db, Prisma } from '../db/client';
import { commonStatusSchema, optionalText, parseInput, recordIdSchema } from '../admin/save-shape';
import { ErrorCatalogue } from '../errors/catalogue';
import { refusal } from '../errors/reasons';
import { isServiceError, ServiceError } from '../errors/service-error';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import type { TenantDirectory } from '../tenant/tenant-directory';
import { tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import { randomBase62, SHORT_CODE_PATTERN, withUniqueCode } from './short-code';
import type { ShortLinkGroupService } from './short-link-group-service';
import { fieldText } from '../validation-messages';

export const SHORT_LINK_STATUS = { ENABLED: 0, DISABLED: 1 } as const;

const MAX_URL_LENGTH = 2048;

/**
 * An absolute http(s) URL, stored as the WHATWG parser serializes it: what the redirect answers in
 * Location is then always a valid header value (no raw spaces, control or non-ASCII characters).
 */
const targetUrlSchema = z
  .string()
  .trim()
  .max(MAX_URL_LENGTH)
  .pipe(z.url({ protocol: /^https?$/, error: fieldText('absoluteHttpUrl') }))
  .transform((url) => new URL(url).href)
  .pipe(z.string().max(MAX_URL_LENGTH, fieldText('atMostCharactersEncoded', { maximum: MAX_URL_LENGTH })));

/** SysShortLinkRecordCreateReqVO. */
export const shortLinkCreateSchema = z.object({
  targetUrl: targetUrlSchema,
  groupId: recordIdSchema.nullish(),
  remark: optionalText(500),
  /** Absent or null: the link never expires. */
  expireTime: z.date().nullish(),
});

/** SysShortLinkRecordUpdateReqVO: null clears groupId or remark, leaving one out keeps it. */
export const shortLinkUpdateSchema = z.object({
  id: recordIdSchema,
  remark: optionalText(500),
  groupId: recordIdSchema.nullish(),
});

export const shortLinkStatusSchema = z.object({ id: recordIdSchema, status: commonStatusSchema });

export const shortLinkPageFilterSchema = z.object({
  groupId: recordIdSchema.nullish(),
  /** Exact (codes are random: a part of one finds nothing useful). */
  code: z.string().max(32).nullish(),
  /** Contained in the target URL. */
  targetUrl: z.string().max(MAX_URL_LENGTH).nullish(),
  status: commonStatusSchema.nullish(),
});

export type ShortLinkCreateInput = z.input<typeof shortLinkCreateSchema>;
export type ShortLinkUpdateInput = z.input<typeof shortLinkUpdateSchema>;
export type ShortLinkStatusInput = z.input<typeof shortLinkStatusSchema>;
export type ShortLinkPageFilter = z.input<typeof shortLinkPageFilterSchema>;

export interface ShortLinkView {
  id: number;
  code: string;
  /** `${PUBLIC_BASE_URL}/s/${code}`: what is handed out. */
  shortUrl: string;
  targetUrl: string;
  groupId: number | null;
  groupName: string | null;
  remark: string | null;
  visitCount: number;
  lastVisitTime: Date | null;
  status: number;
  expireTime: Date | null;
  createdAt: Date;
}

const LINK_FIELDS = {
  id: true,
  code: true,
  targetUrl: true,
  groupId: true,
  group: { select: { groupName: true } },
  remark: true,
  visitCount: true,
  lastVisitTime: true,
  status: true,
  expireTime: true,
  createdAt: true,
} as const satisfies Prisma.ShortLinkRecordSelect;

type LinkRow = Prisma.ShortLinkRecordGetPayload<{ select: typeof LINK_FIELDS }>;

export interface ShortLinkServiceOptions {
  db: Db;
  groups: ShortLinkGroupService;
  tenants: TenantDirectory;
  /** Absolute base of the short URLs (config PUBLIC_BASE_URL). */
  publicBaseUrl: string;
  /** Where codes come from; tests force collisions with it. */
  newCode?: () => string;
}

/** Newest first unless the request asks otherwise; by the columns the indexes led by the tenant serve (links grow without bound). */
export const shortLinkPageSort = pageSort({ id: 'id', createTime: 'createdAt' }, [{ id: 'desc' }]);

export class ShortLinkService {
  private readonly db: Db;
  private readonly groups: ShortLinkGroupService;
  private readonly tenants: TenantDirectory;
  private readonly shortUrlBase: string;
  private readonly newCode: () => string;

  constructor(options: ShortLinkServiceOptions) {
    this.db = options.db;
    this.groups = options.groups;
    this.tenants = options.tenants;
    this.shortUrlBase = `${options.publicBaseUrl.replace(/\/+$/, '')}/s/`;
    this.newCode = options.newCode ?? (() => randomBase62());
  }

  private scoped(ctx: RequestContext) {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  private view({ group, ...row }: LinkRow): ShortLinkView {
    return { ...row, shortUrl: this.shortUrlBase + row.code, groupName: group?.groupName ?? null };
  }

  /** A new enabled link with a fresh code; answers it with its short URL. */
  async create(ctx: RequestContext, input: ShortLinkCreateInput): Promise<ShortLinkView> {
    const { groupId, expireTime, ...data } = parseInput(shortLinkCreateSchema, input);
    if (expireTime && expireTime.getTime() <= ctx.clock.now()) {
      throw refusal(ErrorCatalogue.BAD_REQUEST, 'expireTimeInFuture');
    }
    if (groupId != null) await this.groups.assertExists(ctx, groupId);
    const db = this.scoped(ctx);
    const row = await this.groupStillThere(groupId, () =>
      withUniqueCode(this.newCode, (code) =>
        db.shortLinkRecord.create({
          data: {
            ...data,
            code,
            groupId: groupId ?? null,
            expireTime: expireTime ?? null,
            status: SHORT_LINK_STATUS.ENABLED,
            tenantId: tenantIdOf(ctx),
            createdAt: ctx.now(),
            updatedAt: ctx.now(),
          },
          select: LINK_FIELDS,
        }),
      ),
    );
    return this.view(row);
  }

  async update(ctx: RequestContext, input: ShortLinkUpdateInput): Promise<void> {
    const { id, groupId, remark } = parseInput(shortLinkUpdateSchema, input);
    if (groupId != null) await this.groups.assertExists(ctx, groupId);
    const { count } = await this.groupStillThere(groupId, () =>
      this.scoped(ctx).shortLinkRecord.updateMany({ where: { id }, data: { groupId, remark, updatedAt: ctx.now() } }),
    );
    if (count === 0) throw new ServiceError(ErrorCatalogue.SHORT_LINK_NOT_FOUND, { shortLinkId: id });
  }

  /** 0 enabled, 1 disabled: a disabled link answers 404 at /s/{code}. */
  async updateStatus(ctx: RequestContext, input: ShortLinkStatusInput): Promise<void> {
    const { id, status } = parseInput(shortLinkStatusSchema, input);
    const { count } = await this.scoped(ctx).shortLinkRecord.updateMany({ where: { id }, data: { status, updatedAt: ctx.now() } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.SHORT_LINK_NOT_FOUND, { shortLinkId: id });
  }

  async delete(ctx: RequestContext, shortLinkId: number): Promise<void> {
    const { count } = await this.scoped(ctx).shortLinkRecord.deleteMany({ where: { id: shortLinkId } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.SHORT_LINK_NOT_FOUND, { shortLinkId });
  }

  /** A link of the caller's tenant; SHORT_LINK_NOT_FOUND otherwise. */
  async get(ctx: RequestContext, shortLinkId: number): Promise<ShortLinkView> {
    const row = await this.scoped(ctx).shortLinkRecord.findFirst({ where: { id: shortLinkId }, select: LINK_FIELDS });
    if (!row) throw new ServiceError(ErrorCatalogue.SHORT_LINK_NOT_FOUND, { shortLinkId });
    return this.view(row);
  }

  /** Newest first. */
  async page(ctx: RequestContext, page: PageRequest, filter: ShortLinkPageFilter = {}): Promise<{ list: ShortLinkView[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, shortLinkPageSort);
    const { groupId, code, targetUrl, status } = parseInput(shortLinkPageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(groupId != null ? { groupId } : {}),
      ...(code ? { code } : {}),
      ...(targetUrl ? { targetUrl: { contains: targetUrl } } : {}),
      ...(status != null ? { status } : {}),
    };
    const db = this.scoped(ctx);
    const [rows, total] = await Promise.all([
      db.shortLinkRecord.findMany({ where, select: LINK_FIELDS, orderBy, ...window }),
      db.shortLinkRecord.count({ where }),
    ]);
    return { list: rows.map((row) => this.view(row)), total };
  }

  /**
   * The target of an enabled, unexpired link of an active tenant, counting the visit unless
   * `countVisit` is false (a HEAD probe by a link checker is no visit); null for any other code.
   * The count is one `visitCount + 1` in the database, so concurrent visits all count.
   */
  async visit(ctx: RequestContext, code: string, countVisit = true): Promise<string | null> {
    if (!SHORT_CODE_PATTERN.test(code)) return null;
    const link = await this.db.shortLinkRecord.findUnique({
      where: { code },
      select: { id: true, tenantId: true, targetUrl: true, status: true, expireTime: true },
    });
    const now = ctx.clock.now();
    if (!link || link.status !== SHORT_LINK_STATUS.ENABLED || (link.expireTime && link.expireTime.getTime() <= now)) return null;
    try {
      await this.tenants.assertActive(link.tenantId, now);
    } catch (error) {
      if (isServiceError(error)) return null; // a disabled or expired tenant's links are gone for their visitors
      throw error;
    }
    if (countVisit) {
      await this.db.shortLinkRecord.updateMany({ where: { id: link.id }, data: { visitCount: { increment: 1 }, lastVisitTime: ctx.now() } });
    }
    return link.targetUrl;
  }

  /** Runs a write naming `groupId`; the group vanishing after the check (P2003) answers SHORT_LINK_GROUP_NOT_FOUND. */
  private async groupStillThere<T>(groupId: number | null | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (groupId != null && error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2003') {
        throw new ServiceError(ErrorCatalogue.SHORT_LINK_GROUP_NOT_FOUND, { groupId });
      }
      throw error;
    }
  }
}

// In-app messages (written by NotifyTemplateService.send): every message of the tenant for the
// console's message log, and the signed-in administrator's own inbox: their messages, the unread
// count, and marking read. Marking read touches only the caller's own messages: ids of anybody
// else's are ignored, and the answer counts what was marked, so the call reveals nothing about them.
import { parseInput, uniqueIdsSchema } from '../admin/save-shape';
import type { Db, Prisma } from '../db/client';
import { loggedParams } from '../messaging/send-log';
import { type PageQuery, type PageRequest, pageQuery, pageSort } from '../page-query';
import { signInRequired } from '../permission/permission-service';
import { type RequestContext, tenantIdOf, UserType } from '../request-context';
import { tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import { userTypeSchema } from '../messaging/send-log';

export const notifyMessagePageFilterSchema = z.object({
  userId: z.number().int().nullish(),
  userType: userTypeSchema.nullish(),
  templateCode: z.string().max(63).nullish(),
  readStatus: z.boolean().nullish(),
});

export type NotifyMessagePageFilter = z.input<typeof notifyMessagePageFilterSchema>;

/** At most one page of ids per call. */
const markReadIdsSchema = uniqueIdsSchema(100).min(1);

export interface NotifyMessageRecord {
  id: number;
  userId: number;
  userType: number;
  templateId: number;
  templateCode: string;
  templateType: number;
  templateNickname: string;
  templateContent: string;
  templateParams: Record<string, unknown>;
  readStatus: boolean;
  readTime: Date | null;
  createdAt: Date;
}

const MESSAGE_FIELDS = {
  id: true,
  userId: true,
  userType: true,
  templateId: true,
  templateCode: true,
  templateType: true,
  templateNickname: true,
  templateContent: true,
  templateParams: true,
  readStatus: true,
  readTime: true,
  createdAt: true,
} as const;

const toRecord = <T extends { templateParams: unknown }>(row: T) => ({ ...row, templateParams: loggedParams(row.templateParams) });

/** Newest first unless the request asks otherwise; by the columns the indexes led by the tenant serve (messages grow without bound). */
export const notifyMessagePageSort = pageSort({ id: 'id', createTime: 'createdAt' }, [{ id: 'desc' }]);

/** An inbox: newest first, by id only, the order the index of the user's messages (tenantId, userType, userId, id) serves. */
export const myNotifyMessagePageSort = pageSort({ id: 'id' }, [{ id: 'desc' }]);
type NotifyMessageSortColumn = 'id' | 'createdAt';

export class NotifyMessageService {
  constructor(private readonly db: Db) {}

  private scoped(ctx: RequestContext) {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  /** Every message of the tenant, newest first. */
  async page(ctx: RequestContext, page: PageRequest, filter: NotifyMessagePageFilter = {}): Promise<{ list: NotifyMessageRecord[]; total: number }> {
    const query = pageQuery(page, notifyMessagePageSort);
    const { userId, userType, templateCode, readStatus } = parseInput(notifyMessagePageFilterSchema, filter);
    return this.list(ctx, query, {
      ...(userId != null ? { userId } : {}),
      ...(userType != null ? { userType } : {}),
      ...(templateCode ? { templateCode } : {}),
      ...(readStatus != null ? { readStatus } : {}),
    });
  }

  /** The signed-in administrator's messages, newest first. */
  async myPage(ctx: RequestContext, page: PageRequest, filter: { readStatus?: boolean | null } = {}): Promise<{ list: NotifyMessageRecord[]; total: number }> {
    return this.list(ctx, pageQuery(page, myNotifyMessagePageSort), { ...this.mine(ctx), ...(filter.readStatus != null ? { readStatus: filter.readStatus } : {}) });
  }

  myUnreadCount(ctx: RequestContext): Promise<number> {
    return this.scoped(ctx).notifyMessage.count({ where: { ...this.mine(ctx), readStatus: false } });
  }

  /** Marks the caller's own unread messages among `ids` read; answers how many it marked. */
  async markRead(ctx: RequestContext, ids: readonly number[]): Promise<number> {
    const { count } = await this.scoped(ctx).notifyMessage.updateMany({
      where: { ...this.mine(ctx), readStatus: false, id: { in: parseInput(markReadIdsSchema, ids) } },
      data: { readStatus: true, readTime: ctx.now() },
    });
    return count;
  }

  /** Marks every unread message of the caller read; answers how many it marked. */
  async markAllRead(ctx: RequestContext): Promise<number> {
    const { count } = await this.scoped(ctx).notifyMessage.updateMany({ where: { ...this.mine(ctx), readStatus: false }, data: { readStatus: true, readTime: ctx.now() } });
    return count;
  }

  private async list(
    ctx: RequestContext,
    { window, where: pageWhere, orderBy }: PageQuery<NotifyMessageSortColumn, 'createdAt'>,
    filter: Prisma.NotifyMessageWhereInput,
  ): Promise<{ list: NotifyMessageRecord[]; total: number }> {
    const db = this.scoped(ctx);
    const where = { ...pageWhere, ...filter };
    const [rows, total] = await Promise.all([
      db.notifyMessage.findMany({ where, select: MESSAGE_FIELDS, orderBy, ...window }),
      db.notifyMessage.count({ where }),
    ]);
    return { list: rows.map(toRecord), total };
  }

  /** The where condition of the signed-in administrator's own messages. */
  private mine(ctx: RequestContext) {
    if (ctx.actor.kind !== 'admin') throw signInRequired();
    return { userId: ctx.actor.userId, userType: UserType.ADMIN };
  }
}

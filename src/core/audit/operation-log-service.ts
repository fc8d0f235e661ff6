// The operation log: one row per console mutation (written by the GraphQL audit plugin,
// src/graphql/audit/), paged by each tenant's administrators. Rows name their tenant themselves:
// the writer runs for anonymous callers too (a failed login), so it uses the unscoped database.
import { parseInput } from '../admin/save-shape';
import type { Db } from '../db/client';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import { tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';

export interface OperationLogEntry {
  tenantId: number;
  userId: number | null;
  username: string | null;
  operation: string;
  targetId: string | null;
  /** 0 for success, else the numeric service code. */
  resultCode: number;
  resultMsg: string | null;
  durationMs: number;
  ip: string;
  requestId: string;
  createdAt: Date;
}

export interface OperationLogRecord extends Omit<OperationLogEntry, 'tenantId' | 'createdAt'> {
  id: number;
  success: boolean;
  createTime: Date;
}

export const operationLogFilterSchema = z.object({
  userId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullish(),
  operation: z.string().max(100).nullish(),
  success: z.boolean().nullish(),
});

export type OperationLogFilter = z.input<typeof operationLogFilterSchema>;

const MAX_TEXT = 500;
const clip = (text: string | null, max = MAX_TEXT) => (text === null || text.length <= max ? text : `${text.slice(0, max - 1)}…`);


/** Newest first unless the request asks otherwise; by the columns an index led by the tenant serves (the log grows without bound). */
export const operationLogPageSort = pageSort({ id: 'id', createTime: 'createdAt' }, [{ id: 'desc' }]);

export class OperationLogService {
  constructor(private readonly db: Db) {}

  /** Writes the rows of one request. */
  async record(entries: readonly OperationLogEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.db.operationLog.createMany({
      data: entries.map((entry) => ({
        ...entry,
        username: clip(entry.username, 100),
        operation: clip(entry.operation, 100) ?? '',
        targetId: clip(entry.targetId, 100),
        resultMsg: clip(entry.resultMsg),
        ip: clip(entry.ip, 64) ?? '',
        requestId: clip(entry.requestId, 64) ?? '',
      })),
    });
  }

  /** The tenant's rows, newest first, by user, operation (exact), outcome and time range (inclusive). */
  async page(ctx: RequestContext, page: PageRequest, filter: OperationLogFilter = {}): Promise<{ list: OperationLogRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, operationLogPageSort);
    const { userId, operation, success } = parseInput(operationLogFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(userId != null ? { userId } : {}),
      ...(operation ? { operation } : {}),
      ...(success != null ? { resultCode: success ? 0 : { not: 0 } } : {}),
    };
    const db = tenantScopedDb(this.db, tenantIdOf(ctx));
    const [rows, total] = await Promise.all([
      db.operationLog.findMany({ where, orderBy, ...window }),
      db.operationLog.count({ where }),
    ]);
    return {
      list: rows.map(({ tenantId: _tenantId, createdAt, ...row }) => ({ ...row, success: row.resultCode === 0, createTime: createdAt })),
      total,
    };
  }
}

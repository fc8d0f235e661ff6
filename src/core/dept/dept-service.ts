// The department tree of a tenant (DeptSaveReqVO). A department's parent exists in the same tenant
// and is never the department itself or one of its descendants (moves run one at a time per tenant,
// db/tree-moves.ts); a department with children or users is not deleted; its leader is a user of
// the tenant.
import { commonStatusSchema, optionalText, parseInput, recordIdSchema, type SaveShapeInput, saveShapeSchemas } from '../admin/save-shape';
import type { Db } from '../db/client';
import type { TreeMoves } from '../db/tree-moves';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { type RequestContext, tenantIdOf } from '../request-context';
import { type TenantScopedDb, tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';

/** parentId of a top-level department. */
export const ROOT_DEPT_ID = 0;

export const deptSaveSchemas = saveShapeSchemas({
  name: z.string().min(1).max(30),
  parentId: z.union([z.literal(ROOT_DEPT_ID), recordIdSchema]).nullish(),
  sort: z.number().int(),
  leaderUserId: recordIdSchema.nullish(),
  phone: optionalText(11),
  email: z.email().max(50).nullish(),
  status: commonStatusSchema,
});

export type DeptSaveInput = SaveShapeInput<z.input<typeof deptSaveSchemas.create>>;

export const deptFilterSchema = z.object({
  name: z.string().max(30).nullish(),
  status: commonStatusSchema.nullish(),
});

export type DeptFilter = z.input<typeof deptFilterSchema>;

export interface DeptRecord {
  id: number;
  name: string;
  parentId: number;
  sort: number;
  leaderUserId: number | null;
  phone: string | null;
  email: string | null;
  status: number;
  createdAt: Date;
}

export interface DeptTreeNode extends DeptRecord {
  children: DeptTreeNode[];
}

const DEPT_FIELDS = {
  id: true,
  name: true,
  parentId: true,
  sort: true,
  leaderUserId: true,
  phone: true,
  email: true,
  status: true,
  createdAt: true,
} as const satisfies Record<keyof DeptRecord, true>;
const ENABLED = 0;
const DEPT_ORDER = [{ sort: 'asc' as const }, { id: 'asc' as const }];


/** `deptId` and every department below it, from a tenant's (id, parentId) pairs. */
export function deptWithDescendants(depts: readonly { id: number; parentId: number }[], deptId: number): Set<number> {
  const children = new Map<number, number[]>();
  for (const dept of depts) children.set(dept.parentId, [...(children.get(dept.parentId) ?? []), dept.id]);
  const found = new Set<number>([deptId]);
  const pending = [deptId];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    for (const child of children.get(id) ?? []) {
      if (!found.has(child)) {
        found.add(child);
        pending.push(child);
      }
    }
  }
  return found;
}

/**
 * The matching departments as a tree: each hangs under its nearest matching ancestor, or at the
 * top when none matches. `depts` in display order.
 */
export function deptTree(depts: readonly DeptRecord[], matches: (dept: DeptRecord) => boolean): DeptTreeNode[] {
  const byId = new Map(depts.map((dept) => [dept.id, dept]));
  const nodes = new Map<number, DeptTreeNode>();
  for (const dept of depts) if (matches(dept)) nodes.set(dept.id, { ...dept, children: [] });
  const roots: DeptTreeNode[] = [];
  for (const node of nodes.values()) {
    let parent: DeptTreeNode | undefined;
    const seen = new Set([node.id]);
    for (let ancestor = byId.get(node.parentId); ancestor && !seen.has(ancestor.id); ancestor = byId.get(ancestor.parentId)) {
      seen.add(ancestor.id);
      parent = nodes.get(ancestor.id);
      if (parent) break;
    }
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

export class DeptService {
  constructor(
    private readonly db: Db,
    private readonly trees: TreeMoves,
  ) {}

  private scoped(ctx: RequestContext): TenantScopedDb {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  async create(ctx: RequestContext, input: DeptSaveInput): Promise<number> {
    const { id: _id, ...data } = parseInput(deptSaveSchemas.create, input);
    const parentId = data.parentId ?? ROOT_DEPT_ID;
    const db = this.scoped(ctx);
    await this.checkRelations(db, { ...data, parentId });
    const dept = await db.dept.create({ data: { ...data, parentId, tenantId: tenantIdOf(ctx) }, select: { id: true } });
    return dept.id;
  }

  async update(ctx: RequestContext, input: DeptSaveInput): Promise<void> {
    const { id, ...data } = parseInput(deptSaveSchemas.update, input);
    const parentId = data.parentId ?? ROOT_DEPT_ID;
    const tenantId = tenantIdOf(ctx);
    const db = this.scoped(ctx);
    if (!(await db.dept.findFirst({ where: { id }, select: { id: true } }))) throw new ServiceError(ErrorCatalogue.DEPT_NOT_FOUND, { deptId: id });
    await this.checkRelations(db, { ...data, parentId }, id);
    // The move's transaction is not tenant-scoped (it takes a raw lock): its queries name the tenant.
    await this.trees.run({
      tree: 'dept',
      scope: tenantId,
      nodeId: id,
      parentId,
      links: (tx) => tx.dept.findMany({ where: { tenantId }, select: { id: true, parentId: true } }),
      cycle: () => new ServiceError(ErrorCatalogue.DEPT_PARENT_CYCLE, { deptId: id, parentId }),
      write: (tx) => tx.dept.updateMany({ where: { id, tenantId }, data: { ...data, parentId } }),
    });
  }

  async delete(ctx: RequestContext, deptId: number): Promise<void> {
    const db = this.scoped(ctx);
    const dept = await db.dept.findFirst({ where: { id: deptId }, select: { name: true } });
    if (!dept) throw new ServiceError(ErrorCatalogue.DEPT_NOT_FOUND, { deptId });
    if ((await db.dept.count({ where: { parentId: deptId } })) > 0) throw new ServiceError(ErrorCatalogue.DEPT_HAS_CHILDREN, { name: dept.name });
    const userCount = await db.adminUser.count({ where: { deptId } });
    if (userCount > 0) throw new ServiceError(ErrorCatalogue.DEPT_HAS_USERS, { name: dept.name, userCount });
    await db.dept.deleteMany({ where: { id: deptId } });
  }

  /** A department of the caller's tenant; DEPT_NOT_FOUND otherwise. */
  async get(ctx: RequestContext, deptId: number): Promise<DeptRecord> {
    const dept = await this.scoped(ctx).dept.findFirst({ where: { id: deptId }, select: DEPT_FIELDS });
    if (!dept) throw new ServiceError(ErrorCatalogue.DEPT_NOT_FOUND, { deptId });
    return dept;
  }

  /** The tenant's departments matching the filter, as a tree (name: contained, case as stored). */
  /** Every department matching the filters, flat in tree order: a console builds its tree from parentId. */
  list(ctx: RequestContext, filter: DeptFilter = {}): Promise<DeptRecord[]> {
    const { name, status } = parseInput(deptFilterSchema, filter);
    return this.scoped(ctx).dept.findMany({
      where: { ...(name ? { name: { contains: name } } : {}), ...(status != null ? { status } : {}) },
      select: DEPT_FIELDS,
      orderBy: DEPT_ORDER,
    });
  }

  async tree(ctx: RequestContext, filter: DeptFilter = {}): Promise<DeptTreeNode[]> {
    const { name, status } = parseInput(deptFilterSchema, filter);
    const depts = await this.scoped(ctx).dept.findMany({ select: DEPT_FIELDS, orderBy: DEPT_ORDER });
    return deptTree(depts, (dept) => (!name || dept.name.includes(name)) && (status == null || dept.status === status));
  }

  /** Departments by id (one query for all of them); absent ids are missing from the map. */
  async byIds(ctx: RequestContext, deptIds: readonly number[]): Promise<Map<number, DeptRecord>> {
    const depts = await this.scoped(ctx).dept.findMany({ where: { id: { in: [...deptIds] } }, select: DEPT_FIELDS });
    return new Map(depts.map((dept) => [dept.id, dept]));
  }

  /** Enabled departments, flat, for pickers. */
  simpleList(ctx: RequestContext): Promise<DeptRecord[]> {
    return this.scoped(ctx).dept.findMany({ where: { status: ENABLED }, select: DEPT_FIELDS, orderBy: DEPT_ORDER });
  }

  /** Throws unless the department exists in the caller's tenant and is enabled. */
  async assertAssignable(ctx: RequestContext, deptId: number): Promise<void> {
    const dept = await this.scoped(ctx).dept.findFirst({ where: { id: deptId }, select: { name: true, status: true } });
    if (!dept) throw new ServiceError(ErrorCatalogue.DEPT_NOT_FOUND, { deptId });
    if (dept.status !== ENABLED) throw new ServiceError(ErrorCatalogue.DEPT_DISABLED, { name: dept.name });
  }

  private async checkRelations(db: TenantScopedDb, data: { name: string; parentId: number; leaderUserId?: number | null }, deptId?: number): Promise<void> {
    const { name, parentId, leaderUserId } = data;
    if (parentId !== ROOT_DEPT_ID && !(await db.dept.findFirst({ where: { id: parentId }, select: { id: true } }))) {
      throw new ServiceError(ErrorCatalogue.DEPT_PARENT_NOT_FOUND, { parentId });
    }
    const sibling = await db.dept.findFirst({ where: { parentId, name, ...(deptId ? { id: { not: deptId } } : {}) }, select: { id: true } });
    if (sibling) throw new ServiceError(ErrorCatalogue.DEPT_NAME_EXISTS, { name, parentId });
    if (leaderUserId != null && !(await db.adminUser.findFirst({ where: { id: leaderUserId }, select: { id: true } }))) {
      throw new ServiceError(ErrorCatalogue.DEPT_LEADER_NOT_FOUND, { leaderUserId });
    }
  }
}

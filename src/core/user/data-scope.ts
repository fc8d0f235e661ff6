// Data scope: which users an administrator sees in user pages and lists, from the dataScope of each
// enabled role they hold; several roles see the union. (The super administrator sees everyone and
// is answered before this is asked.)
import type { Prisma } from '../db/client';
import { deptWithDescendants } from '../dept/dept-service';

export const DataScope = {
  ALL: 1,
  /** The departments listed in the role's dataScopeDeptIds. */
  CUSTOM_DEPTS: 2,
  OWN_DEPT: 3,
  OWN_DEPT_AND_CHILDREN: 4,
  SELF: 5,
} as const;

export interface DataScopeInput {
  userId: number;
  /** The viewer's own department. */
  deptId: number | null;
  roles: readonly { dataScope: number; dataScopeDeptIds: unknown }[];
  /** The tenant's departments, asked for only when a role needs the tree. */
  depts: () => Promise<readonly { id: number; parentId: number }[]>;
}

/** The where condition of the users the viewer sees: `{}` for all; no role, no user but themselves. */
export async function visibleUsersWhere(input: DataScopeInput): Promise<Prisma.AdminUserWhereInput> {
  const { userId, deptId, roles } = input;
  if (roles.some((role) => role.dataScope === DataScope.ALL)) return {};
  let tree: Promise<readonly { id: number; parentId: number }[]> | undefined;
  const depts = () => (tree ??= input.depts());
  const deptIds = new Set<number>();
  let self = roles.length === 0;
  for (const role of roles) {
    switch (role.dataScope) {
      case DataScope.CUSTOM_DEPTS:
        if (Array.isArray(role.dataScopeDeptIds)) for (const id of role.dataScopeDeptIds) if (typeof id === 'number') deptIds.add(id);
        break;
      case DataScope.OWN_DEPT:
        if (deptId !== null) deptIds.add(deptId);
        break;
      case DataScope.OWN_DEPT_AND_CHILDREN:
        if (deptId !== null) for (const id of deptWithDescendants(await depts(), deptId)) deptIds.add(id);
        break;
      default:
        // SELF, and any value a role should not hold: the narrowest scope.
        self = true;
    }
  }
  const visible: Prisma.AdminUserWhereInput[] = [];
  if (deptIds.size > 0) visible.push({ deptId: { in: [...deptIds] } });
  if (self) visible.push({ id: userId });
  return visible.length === 0 ? { id: { in: [] } } : { OR: visible };
}

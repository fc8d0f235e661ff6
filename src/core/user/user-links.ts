// The roles or posts of a page of users in one joined statement, with one placeholder per distinct
// user: Prisma's nested select reads the links, then the related rows with one IN placeholder per
// link (199 for a page holding 3 distinct roles).
import { type Db, Prisma } from '../db/client';

const LINKS = {
  roles: { link: Prisma.raw('"UserRole"'), target: Prisma.raw('"Role"'), key: Prisma.raw('"roleId"') },
  posts: { link: Prisma.raw('"UserPost"'), target: Prisma.raw('"Post"'), key: Prisma.raw('"postId"') },
} as const;

/**
 * The `columns` of the records linked to each of `userIds` in `tenantId`, ordered by the records'
 * sort then id, each row made a record by `toRecord` as it is read (one object per row). Raw rows:
 * integers may arrive as bigint on SQLite.
 */
export async function linkedToUsers<Linked>(
  db: Db,
  kind: keyof typeof LINKS,
  tenantId: number,
  userIds: readonly number[],
  columns: readonly string[],
  toRecord: (row: Record<string, unknown>) => Linked,
): Promise<Map<number, Linked[]>> {
  const byUser = new Map<number, Linked[]>(userIds.map((id) => [id, []]));
  const distinct = [...new Set(userIds)];
  if (distinct.length === 0) return byUser;
  const { link, target, key } = LINKS[kind];
  const selected = Prisma.raw(columns.map((column) => `t."${column}" AS "${column}"`).join(', '));
  const rows = await db.$queryRaw<Record<string, unknown>[]>`
    SELECT l."userId" AS "linkUserId", ${selected}
    FROM ${link} l JOIN ${target} t ON t."id" = l.${key}
    WHERE l."tenantId" = ${tenantId} AND t."tenantId" = ${tenantId} AND l."userId" IN (${Prisma.join(distinct)})
    ORDER BY t."sort", t."id"`;
  for (const row of rows) byUser.get(Number(row.linkUserId))?.push(toRecord(row));
  return byUser;
}

// Per-request batches of a page of users' relations: one query per relation, whatever the page size.
// A user without roles or posts gets an empty list, never null.
import type { DeptRecord } from '../../core/dept/dept-service';
import type { PostRecord } from '../../core/post/post-service';
import type { UserRoleSummary } from '../../core/user/user-service';
import { defineLoader } from '../loaders';

export const deptById = defineLoader<number, DeptRecord | null>('deptById', async (ids, { core, ctx }) => {
  const depts = await core.depts.byIds(ctx, ids);
  return ids.map((id) => depts.get(id) ?? null);
});

export const rolesOfUser = defineLoader<number, UserRoleSummary[]>('rolesOfUser', async (userIds, { core, ctx }) => {
  const roles = await core.users.rolesOf(ctx, userIds);
  return userIds.map((id) => roles.get(id) ?? []);
});

export const postsOfUser = defineLoader<number, PostRecord[]>('postsOfUser', async (userIds, { core, ctx }) => {
  const posts = await core.posts.ofUsers(ctx, userIds);
  return userIds.map((id) => posts.get(id) ?? []);
});

// Roles of the caller's tenant, their menus and data scope, and the roles of a user. Thin: the rules
// live in RoleService (src/core/permission/role-service.ts).
import { Arg, Authorized, Ctx, FieldResolver, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RoleRecord } from '../../core/permission/role-service';
import type { Page } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import { defineLoader } from '../loaders';
import { RolePageReqVO, RoleSaveReqVO, RoleSimpleView, RoleUpdateStatusReqVO, RoleView, RoleViewPage } from './role.types';

/** The menu ids of each role of a page, in one query. */
const roleMenuIds = defineLoader<number, number[]>('roleMenuIds', async (roleIds, { core, ctx }) => {
  const byRole = await core.roles.menuIdsOfRoles(ctx, roleIds);
  return roleIds.map((id) => byRole.get(id) ?? []);
});

function viewOf(role: RoleRecord): RoleView {
  const { createdAt, ...fields } = role;
  return { ...fields, createTime: createdAt };
}

@Resolver(() => RoleView)
export class RoleResolver {
  @Authorized('system:role:query')
  @Query(() => RoleView, { nullable: true, description: 'A role of the tenant' })
  async role(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<RoleView> {
    return viewOf(await core.roles.get(ctx, id));
  }

  @Authorized('system:role:query')
  @Query(() => RoleViewPage, { nullable: true, description: 'A page of the tenant\'s roles, by sort' })
  async rolePage(@Arg('input', () => RolePageReqVO) input: RolePageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<RoleView>> {
    const page = await core.roles.page(ctx, input);
    return { list: page.list.map(viewOf), total: page.total };
  }

  @Authorized()
  @Query(() => [RoleSimpleView], { nullable: true, description: 'The tenant\'s enabled roles, for pickers' })
  roleSimpleList(@Ctx() { ctx, core }: GraphQLContext): Promise<RoleSimpleView[]> {
    return core.roles.simpleList(ctx);
  }

  @Authorized('system:role:create')
  @Mutation(() => RoleView, { description: 'Creates a custom role; answers it' })
  async createRole(@Arg('input', () => RoleSaveReqVO) input: RoleSaveReqVO, @Ctx() context: GraphQLContext): Promise<RoleView> {
    const { ctx, core } = context;
    return this.role(await core.roles.create(ctx, input), context);
  }

  @Authorized('system:role:update')
  @Mutation(() => RoleView)
  async updateRole(@Arg('input', () => RoleSaveReqVO) input: RoleSaveReqVO, @Ctx() context: GraphQLContext): Promise<RoleView> {
    const { ctx, core } = context;
    await core.roles.update(ctx, input);
    return this.role(savedId(input), context);
  }

  @Authorized('system:role:update-status')
  @Mutation(() => RoleView)
  async updateRoleStatus(@Arg('input', () => RoleUpdateStatusReqVO) input: RoleUpdateStatusReqVO, @Ctx() context: GraphQLContext): Promise<RoleView> {
    const { ctx, core } = context;
    await core.roles.updateStatus(ctx, input);
    return this.role(savedId(input), context);
  }

  @Authorized('system:role:delete')
  @Mutation(() => Boolean, { description: 'Deletes a custom role; its users lose it' })
  async deleteRole(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.roles.delete(ctx, id);
    return true;
  }

  @Authorized('system:role:assign-menu')
  @Mutation(() => Boolean, { description: 'Gives a custom role exactly these menus (within the tenant package)' })
  async assignRoleMenus(
    @Arg('roleId', () => Int64) roleId: number,
    @Arg('menuIds', () => [Int64]) menuIds: number[],
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<boolean> {
    await core.roles.assignMenus(ctx, { roleId, menuIds });
    return true;
  }

  @Authorized('system:role:assign-data-scope')
  @Mutation(() => Boolean, { description: 'Sets a role\'s data scope; dataScopeDeptIds only for dataScope 2' })
  async assignRoleDataScope(
    @Arg('roleId', () => Int64) roleId: number,
    @Arg('dataScope', () => Int) dataScope: number,
    @Arg('dataScopeDeptIds', () => [Int64], { nullable: true }) dataScopeDeptIds: number[] | null,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<boolean> {
    await core.roles.assignDataScope(ctx, { roleId, dataScope, dataScopeDeptIds });
    return true;
  }

  @Authorized('system:user:assign-role')
  @Mutation(() => Boolean, { description: 'Gives a user of the tenant exactly these roles of the tenant' })
  async assignUserRoles(
    @Arg('userId', () => Int64) userId: number,
    @Arg('roleIds', () => [Int64]) roleIds: number[],
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<boolean> {
    await core.roles.assignUserRoles(ctx, { userId, roleIds });
    return true;
  }

  @Authorized('system:user:query')
  @Query(() => [Int64], { nullable: true, description: 'The role ids of a user of the tenant' })
  userRoleIds(@Arg('userId', () => Int64) userId: number, @Ctx() { ctx, core }: GraphQLContext): Promise<number[]> {
    return core.roles.userRoleIds(ctx, userId);
  }

  @FieldResolver(() => [Int64], { description: 'Menus assigned to the role (built-in roles hold their tenant\'s menus instead)' })
  menuIds(@Root() role: RoleView, @Ctx() { loaders }: GraphQLContext): Promise<number[]> {
    return loaders.get(roleMenuIds).load(role.id);
  }
}

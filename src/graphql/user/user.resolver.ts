// Administrators of the caller's tenant (system:user:*), within the caller's data scope for reads,
// and the signed-in administrator's own profile (any signed-in administrator).
import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Authorized, Ctx, FieldResolver, Info, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { DeptRecord } from '../../core/dept/dept-service';
import type { PostRecord } from '../../core/post/post-service';
import type { UserPageRow, UserRecord, UserRoleSummary } from '../../core/user/user-service';
import { CurrentAdminRole } from '../auth/auth.resolver';
import { type Page, splitPageInput } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import { selectedColumns } from '../common/selected-columns';
import type { GraphQLContext } from '../context';
import { DeptView } from '../dept/dept.types';
import { PostView } from '../post/post.types';
import { deptById, postsOfUser, rolesOfUser } from './user.loaders';
import {
  OAuth2UserUpdateReqVO,
  UserProfileUpdatePasswordReqVO,
  UserProfileUpdateReqVO,
  UserSaveReqVO,
  UserUpdatePasswordReqVO,
  UserPageReqVO,
  UserUpdateStatusReqVO,
  UserView,
  UserViewPage,
  userViewColumns,
} from './user.types';

@Resolver(() => UserView)
export class UserResolver {
  @Authorized('system:user:create')
  @Mutation(() => UserView, { description: 'Creates an administrator; answers it. Refused once the tenant has accountCount users' })
  async createUser(@Arg('input', () => UserSaveReqVO) input: UserSaveReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<UserRecord> {
    return core.users.saved(ctx, await core.users.create(ctx, input));
  }

  @Authorized('system:user:update')
  @Mutation(() => UserView, { description: 'Updates an administrator and replaces their posts; the password is kept' })
  async updateUser(@Arg('input', () => UserSaveReqVO) input: UserSaveReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<UserRecord> {
    await core.users.update(ctx, input);
    return core.users.saved(ctx, savedId(input));
  }

  @Authorized('system:user:delete')
  @Mutation(() => Boolean, { description: 'Deletes an administrator (not yourself) and ends their sessions' })
  async deleteUser(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.users.delete(ctx, id);
    return true;
  }

  @Authorized('system:user:update-status')
  @Mutation(() => UserView, { description: 'Enables or disables an administrator; disabling ends their sessions' })
  async updateUserStatus(@Arg('input', () => UserUpdateStatusReqVO) input: UserUpdateStatusReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<UserRecord> {
    await core.users.updateStatus(ctx, input);
    return core.users.saved(ctx, savedId(input));
  }

  @Authorized('system:user:update-password')
  @Mutation(() => Boolean, { description: "Sets an administrator's password and ends their sessions" })
  async updateUserPassword(@Arg('input', () => UserUpdatePasswordReqVO) input: UserUpdatePasswordReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.users.updatePassword(ctx, input);
    return true;
  }

  @Authorized('system:user:query')
  @Query(() => UserView, { nullable: true, description: 'An administrator within your data scope; USER_NOT_FOUND otherwise' })
  user(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<UserRecord> {
    return core.users.get(ctx, id);
  }

  @Authorized('system:user:query')
  @Query(() => UserViewPage, { nullable: true, description: 'Administrators within your data scope, newest first' })
  userPage(
    @Arg('input', () => UserPageReqVO) input: UserPageReqVO,
    @Ctx() { ctx, core }: GraphQLContext,
    @Info() info: GraphQLResolveInfo,
  ): Promise<Page<UserPageRow>> {
    const { page, filter } = splitPageInput(input);
    return core.users.page(ctx, page, filter, selectedColumns(info, ['list'], userViewColumns));
  }

  @Authorized()
  @Query(() => [UserView], { nullable: true, description: 'Enabled administrators within your data scope, for pickers' })
  userSimpleList(@Ctx() { ctx, core }: GraphQLContext): Promise<UserRecord[]> {
    return core.users.simpleList(ctx);
  }

  @Authorized()
  @Query(() => UserView, { nullable: true, description: 'The signed-in administrator' })
  userProfile(@Ctx() { ctx, core }: GraphQLContext): Promise<UserRecord> {
    return core.users.profile(ctx);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'The signed-in administrator changes their own details' })
  async updateUserProfile(@Arg('input', () => UserProfileUpdateReqVO) input: UserProfileUpdateReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.users.updateProfile(ctx, input);
    return true;
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'The signed-in administrator changes their own password (the old one is checked); all their sessions end' })
  async updateUserProfilePassword(
    @Arg('input', () => UserProfileUpdatePasswordReqVO) input: UserProfileUpdatePasswordReqVO,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<boolean> {
    await core.users.updateProfilePassword(ctx, input);
    return true;
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'The signed-in user changes their own details through the OAuth 2.0 user face' })
  async updateOauth2User(@Arg('input', () => OAuth2UserUpdateReqVO) input: OAuth2UserUpdateReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.users.updateProfile(ctx, input);
    return true;
  }

  @FieldResolver(() => DeptView, { nullable: true })
  dept(@Root() user: Pick<UserRecord, 'deptId'>, @Ctx() { loaders }: GraphQLContext): Promise<DeptRecord | null> | null {
    return user.deptId === null ? null : loaders.get(deptById).load(user.deptId);
  }

  @FieldResolver(() => [CurrentAdminRole], { description: 'Every role the user holds' })
  roles(@Root() user: Pick<UserRecord, 'id'>, @Ctx() { loaders }: GraphQLContext): Promise<UserRoleSummary[]> {
    return loaders.get(rolesOfUser).load(user.id);
  }

  @FieldResolver(() => [PostView])
  posts(@Root() user: Pick<UserRecord, 'id'>, @Ctx() { loaders }: GraphQLContext): Promise<PostRecord[]> {
    return loaders.get(postsOfUser).load(user.id);
  }

  @FieldResolver(() => [Int64])
  async postIds(@Root() user: Pick<UserRecord, 'id'>, @Ctx() { loaders }: GraphQLContext): Promise<number[]> {
    return (await loaders.get(postsOfUser).load(user.id)).map((post) => post.id);
  }
}

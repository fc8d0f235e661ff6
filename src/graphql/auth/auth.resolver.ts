// Console sign-in and the signed-in administrator: login and refresh are the only operations of the
// schema open to anonymous callers (PUBLIC_OPERATIONS); logout and me need a signed-in administrator.
import { Arg, Authorized, Ctx, Field, Mutation, ObjectType, Query, Resolver } from 'type-graphql';
import { Int64 } from '../common/scalars';
import type { AdminTokens } from '../../core/admin/admin-auth-service';
import type { MenuTreeRecord } from '../../core/permission/menu-record';
import { labelLanguageOf } from '../../core/language/accept-language';
import { localizedMenuTree } from '../../core/permission/menu-names';
import { tenantIdOf } from '../../core/request-context';
import type { UserRecord } from '../../core/user/user-service';
import type { GraphQLContext } from '../context';
import { MenuTreeView } from '../menu/menu.types';
import { UserView } from '../user/user.types';

@ObjectType({ description: 'A console session: the access token to send as `Authorization: Bearer`, and the refresh token that renews it once' })
export class AuthTokens {
  @Field(() => Int64)
  userId!: number;

  @Field(() => String)
  accessToken!: string;

  @Field(() => String, { description: 'Single use: `refresh` returns a new pair and ends this one' })
  refreshToken!: string;

  @Field(() => Date, { description: 'When the access token expires' })
  expiresTime!: Date;

  @Field(() => Date, { description: 'When the refresh token expires' })
  refreshExpiresTime!: Date;
}

@ObjectType({ description: 'An enabled role of the signed-in administrator' })
export class CurrentAdminRole {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  code!: string;
}

@ObjectType({ description: 'The tenant an administrator is signed in to' })
export class CurrentTenant {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  name!: string;
}

@ObjectType({ description: 'Who is signed in, with the roles, permissions and menu tree the console is built from' })
export class CurrentAdmin {
  @Field(() => UserView)
  user!: UserRecord;

  @Field(() => CurrentTenant, { description: 'The tenant signed in to' })
  tenant!: CurrentTenant;

  @Field(() => [CurrentAdminRole])
  roles!: CurrentAdminRole[];

  @Field(() => [String], { description: 'Button permissions, e.g. system:user:create, sorted' })
  permissions!: string[];

  @Field(() => [MenuTreeView], {
    description: "The directories and menus (never buttons) the administrator may open, with their ancestors; seeded menus named in the request's language (Accept-Language)",
  })
  menus!: MenuTreeRecord[];
}

@Resolver()
export class AuthResolver {
  @Mutation(() => AuthTokens, { description: 'Signs an administrator in to a tenant (by name). Attempts are limited per username and per IP.' })
  login(
    @Arg('username', () => String) username: string,
    @Arg('password', () => String) password: string,
    @Arg('tenant', () => String, { description: 'Tenant name' }) tenant: string,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<AdminTokens> {
    return core.adminAuth.login(ctx, { username, password, tenantName: tenant });
  }

  @Mutation(() => AuthTokens, { description: 'Trades a refresh token for a new session; the old refresh and access tokens stop working' })
  refresh(@Arg('refreshToken', () => String) refreshToken: string, @Ctx() { ctx, core }: GraphQLContext): Promise<AdminTokens> {
    return core.adminAuth.refresh(ctx, refreshToken);
  }

  @Authorized()
  @Mutation(() => Boolean, { description: 'Ends the session of the access token sent: it and its refresh token stop working' })
  logout(@Ctx() { ctx, core, accessToken }: GraphQLContext): Promise<boolean> {
    return accessToken === null ? Promise.resolve(false) : core.adminAuth.logout(ctx, accessToken);
  }

  @Authorized()
  @Query(() => CurrentAdmin, { nullable: true, description: 'The signed-in administrator, roles, permissions and menu tree' })
  async me(@Ctx() { ctx, core, languages }: GraphQLContext): Promise<CurrentAdmin> {
    const access = await core.permissions.authorize(ctx, null);
    // Read afresh rather than from the cached access: UserView carries login time and IP.
    const user = await core.users.profile(ctx);
    const tenant = await core.tenants.identity(tenantIdOf(ctx));
    return { user, tenant, roles: access.roles, permissions: [...access.permissions].sort(), menus: localizedMenuTree(access.menus, labelLanguageOf(languages)) };
  }
}

// Tenants and tenant packages, managed by the system tenant only (TenantService and
// TenantPackageService, src/core/tenant/). A tenant's package resolves through a per-request loader.
import { Arg, Authorized, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { TenantRecord } from '../../core/tenant/tenant-service';
import type { TenantPackageRecord } from '../../core/tenant/tenant-package-service';
import type { Page } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import { defineLoader } from '../loaders';
import {
  TenantPackagePageReqVO,
  TenantPackageSaveReqVO,
  TenantPackageSimpleView,
  TenantPackageView,
  TenantPackageViewPage,
  TenantPageReqVO,
  TenantSaveReqVO,
  TenantSimpleView,
  TenantView,
  TenantViewPage,
} from './tenant.types';

/** The packages of a page of tenants, in one query. */
const tenantPackages = defineLoader<number, TenantPackageSimpleView | null>('tenantPackages', async (packageIds, { core, ctx }) => {
  const byId = new Map((await core.tenantPackages.namesOf(ctx, packageIds)).map((entry) => [entry.id, entry]));
  return packageIds.map((id) => byId.get(id) ?? null);
});

function tenantViewOf(tenant: TenantRecord): TenantView {
  const { createdAt, ...fields } = tenant;
  return { ...fields, createTime: createdAt };
}

function packageViewOf(tenantPackage: TenantPackageRecord): TenantPackageView {
  const { createdAt, ...fields } = tenantPackage;
  return { ...fields, createTime: createdAt };
}

@Resolver(() => TenantView)
export class TenantResolver {
  @Authorized('system:tenant:query')
  @Query(() => TenantView, { nullable: true })
  async tenant(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<TenantView> {
    return tenantViewOf(await core.tenantAdmin.get(ctx, id));
  }

  @Authorized('system:tenant:query')
  @Query(() => TenantViewPage, { nullable: true, description: 'A page of tenants, newest first' })
  async tenantPage(@Arg('input', () => TenantPageReqVO) input: TenantPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<TenantView>> {
    const page = await core.tenantAdmin.page(ctx, input);
    return { list: page.list.map(tenantViewOf), total: page.total };
  }

  @Authorized('system:tenant:query')
  @Query(() => [TenantSimpleView], { nullable: true, description: 'Every tenant\'s id and name, for pickers' })
  tenantSimpleList(@Ctx() { ctx, core }: GraphQLContext): Promise<TenantSimpleView[]> {
    return core.tenantAdmin.simpleList(ctx);
  }

  @Authorized('system:tenant:create')
  @Mutation(() => TenantView, { description: 'Creates a tenant with its administrator (username, password) holding the package\'s menus; answers it' })
  async createTenant(@Arg('input', () => TenantSaveReqVO) input: TenantSaveReqVO, @Ctx() context: GraphQLContext): Promise<TenantView> {
    const { ctx, core } = context;
    return this.tenant(await core.tenantAdmin.create(ctx, input), context);
  }

  @Authorized('system:tenant:update')
  @Mutation(() => TenantView, { description: 'Updates a tenant; username and password are not applied (the administrator is managed as a user)' })
  async updateTenant(@Arg('input', () => TenantSaveReqVO) input: TenantSaveReqVO, @Ctx() context: GraphQLContext): Promise<TenantView> {
    const { ctx, core } = context;
    await core.tenantAdmin.update(ctx, input);
    return this.tenant(savedId(input), context);
  }

  @Authorized('system:tenant:delete')
  @Mutation(() => Boolean, { description: 'Deletes a tenant: its sessions stop working at once' })
  async deleteTenant(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.tenantAdmin.delete(ctx, id);
    return true;
  }

  @FieldResolver(() => TenantPackageSimpleView, { nullable: true, description: 'null for the system tenant' })
  async package(@Root() tenant: TenantView, @Ctx() { loaders }: GraphQLContext): Promise<TenantPackageSimpleView | null> {
    return tenant.packageId === null ? null : loaders.get(tenantPackages).load(tenant.packageId);
  }
}

@Resolver()
export class TenantPackageResolver {
  @Authorized('system:tenant-package:query')
  @Query(() => TenantPackageView, { nullable: true })
  async tenantPackage(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<TenantPackageView> {
    return packageViewOf(await core.tenantPackages.get(ctx, id));
  }

  @Authorized('system:tenant-package:query')
  @Query(() => TenantPackageViewPage, { nullable: true, description: 'A page of tenant packages, newest first' })
  async tenantPackagePage(
    @Arg('input', () => TenantPackagePageReqVO) input: TenantPackagePageReqVO,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<Page<TenantPackageView>> {
    const page = await core.tenantPackages.page(ctx, input);
    return { list: page.list.map(packageViewOf), total: page.total };
  }

  @Authorized()
  @Query(() => [TenantPackageSimpleView], { nullable: true, description: 'Enabled packages, for the tenant form' })
  tenantPackageSimpleList(@Ctx() { ctx, core }: GraphQLContext): Promise<TenantPackageSimpleView[]> {
    return core.tenantPackages.simpleList(ctx);
  }

  @Authorized('system:tenant-package:create')
  @Mutation(() => TenantPackageView, { description: 'Creates a tenant package; answers it' })
  async createTenantPackage(@Arg('input', () => TenantPackageSaveReqVO) input: TenantPackageSaveReqVO, @Ctx() context: GraphQLContext): Promise<TenantPackageView> {
    const { ctx, core } = context;
    return this.tenantPackage(await core.tenantPackages.create(ctx, input), context);
  }

  @Authorized('system:tenant-package:update')
  @Mutation(() => TenantPackageView, { description: 'Updates a package; the administrator role of each of its tenants takes its menus' })
  async updateTenantPackage(@Arg('input', () => TenantPackageSaveReqVO) input: TenantPackageSaveReqVO, @Ctx() context: GraphQLContext): Promise<TenantPackageView> {
    const { ctx, core } = context;
    await core.tenantPackages.update(ctx, input);
    return this.tenantPackage(savedId(input), context);
  }

  @Authorized('system:tenant-package:delete')
  @Mutation(() => Boolean, { description: 'Deletes a package no tenant uses' })
  async deleteTenantPackage(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.tenantPackages.delete(ctx, id);
    return true;
  }
}

import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { tenantPackagePageSort } from '../../core/tenant/tenant-package-service';
import { tenantPageSort } from '../../core/tenant/tenant-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

@InputType('TenantSaveReqVO', { description: 'A tenant to create (no id) or update (id required)' })
export class TenantSaveReqVO {
  @Field(() => Int64, { nullable: true, description: 'Omitted on create, required on update' })
  id?: number | null;

  @Field(() => String, { description: 'Unique, at most 30 characters' })
  name!: string;

  @Field(() => String)
  contactName!: string;

  @Field(() => String, { nullable: true })
  contactMobile?: string | null;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => String, { nullable: true })
  website?: string | null;

  @Field(() => Int64, { description: 'An enabled tenant package' })
  packageId!: number;

  @Field(() => DateTime, { description: 'The tenant cannot be used from this time on' })
  expireTime!: Date;

  @Field(() => Int, { description: 'How many users the tenant may have, its administrator included' })
  accountCount!: number;

  @Field(() => String, { nullable: true, description: 'The administrator created with the tenant: 4 to 30 letters or digits; required on create, omitted (and ignored) on update' })
  username?: string | null;

  @Field(() => String, { nullable: true, description: 'The administrator\'s password; required on create, omitted (and ignored) on update' })
  password?: string | null;
}

@InputType('TenantPageReqVO', { description: 'A page of tenants: pageNo from 1, pageSize 1..100, optional filters' })
export class TenantPageReqVO extends PageParamSortedBy('TenantSortField', tenantPageSort) {
  @Field(() => String, { nullable: true, description: 'Part of the name' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Part of the contact name' })
  contactName?: string | null;

  @Field(() => String, { nullable: true, description: 'Part of the contact mobile' })
  contactMobile?: string | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;

  @Field(() => Int64, { nullable: true })
  packageId?: number | null;
}

@ObjectType('TenantPackageSimpleView', { description: 'A tenant package\'s id and name' })
export class TenantPackageSimpleView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  name!: string;
}

@ObjectType('TenantView', { description: 'A tenant' })
export class TenantView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => Int64, { nullable: true, description: 'The administrator created with the tenant' })
  contactUserId!: number | null;

  @Field(() => String)
  contactName!: string;

  @Field(() => String, { nullable: true })
  contactMobile!: string | null;

  @Field(() => Int)
  status!: number;

  @Field(() => String, { nullable: true })
  website!: string | null;

  @Field(() => Int64, { nullable: true, description: 'null for the system tenant, which holds every menu' })
  packageId!: number | null;

  @Field(() => DateTime)
  expireTime!: Date;

  @Field(() => Int)
  accountCount!: number;

  @Field(() => DateTime)
  createTime!: Date;
}

export const TenantViewPage = PageOf(TenantView);

@ObjectType('TenantSimpleView')
export class TenantSimpleView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  name!: string;
}

@InputType('TenantPackageSaveReqVO', { description: 'A tenant package to create (no id) or update (id required)' })
export class TenantPackageSaveReqVO {
  @Field(() => Int64, { nullable: true, description: 'Omitted on create, required on update' })
  id?: number | null;

  @Field(() => String, { description: 'Unique, at most 30 characters' })
  name!: string;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => String, { nullable: true })
  remark?: string | null;

  @Field(() => [Int64], { description: 'Stored menus, no repeats; the administrator role of every tenant of the package holds exactly these' })
  menuIds!: number[];
}

@InputType('TenantPackagePageReqVO', { description: 'A page of tenant packages: pageNo from 1, pageSize 1..100, optional filters' })
export class TenantPackagePageReqVO extends PageParamSortedBy('TenantPackageSortField', tenantPackagePageSort) {
  @Field(() => String, { nullable: true, description: 'Part of the name' })
  name?: string | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;
}

@ObjectType('TenantPackageView', { description: 'A tenant package: the menus its tenants\' roles may hold' })
export class TenantPackageView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => Int)
  status!: number;

  @Field(() => String, { nullable: true })
  remark!: string | null;

  @Field(() => [Int64])
  menuIds!: number[];

  @Field(() => DateTime)
  createTime!: Date;
}

export const TenantPackageViewPage = PageOf(TenantPackageView);

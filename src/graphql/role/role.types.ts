import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { DateTime, Int64 } from '../common/scalars';
import { rolePageSort } from '../../core/permission/role-service';
import { PageOf, PageParamSortedBy } from '../common/page';

@InputType('RoleSaveReqVO', { description: 'A role to create (no id) or update (id required)' })
export class RoleSaveReqVO {
  @Field(() => Int64, { nullable: true, description: 'Omitted on create, required on update' })
  id?: number | null;

  @Field(() => String, { description: 'At most 30 characters' })
  name!: string;

  @Field(() => String, { description: 'Unique in the tenant, at most 100 characters; built-in roles keep theirs' })
  code!: string;

  @Field(() => Int)
  sort!: number;

  @Field(() => String, { nullable: true })
  remark?: string | null;
}

@InputType('RoleUpdateStatusReqVO')
export class RoleUpdateStatusReqVO {
  @Field(() => Int64)
  id!: number;

  @Field(() => Int, { description: '0 enabled, 1 disabled (built-in roles stay enabled)' })
  status!: number;
}

@InputType('RolePageReqVO', { description: 'A page of roles: pageNo from 1, pageSize 1..100, optional filters' })
export class RolePageReqVO extends PageParamSortedBy('RoleSortField', rolePageSort) {
  @Field(() => String, { nullable: true, description: 'Part of the name' })
  name?: string | null;

  @Field(() => String, { nullable: true, description: 'Part of the code' })
  code?: string | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;
}

@ObjectType('RoleView', { description: 'A role of the tenant' })
export class RoleView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  code!: string;

  @Field(() => Int)
  sort!: number;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => Int, { description: '1 built in (protected), 2 custom' })
  type!: number;

  @Field(() => Int, { description: '1 all, 2 custom departments, 3 own department, 4 own department and children, 5 self' })
  dataScope!: number;

  @Field(() => [Int64], { description: 'Departments of data scope 2' })
  dataScopeDeptIds!: number[];

  @Field(() => String, { nullable: true })
  remark!: string | null;

  @Field(() => DateTime)
  createTime!: Date;
}

export const RoleViewPage = PageOf(RoleView);

@ObjectType('RoleSimpleView', { description: 'An enabled role, for pickers' })
export class RoleSimpleView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  code!: string;
}

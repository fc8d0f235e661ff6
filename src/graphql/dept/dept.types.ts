import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { DeptTreeNode } from '../../core/dept/dept-service';
import { DateTime, Int64 } from '../common/scalars';

@InputType('DeptSaveReqVO', { description: 'A department: id omitted on create, required on update' })
export class DeptSaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, { description: 'At most 30 characters; unique among its siblings' })
  name!: string;

  @Field(() => Int64, { nullable: true, description: 'The parent department; 0 or omitted for a top-level one' })
  parentId?: number | null;

  @Field(() => Int)
  sort!: number;

  @Field(() => Int64, { nullable: true, description: 'A user of the tenant' })
  leaderUserId?: number | null;

  @Field(() => String, { nullable: true, description: 'At most 11 characters' })
  phone?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 50 characters' })
  email?: string | null;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;
}

@ObjectType('DeptView', { description: 'A department of the tenant' })
export class DeptView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => Int64, { description: '0 for a top-level department' })
  parentId!: number;

  @Field(() => Int)
  sort!: number;

  @Field(() => Int64, { nullable: true })
  leaderUserId!: number | null;

  @Field(() => String, { nullable: true })
  phone!: string | null;

  @Field(() => String, { nullable: true })
  email!: string | null;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;
}

@ObjectType('DeptTreeNode', { description: 'A department with the departments below it' })
export class DeptTreeNodeView extends DeptView {
  @Field(() => [DeptTreeNodeView])
  children!: DeptTreeNode[];
}

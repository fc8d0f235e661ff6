import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { postPageSort } from '../../core/post/post-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

@InputType('PostSaveReqVO', { description: 'A job post: id omitted on create, required on update' })
export class PostSaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, { description: 'At most 50 characters' })
  name!: string;

  @Field(() => String, { description: 'Unique in the tenant; at most 64 characters' })
  code!: string;

  @Field(() => Int)
  sort!: number;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => String, { nullable: true })
  remark?: string | null;
}

@InputType('PostPageReqVO', { description: 'A page of posts: pageNo from 1, pageSize 1..100, optional filters (name and code match when contained)' })
export class PostPageReqVO extends PageParamSortedBy('PostSortField', postPageSort) {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  code?: string | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;
}

@ObjectType('PostView', { description: 'A job post of the tenant' })
export class PostView {
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

  @Field(() => String, { nullable: true })
  remark!: string | null;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;
}

export const PostViewPage = PageOf(PostView);

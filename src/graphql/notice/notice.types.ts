import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { noticePageSort } from '../../core/notice/notice-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

@InputType('NoticeSaveReqVO', { description: 'A notice of the tenant: id omitted on create, required on update. Title and content must carry no sensitive word' })
export class NoticeSaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, { description: 'At most 50 characters' })
  title!: string;

  @Field(() => Int, { description: '1 notice, 2 announcement' })
  type!: number;

  @Field(() => String, { description: 'Rich text; at most 65535 characters' })
  content!: string;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;
}

@InputType('NoticePageReqVO', { description: 'A page of notices, newest first: title matches when contained' })
export class NoticePageReqVO extends PageParamSortedBy('NoticeSortField', noticePageSort) {
  @Field(() => String, { nullable: true })
  title?: string | null;

  @Field(() => Int, { nullable: true, description: '1 notice, 2 announcement' })
  type?: number | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;
}

@ObjectType('NoticeView', { description: 'A notice or announcement of the tenant' })
export class NoticeView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  title!: string;

  @Field(() => Int, { description: '1 notice, 2 announcement' })
  type!: number;

  @Field(() => String)
  content!: string;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;

  @Field(() => DateTime, { name: 'updateTime' })
  updatedAt!: Date;
}

export const NoticeViewPage = PageOf(NoticeView);

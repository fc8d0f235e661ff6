import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { shortLinkGroupPageSort } from '../../core/short-link/short-link-group-service';
import { shortLinkPageSort } from '../../core/short-link/short-link-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

@InputType('SysShortLinkGroupSaveReqVO', { description: 'A short-link group: id omitted on create, required on update' })
export class SysShortLinkGroupSaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, { description: 'At most 64 characters' })
  groupName!: string;

  @Field(() => String, {
    nullable: true,
    description: 'Unique in the tenant; letters, digits, _ . -, at most 64 characters. Generated when left out on create, kept when left out on update',
  })
  groupCode?: string | null;

  @Field(() => Int, { nullable: true, description: 'Smaller comes first; 0..999999, 0 when left out on create' })
  sort?: number | null;

  @Field(() => String, { nullable: true, description: 'At most 255 characters' })
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 500 characters' })
  remark?: string | null;
}

@InputType('SysShortLinkGroupPageReqVO', { description: 'A page of short-link groups: pageNo from 1, pageSize 1..100, optional filters' })
export class SysShortLinkGroupPageReqVO extends PageParamSortedBy('ShortLinkGroupSortField', shortLinkGroupPageSort) {
  @Field(() => String, { nullable: true, description: 'Part of the name' })
  groupName?: string | null;

  @Field(() => String, { nullable: true, description: 'Part of the code' })
  groupCode?: string | null;
}

@ObjectType('ShortLinkGroupView', { description: 'A short-link group of the tenant' })
export class ShortLinkGroupView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  groupName!: string;

  @Field(() => String)
  groupCode!: string;

  @Field(() => Int)
  sort!: number;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true })
  remark!: string | null;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;
}

export const ShortLinkGroupViewPage = PageOf(ShortLinkGroupView);

@InputType('SysShortLinkRecordCreateReqVO', { description: 'A new short link: the server makes its code' })
export class SysShortLinkRecordCreateReqVO {
  @Field(() => String, { description: 'Absolute http or https URL, at most 2048 characters' })
  targetUrl!: string;

  @Field(() => Int64, { nullable: true, description: 'A group of the tenant' })
  groupId?: number | null;

  @Field(() => String, { nullable: true, description: 'At most 500 characters' })
  remark?: string | null;

  @Field(() => DateTime, { nullable: true, description: 'In the future; left out: the link never expires' })
  expireTime?: Date | null;
}

@InputType('SysShortLinkRecordUpdateReqVO', { description: 'The editable fields of a short link: null clears remark or groupId, leaving one out keeps it' })
export class SysShortLinkRecordUpdateReqVO {
  @Field(() => Int64)
  id!: number;

  @Field(() => String, { nullable: true, description: 'At most 500 characters' })
  remark?: string | null;

  @Field(() => Int64, { nullable: true, description: 'A group of the tenant; null: no group' })
  groupId?: number | null;
}

@InputType('SysShortLinkRecordUpdateStatusReqVO')
export class SysShortLinkRecordUpdateStatusReqVO {
  @Field(() => Int64)
  id!: number;

  @Field(() => Int, { description: '0 enabled, 1 disabled (GET /s/{code} answers 404)' })
  status!: number;
}

@InputType('SysShortLinkRecordPageReqVO', { description: 'A page of short links, newest first: pageNo from 1, pageSize 1..100, optional filters' })
export class SysShortLinkRecordPageReqVO extends PageParamSortedBy('ShortLinkSortField', shortLinkPageSort) {
  @Field(() => Int64, { nullable: true })
  groupId?: number | null;

  @Field(() => String, { nullable: true, description: 'The exact code' })
  code?: string | null;

  @Field(() => String, { nullable: true, description: 'Part of the target URL' })
  targetUrl?: string | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;
}

@ObjectType('ShortLinkRecordView', { description: 'A short link of the tenant' })
export class ShortLinkRecordView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String, { description: 'Base62, unique across tenants' })
  code!: string;

  @Field(() => String, { description: 'PUBLIC_BASE_URL/s/code: the link to hand out' })
  shortUrl!: string;

  @Field(() => String)
  targetUrl!: string;

  @Field(() => Int64, { nullable: true })
  groupId!: number | null;

  @Field(() => String, { nullable: true })
  groupName!: string | null;

  @Field(() => String, { nullable: true })
  remark!: string | null;

  @Field(() => Int, { description: 'Redirects served' })
  visitCount!: number;

  @Field(() => DateTime, { nullable: true })
  lastVisitTime!: Date | null;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => DateTime, { nullable: true, description: 'null: never expires' })
  expireTime!: Date | null;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;
}

export const ShortLinkRecordViewPage = PageOf(ShortLinkRecordView);

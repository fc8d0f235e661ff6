import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { supportInfoPageSort } from '../../core/content/support-info-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

@InputType('SupportInfoSaveReqVO', { description: 'A help-center article: id omitted on create, required on update; title and content must carry no sensitive words' })
export class SupportInfoSaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, { description: 'Unique in the tenant; 1..64 letters, digits, - or _' })
  uuidCode!: string;

  @Field(() => String, { description: '1..200 characters (surrounding blanks dropped)' })
  title!: string;

  @Field(() => String, { description: '1..100000 characters' })
  content!: string;

  @Field(() => Int64, { description: 'A classification of the tenant in the same language' })
  classifyId!: number;

  @Field(() => String, { nullable: true, description: "When given, must equal the classification's uuidCode; answered from the classification" })
  classifyUuid?: string | null;

  @Field(() => String, { description: "Language tag such as en, pt or zh-CN; the classification's language" })
  language!: string;

  @Field(() => String, { nullable: true, description: 'Cover image URL, at most 512 characters; omitted on update keeps the stored value' })
  coverImg?: string | null;

  @Field(() => Int, { description: '21 PC, 31 APP' })
  terminalType!: number;

  @Field(() => Int, { nullable: true, description: 'Ascending; default 0; omitted on update keeps the stored value' })
  sort?: number | null;

  @Field(() => Int, { description: '0 normal, 1 closed' })
  status!: number;

  @Field(() => Boolean)
  hot!: boolean;
}

@InputType('SupportInfoPageReqVO', { description: 'A page of support infos: pageNo from 1, pageSize 1..100, optional filters (title matches when contained)' })
export class SupportInfoPageReqVO extends PageParamSortedBy('SupportInfoSortField', supportInfoPageSort) {
  @Field(() => String, { nullable: true })
  title?: string | null;

  @Field(() => Int64, { nullable: true })
  classifyId?: number | null;

  @Field(() => String, { nullable: true })
  language?: string | null;

  @Field(() => Int, { nullable: true })
  terminalType?: number | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;

  @Field(() => Boolean, { nullable: true })
  hot?: boolean | null;
}

@ObjectType('SupportInfoView', { description: 'A help-center article of the tenant' })
export class SupportInfoView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  uuidCode!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  content!: string;

  @Field(() => Int64)
  classifyId!: number;

  @Field(() => String, { description: "The classification's uuidCode" })
  classifyUuid!: string;

  @Field(() => String)
  language!: string;

  @Field(() => String, { nullable: true })
  coverImg!: string | null;

  @Field(() => Int, { description: '21 PC, 31 APP' })
  terminalType!: number;

  @Field(() => Int)
  sort!: number;

  @Field(() => Int, { description: '0 normal, 1 closed' })
  status!: number;

  @Field(() => Boolean)
  hot!: boolean;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;

  @Field(() => DateTime, { name: 'updateTime' })
  updatedAt!: Date;
}

export const SupportInfoViewPage = PageOf(SupportInfoView);

import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { informationPageSort } from '../../core/content/information-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

@InputType('InformationSaveReqVO', {
  description: 'An announcement or information article: id omitted on create, required on update; title, summary and content must carry no sensitive words',
})
export class InformationSaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'Unique in the tenant; 1..64 letters, digits, - or _. Empty or omitted: a generated UUID on create, the stored code on update',
  })
  uuidCode?: string | null;

  @Field(() => String, { description: '1..200 characters (surrounding blanks dropped)' })
  title!: string;

  @Field(() => String, { description: '1..500 characters' })
  summary!: string;

  @Field(() => String, { description: '1..100000 characters' })
  content!: string;

  @Field(() => Int64, { description: 'Zero or more' })
  topicType!: number;

  @Field(() => String, { description: 'Language tag such as en, pt or zh-CN (at most 10 characters)' })
  language!: string;

  @Field(() => String, { nullable: true, description: 'Cover image URL, at most 512 characters; omitted on update keeps the stored value' })
  coverImg?: string | null;

  @Field(() => Int, { description: '1 announcement, 2 information' })
  businessType!: number;

  @Field(() => Int, { description: '1 PC, 2 APP' })
  terminalType!: number;

  @Field(() => Int, { nullable: true, description: 'Ascending; default 0; omitted on update keeps the stored value' })
  sort?: number | null;

  @Field(() => Boolean, { description: 'true = shown' })
  status!: boolean;

  @Field(() => Boolean)
  recommend!: boolean;
}

@InputType('InformationPageReqVO', { description: 'A page of information: pageNo from 1, pageSize 1..100, optional filters (title matches when contained)' })
export class InformationPageReqVO extends PageParamSortedBy('InformationSortField', informationPageSort) {
  @Field(() => String, { nullable: true })
  title?: string | null;

  @Field(() => String, { nullable: true })
  language?: string | null;

  @Field(() => Int64, { nullable: true })
  topicType?: number | null;

  @Field(() => Int, { nullable: true })
  businessType?: number | null;

  @Field(() => Int, { nullable: true })
  terminalType?: number | null;

  @Field(() => Boolean, { nullable: true })
  status?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  recommend?: boolean | null;
}

@ObjectType('InformationView', { description: 'An announcement or information article of the tenant' })
export class InformationView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  uuidCode!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  summary!: string;

  @Field(() => String)
  content!: string;

  @Field(() => Int64)
  topicType!: number;

  @Field(() => String)
  language!: string;

  @Field(() => String, { nullable: true })
  coverImg!: string | null;

  @Field(() => Int, { description: '1 announcement, 2 information' })
  businessType!: number;

  @Field(() => Int, { description: '1 PC, 2 APP' })
  terminalType!: number;

  @Field(() => Int)
  sort!: number;

  @Field(() => Boolean, { description: 'true = shown' })
  status!: boolean;

  @Field(() => Boolean)
  recommend!: boolean;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;

  @Field(() => DateTime, { name: 'updateTime' })
  updatedAt!: Date;
}

export const InformationViewPage = PageOf(InformationView);

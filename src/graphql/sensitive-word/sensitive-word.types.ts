import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { sensitiveWordPageSort } from '../../core/sensitive-word/sensitive-word-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

@InputType('SensitiveWordSaveVO', { description: 'A sensitive word of the tenant: id omitted on create, required on update' })
export class SensitiveWordSaveVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, { description: 'The word; unique in the tenant, matched case-insensitively; at most 255 characters' })
  name!: string;

  @Field(() => [String], { description: '1..20 tags of at most 50 characters (repeats are dropped)' })
  tags!: string[];

  @Field(() => Int, { description: '0 enabled, 1 disabled (disabled words never match)' })
  status!: number;

  @Field(() => String, { nullable: true, description: 'At most 512 characters' })
  description?: string | null;
}

@InputType('SensitiveWordPageReqVO', { description: 'A page of sensitive words: name matches when contained, tag is one of the word\'s tags' })
export class SensitiveWordPageReqVO extends PageParamSortedBy('SensitiveWordSortField', sensitiveWordPageSort) {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  tag?: string | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;
}

@ObjectType('SensitiveWordView', { description: 'A sensitive word of the tenant' })
export class SensitiveWordView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => [String])
  tags!: string[];

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;
}

export const SensitiveWordViewPage = PageOf(SensitiveWordView);

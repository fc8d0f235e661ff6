import { Field, InputType, Int, ObjectType } from 'type-graphql';
import type { ClassifyTreeNode } from '../../core/content/classify-service';
import { classifyPageSort } from '../../core/content/classify-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

@InputType('CommonClassifySaveReqVO', { description: 'A help-center classification: id omitted on create, required on update' })
export class CommonClassifySaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, { description: 'Unique in the tenant; 1..64 letters, digits, - or _' })
  uuidCode!: string;

  @Field(() => String, { description: '1..100 characters (surrounding blanks dropped)' })
  className!: string;

  @Field(() => Int64, { description: '0 for a top-level classification; else a classification of the same positionType and language, not itself or one below it' })
  parentId!: number;

  @Field(() => Int, { description: '1 help center' })
  positionType!: number;

  @Field(() => Boolean, { nullable: true, description: 'Default false; omitted on update keeps the stored value' })
  isHot?: boolean | null;

  @Field(() => String, { description: 'Language tag such as en, pt or zh-CN (at most 10 characters)' })
  language!: string;

  @Field(() => Int)
  sort!: number;

  @Field(() => Int, { description: '0 normal, 1 disabled' })
  status!: number;
}

@InputType('CommonClassifyPageReqVO', { description: 'A page of classifications: pageNo from 1, pageSize 1..100, optional filters (className matches when contained)' })
export class CommonClassifyPageReqVO extends PageParamSortedBy('CommonClassifySortField', classifyPageSort) {
  @Field(() => String, { nullable: true })
  className?: string | null;

  @Field(() => String, { nullable: true })
  language?: string | null;

  @Field(() => Int, { nullable: true })
  positionType?: number | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;

  @Field(() => Int64, { nullable: true, description: '0 for top-level classifications' })
  parentId?: number | null;
}

@ObjectType('CommonClassifyView', { description: 'A help-center classification of the tenant' })
export class CommonClassifyView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  uuidCode!: string;

  @Field(() => String)
  className!: string;

  @Field(() => Int64, { description: '0 for a top-level classification' })
  parentId!: number;

  @Field(() => Int, { description: '1 help center' })
  positionType!: number;

  @Field(() => Boolean)
  isHot!: boolean;

  @Field(() => String)
  language!: string;

  @Field(() => Int)
  sort!: number;

  @Field(() => Int, { description: '0 normal, 1 disabled' })
  status!: number;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;

  @Field(() => DateTime, { name: 'updateTime' })
  updatedAt!: Date;
}

@ObjectType('CommonClassifyTreeNode', { description: 'A classification with the classifications below it, in (sort, id) order' })
export class CommonClassifyTreeNodeView extends CommonClassifyView {
  @Field(() => [CommonClassifyTreeNodeView])
  children!: ClassifyTreeNode[];
}

export const CommonClassifyViewPage = PageOf(CommonClassifyView);

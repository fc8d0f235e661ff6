import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { dictDataPageSort, dictTypePageSort } from '../../core/dict/dict-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

@InputType('DictTypeSaveReqVO', { description: 'A dictionary type: id omitted on create, required on update' })
export class DictTypeSaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, { description: 'At most 100 characters' })
  name!: string;

  @Field(() => String, { description: 'Unique key the data refer to; at most 100 characters. Renaming it renames the data\'s dictType too' })
  type!: string;

  @Field(() => Int, { description: '0 enabled, 1 disabled (data of a disabled type are left out of dictDataSimpleList)' })
  status!: number;

  @Field(() => String, { nullable: true, description: 'At most 500 characters' })
  remark?: string | null;
}

@InputType('DictDataSaveReqVO', { description: 'A dictionary entry: id omitted on create, required on update' })
export class DictDataSaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => Int, { description: 'Ascending display order' })
  sort!: number;

  @Field(() => String, { description: 'At most 100 characters' })
  label!: string;

  @Field(() => String, { description: 'Unique within the type; at most 100 characters' })
  value!: string;

  @Field(() => String, { description: 'The `type` of an existing dictionary type' })
  dictType!: string;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => String, { nullable: true, description: 'One of default, primary, success, info, warning, danger' })
  colorType?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 100 characters' })
  cssClass?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 500 characters' })
  remark?: string | null;
}

@InputType('DictTypePageReqVO', { description: 'A page of dictionary types: name and type match when contained' })
export class DictTypePageReqVO extends PageParamSortedBy('DictTypeSortField', dictTypePageSort) {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  type?: string | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;
}

@InputType('DictDataPageReqVO', { description: 'A page of dictionary data: dictType matches exactly, label when contained' })
export class DictDataPageReqVO extends PageParamSortedBy('DictDataSortField', dictDataPageSort) {
  @Field(() => String, { nullable: true })
  dictType?: string | null;

  @Field(() => String, { nullable: true })
  label?: string | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;
}

@ObjectType('DictTypeView', { description: 'A dictionary type' })
export class DictTypeView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  type!: string;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => String, { nullable: true })
  remark!: string | null;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;
}

@ObjectType('DictDataView', { description: 'A dictionary entry' })
export class DictDataView {
  @Field(() => Int64)
  id!: number;

  @Field(() => Int)
  sort!: number;

  @Field(() => String)
  label!: string;

  @Field(() => String)
  value!: string;

  @Field(() => String)
  dictType!: string;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => String, { nullable: true })
  colorType!: string | null;

  @Field(() => String, { nullable: true })
  cssClass!: string | null;

  @Field(() => String, { nullable: true })
  remark!: string | null;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;
}

export const DictTypeViewPage = PageOf(DictTypeView);
export const DictDataViewPage = PageOf(DictDataView);

import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { protocolStatementPageSort } from '../../core/content/protocol-statement-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

const POSITION_TYPES = '1 login page, 2 register page, 3 settlement page, 4 bag-submission page, 5 logistics route, 6 about the app, 7 goods detail';

@InputType('ProtocolStatementSaveReqVO', {
  description: 'A protocol statement shown on a page of the apps: id omitted on create, required on update; title and content must carry no sensitive words',
})
export class ProtocolStatementSaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, {
    nullable: true,
    description: 'Unique in the tenant; 1..64 letters, digits, - or _. Empty or omitted: a generated UUID on create, the stored code on update',
  })
  uuidCode?: string | null;

  @Field(() => String, { description: '1..200 characters (surrounding blanks dropped)' })
  title!: string;

  @Field(() => String, { description: '1..100000 characters' })
  content!: string;

  @Field(() => Int, { description: POSITION_TYPES })
  positionType!: number;

  @Field(() => String, { description: 'Language tag such as en, pt or zh-CN (at most 10 characters)' })
  language!: string;

  @Field(() => Int, { nullable: true, description: 'Ascending; default 0; omitted on update keeps the stored value' })
  sort?: number | null;

  @Field(() => Boolean, { description: 'true = shown' })
  status!: boolean;
}

@InputType('ProtocolStatementPageReqVO', { description: 'A page of protocol statements: pageNo from 1, pageSize 1..100, optional filters (title matches when contained)' })
export class ProtocolStatementPageReqVO extends PageParamSortedBy('ProtocolStatementSortField', protocolStatementPageSort) {
  @Field(() => String, { nullable: true })
  title?: string | null;

  @Field(() => Int, { nullable: true })
  positionType?: number | null;

  @Field(() => String, { nullable: true })
  language?: string | null;

  @Field(() => Boolean, { nullable: true })
  status?: boolean | null;
}

@ObjectType('ProtocolStatementView', { description: 'A protocol statement of the tenant' })
export class ProtocolStatementView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  uuidCode!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  content!: string;

  @Field(() => Int, { description: POSITION_TYPES })
  positionType!: number;

  @Field(() => String)
  language!: string;

  @Field(() => Int)
  sort!: number;

  @Field(() => Boolean, { description: 'true = shown' })
  status!: boolean;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;

  @Field(() => DateTime, { name: 'updateTime' })
  updatedAt!: Date;
}

export const ProtocolStatementViewPage = PageOf(ProtocolStatementView);

import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { socialClientPageSort } from '../../core/social/social-client-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

@InputType('SocialClientSaveReqVO', { description: "A tenant's app on a social platform, one per social type and user type" })
export class SocialClientSaveReqVO {
  @Field(() => Int64, { nullable: true, description: 'Omitted on create, required on update' })
  id?: number | null;

  @Field(() => String)
  name!: string;

  @Field(() => Int, { description: 'Social platform code' })
  socialType!: number;

  @Field(() => Int, { description: '1 member, 2 admin' })
  userType!: number;

  @Field(() => String)
  clientId!: string;

  @Field(() => String, { description: 'On update, ****** keeps the stored secret' })
  clientSecret!: string;

  @Field(() => String)
  agentId!: string;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;
}

@InputType('SocialClientPageReqVO', { description: 'A page of social clients by name (substring), social type, user type and status' })
export class SocialClientPageReqVO extends PageParamSortedBy('SocialClientSortField', socialClientPageSort) {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => Int, { nullable: true })
  socialType?: number | null;

  @Field(() => Int, { nullable: true })
  userType?: number | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;
}

@ObjectType({ description: 'A social platform app; the client secret is shown as ******' })
export class SocialClient {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => Int)
  socialType!: number;

  @Field(() => Int)
  userType!: number;

  @Field(() => String)
  clientId!: string;

  @Field(() => String, { description: 'Always ******' })
  clientSecret!: string;

  @Field(() => String)
  agentId!: string;

  @Field(() => Int)
  status!: number;

  @Field(() => DateTime)
  createTime!: Date;

  @Field(() => DateTime)
  updateTime!: Date;
}

export const SocialClientPage = PageOf(SocialClient);

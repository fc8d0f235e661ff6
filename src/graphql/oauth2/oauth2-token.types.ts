import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { tokenRecordPageSort } from '../../core/oauth2/token-record-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

@ObjectType({ description: 'An issued access token (interface.md 2.2)' })
export class OAuth2AccessTokenRecord {
  @Field(() => Int64)
  id!: number;

  @Field(() => String, { description: 'Masked (abc****xyz): tells tokens apart, never usable; revoke by id' })
  accessToken!: string;

  @Field(() => String, { description: 'Masked like accessToken; empty for tokens issued without one (client credentials)' })
  refreshToken!: string;

  @Field(() => Int64)
  userId!: number;

  @Field(() => Int, { description: '1 member, 2 admin, 3 open-api client' })
  userType!: number;

  @Field(() => DateTime)
  expiresTime!: Date;

  @Field(() => String)
  clientId!: string;

  @Field(() => DateTime)
  createTime!: Date;
}

export const OAuth2AccessTokenRecordPage = PageOf(OAuth2AccessTokenRecord);

@InputType('OAuth2AccessTokenPageReqVO', { description: "A page of the tenant's access tokens by client, user type and user" })
export class OAuth2AccessTokenPageReqVO extends PageParamSortedBy('OAuth2AccessTokenSortField', tokenRecordPageSort) {
  @Field(() => String, { nullable: true })
  clientId?: string | null;

  @Field(() => Int, { nullable: true })
  userType?: number | null;

  @Field(() => Int64, { nullable: true })
  userId?: number | null;
}

// OAuth 2.0 clients in the console: the save shape of interface.md 2.4 and the views. The secret is
// never read back: views show ******, and only the create answer carries the plain secret.
import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { oauth2ClientPageSort } from '../../core/oauth2/oauth2-client-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

@InputType('OAuth2ClientSaveReqVO', { description: 'An OAuth 2.0 client; the partner fields configure open-platform partners' })
export class OAuth2ClientSaveReqVO {
  @Field(() => Int64, { nullable: true, description: 'Omitted on create, required on update' })
  id?: number;

  @Field(() => String)
  clientId!: string;

  @Field(() => String, { description: 'On update, ****** keeps the stored secret' })
  secret!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  logo!: string;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => Int, { description: 'Seconds' })
  accessTokenValiditySeconds!: number;

  @Field(() => Int, { description: 'Seconds' })
  refreshTokenValiditySeconds!: number;

  @Field(() => [String])
  redirectUris!: string[];

  @Field(() => [String], { description: 'client_credentials, password, authorization_code, implicit, refresh_token' })
  authorizedGrantTypes!: string[];

  @Field(() => [String], { nullable: true })
  scopes?: string[] | null;

  @Field(() => [String], { nullable: true })
  autoApproveScopes?: string[] | null;

  @Field(() => [String], { nullable: true })
  authorities?: string[] | null;

  @Field(() => [String], { nullable: true })
  resourceIds?: string[] | null;

  @Field(() => String, { nullable: true, description: 'A JSON object' })
  additionalInformation?: string | null;

  @Field(() => String, { nullable: true, description: 'Open-platform partner display name' })
  partnerName?: string | null;

  @Field(() => String, { nullable: true })
  partnerContact?: string | null;

  @Field(() => String, { nullable: true, description: 'Comma-separated IPs and CIDRs; empty means no restriction' })
  ipWhitelist?: string | null;

  @Field(() => Int, { nullable: true, description: 'Requests per second; 0 means no limit' })
  rateLimitQps?: number | null;

  @Field(() => Int64, { nullable: true, description: "The tenant whose members the partner serves (bindings are made in it only); default: the system tenant; omitted on update keeps it" })
  tenantId?: number | null;

  @Field(() => Boolean, { nullable: true })
  additionalInformationJson?: boolean | null;
}

@InputType('OAuth2ClientPageReqVO', { description: 'A page of clients by name and clientId (substrings) and status' })
export class OAuth2ClientPageReqVO extends PageParamSortedBy('OAuth2ClientSortField', oauth2ClientPageSort) {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  clientId?: string | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;
}

@ObjectType({ description: 'An OAuth 2.0 client; the secret is shown as ******' })
export class OAuth2Client {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  clientId!: string;

  @Field(() => String, { description: 'Always ******' })
  secret!: string;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  logo!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => Int)
  status!: number;

  @Field(() => Int)
  accessTokenValiditySeconds!: number;

  @Field(() => Int)
  refreshTokenValiditySeconds!: number;

  @Field(() => [String])
  redirectUris!: string[];

  @Field(() => [String])
  authorizedGrantTypes!: string[];

  @Field(() => [String])
  scopes!: string[];

  @Field(() => [String])
  autoApproveScopes!: string[];

  @Field(() => [String])
  authorities!: string[];

  @Field(() => [String])
  resourceIds!: string[];

  @Field(() => String, { nullable: true })
  additionalInformation!: string | null;

  @Field(() => String, { nullable: true })
  partnerName!: string | null;

  @Field(() => String, { nullable: true })
  partnerContact!: string | null;

  @Field(() => String)
  ipWhitelist!: string;

  @Field(() => Int)
  rateLimitQps!: number;

  @Field(() => Int64, { description: 'The tenant whose members the partner serves' })
  tenantId!: number;

  @Field(() => DateTime)
  createTime!: Date;

  @Field(() => DateTime)
  updateTime!: Date;
}

export const OAuth2ClientPage = PageOf(OAuth2Client);

@ObjectType({ description: 'A new client, with its secret: the only time the secret is shown' })
export class OAuth2ClientCreated {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  clientId!: string;

  @Field(() => String)
  secret!: string;
}

@ObjectType({ description: 'An enabled client, for pickers' })
export class OAuth2ClientSimple {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  clientId!: string;

  @Field(() => String)
  name!: string;
}

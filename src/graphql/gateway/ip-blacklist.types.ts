import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { ipBlacklistPageSort } from '../../core/gateway/ip-blacklist-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

@InputType('GatewayIpBlacklistSaveReqVO', { description: 'A blacklisted address or network: id omitted on create, required on update' })
export class GatewayIpBlacklistSaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, { description: 'An IPv4 or IPv6 address, or a CIDR (203.0.113.0/24, 2001:db8::/32); at most 64 characters; stored in canonical form' })
  ip!: string;

  @Field(() => String, { nullable: true, description: 'EXACT or CIDR; inferred from ip when empty, and must agree with it when given' })
  ipType?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 255 characters; null clears it, left out on update keeps it' })
  reason?: string | null;

  @Field(() => DateTime, { nullable: true, description: 'Empty (null or left out): permanent. On create it must lie in the future' })
  expireTime?: Date | null;

  @Field(() => String, { nullable: true, description: 'MANUAL, ALERT or JOB; MANUAL when empty on create, kept when empty on update' })
  source?: string | null;

  @Field(() => Int, { nullable: true, description: '1 enabled, 0 disabled; 1 when empty on create, kept when empty on update' })
  status?: number | null;
}

@InputType('GatewayIpBlacklistRenewReqVO', { description: 'A new expiry: expireTime or extendMinutes (one of them), or permanent' })
export class GatewayIpBlacklistRenewReqVO {
  @Field(() => Int64)
  id!: number;

  @Field(() => DateTime, { nullable: true, description: 'The new expiry, in the future' })
  expireTime?: Date | null;

  @Field(() => Int, { nullable: true, description: 'Minutes (> 0) added to the current expiry while it lies in the future, else to now' })
  extendMinutes?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'true: the entry never expires; expireTime and extendMinutes are ignored' })
  permanent?: boolean | null;
}

@InputType('GatewayIpBlacklistPageReqVO', { description: 'A page of blacklist entries, newest first: pageNo from 1, pageSize 1..100, optional filters' })
export class GatewayIpBlacklistPageReqVO extends PageParamSortedBy('GatewayIpBlacklistSortField', ipBlacklistPageSort) {
  @Field(() => String, { nullable: true, description: 'Part of the (canonical) ip' })
  ip?: string | null;

  @Field(() => String, { nullable: true, description: 'EXACT or CIDR' })
  ipType?: string | null;

  @Field(() => String, { nullable: true, description: 'MANUAL, ALERT or JOB' })
  source?: string | null;

  @Field(() => Int, { nullable: true, description: '1 enabled, 0 disabled' })
  status?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'true: only expired entries; false: permanent or not yet expired' })
  expired?: boolean | null;
}

@ObjectType('GatewayIpBlacklistView', { description: 'A gateway IP blacklist entry (platform-wide)' })
export class GatewayIpBlacklistView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String, { description: 'Canonical form' })
  ip!: string;

  @Field(() => String, { description: 'EXACT or CIDR' })
  ipType!: string;

  @Field(() => String, { nullable: true })
  reason!: string | null;

  @Field(() => DateTime, { nullable: true, description: 'null: permanent' })
  expireTime!: Date | null;

  @Field(() => Boolean, { description: 'Past its expireTime: no longer matching' })
  expired!: boolean;

  @Field(() => String, { description: 'MANUAL, ALERT or JOB' })
  source!: string;

  @Field(() => Int, { description: '1 enabled, 0 disabled' })
  status!: number;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;

  @Field(() => DateTime, { name: 'updateTime' })
  updatedAt!: Date;
}

export const GatewayIpBlacklistViewPage = PageOf(GatewayIpBlacklistView);

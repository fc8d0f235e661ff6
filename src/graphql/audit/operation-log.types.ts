import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { operationLogPageSort } from '../../core/audit/operation-log-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

@ObjectType({ description: 'One console mutation: who, what, when, and how it ended' })
export class OperationLog {
  @Field(() => Int64)
  id!: number;

  @Field(() => Int64, { nullable: true, description: 'null when nobody was signed in (a failed sign-in)' })
  userId!: number | null;

  @Field(() => String, { nullable: true, description: 'The signed-in administrator, or the username a sign-in attempted' })
  username!: string | null;

  @Field(() => String, { description: 'The mutation field, e.g. createSocialClient' })
  operation!: string;

  @Field(() => String, { nullable: true, description: 'The record acted on, when the mutation names or answers one' })
  targetId!: string | null;

  @Field(() => Boolean)
  success!: boolean;

  @Field(() => Int, { description: '0 for success, else the numeric error code' })
  resultCode!: number;

  @Field(() => String, { nullable: true, description: 'The error message of a failed mutation' })
  resultMsg!: string | null;

  @Field(() => Int, { description: 'Milliseconds' })
  durationMs!: number;

  @Field(() => String)
  ip!: string;

  @Field(() => String)
  requestId!: string;

  @Field(() => DateTime)
  createTime!: Date;
}

export const OperationLogPage = PageOf(OperationLog);

@InputType('OperationLogPageReqVO', { description: "A page of the tenant's operation log, newest first" })
export class OperationLogPageReqVO extends PageParamSortedBy('OperationLogSortField', operationLogPageSort) {
  @Field(() => Int64, { nullable: true })
  userId?: number | null;

  @Field(() => String, { nullable: true, description: 'The mutation field name, exactly' })
  operation?: string | null;

  @Field(() => Boolean, { nullable: true })
  success?: boolean | null;
}

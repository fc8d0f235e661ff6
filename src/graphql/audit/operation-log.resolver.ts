import { Arg, Authorized, Ctx, Query, Resolver } from 'type-graphql';
import type { OperationLogRecord } from '../../core/audit/operation-log-service';
import { type Page, splitPageInput } from '../common/page';
import type { GraphQLContext } from '../context';
import { OperationLogPage, OperationLogPageReqVO } from './operation-log.types';

@Resolver()
export class OperationLogResolver {
  @Authorized('system:operate-log:query')
  @Query(() => OperationLogPage, { nullable: true, description: "The tenant's operation log (one row per console mutation), newest first" })
  operationLogPage(@Arg('input', () => OperationLogPageReqVO) input: OperationLogPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<OperationLogRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.operationLogs.page(ctx, page, filter);
  }
}
